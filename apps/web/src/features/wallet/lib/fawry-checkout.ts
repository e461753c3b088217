/**
 * Fawry's pop-up checkout (spec §7: "a charge request for a pop-up checkout script"). The
 * provider's script is loaded only when a student chooses Fawry, from its live or its staging
 * host, once per page; the signed charge request comes from our server as it is.
 */
const FAWRY_HOSTS = {
  live: 'https://www.atfawry.com',
  staging: 'https://atfawry.fawrystaging.com',
} as const;
const ASSETS = '/atfawry/plugin/assets/payments';

/** The part of Fawry's script we call. */
export interface FawryPay {
  checkout(
    chargeRequest: Record<string, unknown>,
    configuration: {
      locale: 'ar' | 'en';
      mode: string;
      onSuccess?: (data: unknown) => void;
      onFailure?: (data: unknown) => void;
    },
  ): void;
}

interface FawryWindow {
  FawryPay?: FawryPay;
  DISPLAY_MODE?: { POPUP?: string };
}

const loads = new Map<string, Promise<FawryPay>>();

/**
 * The address of Fawry's checkout script on its live or staging host.
 * @example fawryScriptUrl(true) // 'https://atfawry.fawrystaging.com/atfawry/plugin/assets/payments/js/fawrypay-payments.js'
 */
export function fawryScriptUrl(staging: boolean): string {
  return `${staging ? FAWRY_HOSTS.staging : FAWRY_HOSTS.live}${ASSETS}/js/fawrypay-payments.js`;
}

function fawryStyleUrl(staging: boolean): string {
  return `${staging ? FAWRY_HOSTS.staging : FAWRY_HOSTS.live}${ASSETS}/css/fawrypay-payments.css`;
}

/**
 * Loads Fawry's script (and its style sheet) into the page once; a failed load is forgotten,
 * so choosing Fawry again tries again.
 * @example const fawry = await loadFawryPay(false)
 */
export function loadFawryPay(staging: boolean): Promise<FawryPay> {
  const src = fawryScriptUrl(staging);
  const known = loads.get(src);
  if (known) return known;
  const load = new Promise<FawryPay>((resolve, reject) => {
    const style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = fawryStyleUrl(staging);
    document.head.append(style);
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const fawry = (window as FawryWindow).FawryPay;
      if (fawry) resolve(fawry);
      else reject(new Error('FawryPay missing after its script loaded'));
    };
    script.onerror = () => reject(new Error(`could not load ${src}`));
    document.head.append(script);
  });
  loads.set(src, load);
  load.catch(() => loads.delete(src));
  return load;
}

/**
 * Opens Fawry's pop-up with the charge request our server signed (Arabic, pop-up mode).
 * @example await openFawryCheckout(chargeRequest, { staging: false, onSuccess: done, onFailure: failed })
 */
export async function openFawryCheckout(
  chargeRequest: Record<string, unknown>,
  {
    staging,
    onSuccess,
    onFailure,
  }: { staging: boolean; onSuccess: () => void; onFailure: () => void },
): Promise<void> {
  const fawry = await loadFawryPay(staging);
  fawry.checkout(chargeRequest, {
    locale: 'ar',
    mode: (window as FawryWindow).DISPLAY_MODE?.POPUP ?? 'POPUP',
    onSuccess,
    onFailure,
  });
}
