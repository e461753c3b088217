import { describe, expect, it } from 'vitest';
import { RECHARGE_METHODS } from '@dars/contract';
import { isGateway, needsAmount, offeredMethods } from './recharge-methods';

describe('offeredMethods', () => {
  it('offers every supported method on the web, in the settings order, once each', () => {
    expect(
      offeredMethods(['kashier', 'recharge_card', 'kashier', 'fawry'], { isNative: false }),
    ).toEqual({ methods: ['kashier', 'recharge_card', 'fawry'], webWallet: false });
  });

  it('hides every online gateway on native apps and offers the web wallet instead', () => {
    expect(offeredMethods(RECHARGE_METHODS, { isNative: true })).toEqual({
      methods: ['recharge_card', 'mobile_wallets'],
      webWallet: true,
    });
  });

  it('offers no web wallet on native apps when no gateway is configured', () => {
    expect(offeredMethods(['recharge_card'], { isNative: true })).toEqual({
      methods: ['recharge_card'],
      webWallet: false,
    });
  });
});

describe('isGateway and needsAmount', () => {
  it('counts all but the card and the mobile wallet as gateways', () => {
    expect(RECHARGE_METHODS.filter(isGateway)).toEqual([
      'paymob_card',
      'paymob_wallet',
      'paymob_kiosk',
      'paymob_installment',
      'fawry',
      'fawry_staging',
      'kashier',
    ]);
  });

  it('needs an amount for every method but the recharge card', () => {
    expect(RECHARGE_METHODS.filter((m) => !needsAmount(m))).toEqual(['recharge_card']);
    expect(needsAmount(null)).toBe(true);
  });
});
