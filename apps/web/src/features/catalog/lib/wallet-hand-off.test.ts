import { describe, expect, it } from 'vitest';
import { walletHandOffQuery, walletHandOffToken } from './wallet-hand-off';

const phone = { phoneOrTablet: true, walletEnabled: true };

describe('walletHandOffToken', () => {
  it('reverses tk back into the bearer token', () => {
    expect(walletHandOffToken('?tk=4321fedcba&from=app&to=w', phone)).toBe('abcdef1234');
  });

  it('needs from=app and to=w', () => {
    expect(walletHandOffToken('?tk=cba', phone)).toBeNull();
    expect(walletHandOffToken('?tk=cba&from=app', phone)).toBeNull();
    expect(walletHandOffToken('?tk=cba&from=web&to=w', phone)).toBeNull();
    expect(walletHandOffToken('?tk=cba&from=app&to=x', phone)).toBeNull();
  });

  it('ignores an empty tk', () => {
    expect(walletHandOffToken('?tk=&from=app&to=w', phone)).toBeNull();
  });

  it('works only on phone or tablet browsers', () => {
    expect(
      walletHandOffToken('?tk=cba&from=app&to=w', { ...phone, phoneOrTablet: false }),
    ).toBeNull();
  });

  it('works only while the wallet is enabled', () => {
    expect(
      walletHandOffToken('?tk=cba&from=app&to=w', { ...phone, walletEnabled: false }),
    ).toBeNull();
  });
});

describe('walletHandOffQuery', () => {
  it("keeps the wallet's own query and drops the hand-off", () => {
    expect(walletHandOffQuery('?tk=cba&from=app&to=w&recharge=50')).toBe('?recharge=50');
    expect(walletHandOffQuery('?tk=cba&from=app&to=w')).toBe('');
  });
});
