import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('the payment gateways in the configuration', () => {
  it('has none by default, and the sandbox on its automatic setting', () => {
    expect(loadConfig({}).payments).toEqual({
      sandbox: 'auto',
      paymob: null,
      fawry: null,
      fawryStaging: null,
      kashier: null,
    });
  });

  it('reads each provider with its credentials, Paymob with the variants it can take', () => {
    const { payments } = loadConfig({
      PAYMENTS_SANDBOX: 'off',
      PAYMOB_API_KEY: 'key',
      PAYMOB_HMAC_SECRET: 'secret',
      PAYMOB_IFRAME_ID: '11',
      PAYMOB_CARD_INTEGRATION_ID: '101',
      PAYMOB_KIOSK_INTEGRATION_ID: '103',
      FAWRY_STAGING_MERCHANT_CODE: 'code',
      FAWRY_STAGING_SECURE_KEY: 'fkey',
      KASHIER_MERCHANT_ID: 'MID-1-2',
      KASHIER_API_KEY: 'kkey',
    });
    expect(payments).toEqual({
      sandbox: 'off',
      paymob: {
        baseUrl: 'https://accept.paymob.com',
        apiKey: 'key',
        hmacSecret: 'secret',
        integrations: { card: 101, kiosk: 103 },
        iframeId: 11,
        installmentIframeId: 11,
      },
      fawry: null,
      fawryStaging: { merchantCode: 'code', secureKey: 'fkey' },
      kashier: { merchantId: 'MID-1-2', apiKey: 'kkey', mode: 'live' },
    });
  });

  it('stops at start when a provider is half configured or a value is wrong', () => {
    expect(() => loadConfig({ PAYMOB_API_KEY: 'key-without-secret' })).toThrow(
      /PAYMOB_HMAC_SECRET is required with PAYMOB_API_KEY/,
    );
    expect(() => loadConfig({ FAWRY_SECURE_KEY: 'key' })).toThrow(
      /FAWRY_MERCHANT_CODE is required with FAWRY_SECURE_KEY/,
    );
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'yes' })).toThrow(/PAYMENTS_SANDBOX/);
    expect(() => loadConfig({ PAYMOB_CARD_INTEGRATION_ID: 'card' })).toThrow(
      /PAYMOB_CARD_INTEGRATION_ID/,
    );
    expect(() => loadConfig({ KASHIER_MODE: 'prod' })).toThrow(/KASHIER_MODE/);
  });

  it('treats empty values as unset', () => {
    expect(
      loadConfig({ PAYMENTS_SANDBOX: '', PAYMOB_API_KEY: '', KASHIER_MODE: '' }).payments,
    ).toMatchObject({ sandbox: 'auto', paymob: null });
  });
});
