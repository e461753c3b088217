import { afterEach, describe, expect, it, vi } from 'vitest';
import { fawryScriptUrl, openFawryCheckout, type FawryPay } from './fawry-checkout';

function fawryScripts(): HTMLScriptElement[] {
  return Array.from(document.head.querySelectorAll<HTMLScriptElement>('script[src*="fawry"]'));
}

afterEach(() => {
  for (const node of document.head.querySelectorAll('[src*="fawry"], [href*="fawry"]'))
    node.remove();
  delete (window as { FawryPay?: FawryPay }).FawryPay;
});

describe('openFawryCheckout', () => {
  it('loads the staging script only when asked, then opens the pop-up in Arabic', async () => {
    expect(fawryScripts()).toHaveLength(0);
    const checkout = vi.fn();
    const onSuccess = vi.fn();
    const opening = openFawryCheckout(
      { merchantRefNum: 'R1' },
      { staging: true, onSuccess, onFailure: vi.fn() },
    );
    const [script] = fawryScripts();
    expect(script?.src).toBe(fawryScriptUrl(true));
    expect(script?.src).toContain('atfawry.fawrystaging.com');
    (window as { FawryPay?: FawryPay }).FawryPay = { checkout };
    script!.dispatchEvent(new Event('load'));
    await opening;
    expect(checkout).toHaveBeenCalledWith(
      { merchantRefNum: 'R1' },
      expect.objectContaining({ locale: 'ar', mode: 'POPUP', onSuccess }),
    );
  });

  it('fails when the script cannot load, and tries again on the next choice', async () => {
    const first = openFawryCheckout({}, { staging: false, onSuccess: vi.fn(), onFailure: vi.fn() });
    expect(fawryScripts()[0]?.src).toBe(
      'https://www.atfawry.com/atfawry/plugin/assets/payments/js/fawrypay-payments.js',
    );
    fawryScripts()[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow();

    const checkout = vi.fn();
    const second = openFawryCheckout(
      {},
      { staging: false, onSuccess: vi.fn(), onFailure: vi.fn() },
    );
    (window as { FawryPay?: FawryPay }).FawryPay = { checkout };
    fawryScripts().at(-1)!.dispatchEvent(new Event('load'));
    await second;
    expect(checkout).toHaveBeenCalledOnce();
  });
});
