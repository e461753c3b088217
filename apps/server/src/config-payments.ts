import { z } from 'zod';

// The payment gateways' credentials (docs/decisions/019-payment-gateways.md). A provider with
// none is not offered; one with half of them stops the server at start with a readable message.

const optionalText = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().optional(),
);
const optionalId = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.coerce.number().int().positive().optional(),
);

/** The environment variables of the gateways, spread into config.ts's schema. */
export const paymentsEnv = {
  /** `on` / `off`; unset: on outside production, or on the demo's database (ADR 019). */
  PAYMENTS_SANDBOX: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['on', 'off'], { error: 'PAYMENTS_SANDBOX must be on or off' }).optional(),
  ),
  PAYMOB_BASE_URL: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(
        /^https?:\/\/[^/]+$/,
        'PAYMOB_BASE_URL must be an origin like https://accept.paymob.com',
      )
      .default('https://accept.paymob.com'),
  ),
  PAYMOB_API_KEY: optionalText,
  PAYMOB_HMAC_SECRET: optionalText,
  PAYMOB_IFRAME_ID: optionalId,
  PAYMOB_INSTALLMENT_IFRAME_ID: optionalId,
  PAYMOB_CARD_INTEGRATION_ID: optionalId,
  PAYMOB_WALLET_INTEGRATION_ID: optionalId,
  PAYMOB_KIOSK_INTEGRATION_ID: optionalId,
  PAYMOB_INSTALLMENT_INTEGRATION_ID: optionalId,
  FAWRY_MERCHANT_CODE: optionalText,
  FAWRY_SECURE_KEY: optionalText,
  FAWRY_STAGING_MERCHANT_CODE: optionalText,
  FAWRY_STAGING_SECURE_KEY: optionalText,
  KASHIER_MERCHANT_ID: optionalText,
  KASHIER_API_KEY: optionalText,
  KASHIER_MODE: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['test', 'live'], { error: 'KASHIER_MODE must be test or live' }).default('live'),
  ),
};

type PaymentsEnv = z.output<z.ZodObject<typeof paymentsEnv>>;

export type PaymobVariant = 'card' | 'wallet' | 'kiosk' | 'installment';

export type PaymobConfig = {
  baseUrl: string;
  apiKey: string;
  hmacSecret: string;
  /** Each variant is offered when its integration (and, for an iframe, the iframe) is set. */
  integrations: Partial<Record<PaymobVariant, number>>;
  iframeId: number | null;
  installmentIframeId: number | null;
};
export type FawryConfig = { merchantCode: string; secureKey: string };
export type KashierConfig = { merchantId: string; apiKey: string; mode: 'test' | 'live' };

export type PaymentsConfig = {
  /** `auto` when PAYMENTS_SANDBOX is unset. */
  sandbox: 'on' | 'off' | 'auto';
  paymob: PaymobConfig | null;
  fawry: FawryConfig | null;
  fawryStaging: FawryConfig | null;
  kashier: KashierConfig | null;
};

/** Names of variables set without their partner, e.g. an API key without its secret. */
export function halfConfigured(e: PaymentsEnv): string[] {
  const pairs: [keyof PaymentsEnv, keyof PaymentsEnv][] = [
    ['PAYMOB_API_KEY', 'PAYMOB_HMAC_SECRET'],
    ['FAWRY_MERCHANT_CODE', 'FAWRY_SECURE_KEY'],
    ['FAWRY_STAGING_MERCHANT_CODE', 'FAWRY_STAGING_SECURE_KEY'],
    ['KASHIER_MERCHANT_ID', 'KASHIER_API_KEY'],
  ];
  return pairs.flatMap(([a, b]) =>
    (e[a] === undefined) !== (e[b] === undefined)
      ? [`${e[a] === undefined ? a : b} is required with ${e[a] === undefined ? b : a}`]
      : [],
  );
}

/**
 * The gateways' part of the configuration from the parsed environment.
 * @example readPaymentsConfig(env).paymob?.integrations.card // 4097558
 */
export function readPaymentsConfig(e: PaymentsEnv): PaymentsConfig {
  const fawry = (merchantCode?: string, secureKey?: string): FawryConfig | null =>
    merchantCode && secureKey ? { merchantCode, secureKey } : null;
  const integrations: PaymobConfig['integrations'] = {
    card: e.PAYMOB_CARD_INTEGRATION_ID,
    wallet: e.PAYMOB_WALLET_INTEGRATION_ID,
    kiosk: e.PAYMOB_KIOSK_INTEGRATION_ID,
    installment: e.PAYMOB_INSTALLMENT_INTEGRATION_ID,
  };
  for (const variant of Object.keys(integrations) as PaymobVariant[])
    if (integrations[variant] === undefined) delete integrations[variant];
  return {
    sandbox: e.PAYMENTS_SANDBOX ?? 'auto',
    paymob:
      e.PAYMOB_API_KEY && e.PAYMOB_HMAC_SECRET
        ? {
            baseUrl: e.PAYMOB_BASE_URL,
            apiKey: e.PAYMOB_API_KEY,
            hmacSecret: e.PAYMOB_HMAC_SECRET,
            integrations,
            iframeId: e.PAYMOB_IFRAME_ID ?? null,
            installmentIframeId: e.PAYMOB_INSTALLMENT_IFRAME_ID ?? e.PAYMOB_IFRAME_ID ?? null,
          }
        : null,
    fawry: fawry(e.FAWRY_MERCHANT_CODE, e.FAWRY_SECURE_KEY),
    fawryStaging: fawry(e.FAWRY_STAGING_MERCHANT_CODE, e.FAWRY_STAGING_SECURE_KEY),
    kashier:
      e.KASHIER_MERCHANT_ID && e.KASHIER_API_KEY
        ? { merchantId: e.KASHIER_MERCHANT_ID, apiKey: e.KASHIER_API_KEY, mode: e.KASHIER_MODE }
        : null,
  };
}
