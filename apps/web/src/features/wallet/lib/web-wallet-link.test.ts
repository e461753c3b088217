import { describe, expect, it } from 'vitest';
import { webWalletLink } from './web-wallet-link';

describe('webWalletLink', () => {
  it("opens the site's home with the token reversed, from=app, to=w and the wallet's query", () => {
    const link = new URL(
      webWalletLink({
        origin: 'https://dars.example/',
        token: '12|abcXYZ',
        query: { recharge: '50' },
      }),
    );
    expect(link.origin + link.pathname).toBe('https://dars.example/home');
    expect(link.searchParams.get('tk')).toBe('ZYXcba|21');
    expect(link.searchParams.get('from')).toBe('app');
    expect(link.searchParams.get('to')).toBe('w');
    expect(link.searchParams.get('recharge')).toBe('50');
  });

  it('never lets the query replace the hand-off itself', () => {
    const link = new URL(
      webWalletLink({ origin: 'https://dars.example', token: 'abc', query: { tk: 'x', to: 'y' } }),
    );
    expect(link.searchParams.getAll('tk')).toEqual(['cba']);
    expect(link.searchParams.getAll('to')).toEqual(['w']);
  });
});
