/** The query names of the hand-off that the home page reads (ADR 000: Reversed token). */
const HAND_OFF = ['tk', 'from', 'to'] as const;

/**
 * The web wallet's link a native app offers instead of the online gateways (spec §2, §7): the
 * web site's home with the bearer token reversed in `tk`, `from=app`, `to=w` and the wallet's
 * own query (`recharge=N` opens the recharge dialog there with the amount typed here).
 * @example webWalletLink({ origin: 'https://dars.example', token: 'abc', query: { recharge: '50' } }) // 'https://dars.example/home?tk=cba&from=app&to=w&recharge=50'
 */
export function webWalletLink({
  origin,
  token,
  query,
}: {
  origin: string;
  token: string;
  query: Record<string, string>;
}): string {
  const link = new URLSearchParams({
    tk: Array.from(token).reverse().join(''),
    from: 'app',
    to: 'w',
  });
  for (const [name, value] of Object.entries(query)) {
    if (!(HAND_OFF as readonly string[]).includes(name) && value !== '') link.set(name, value);
  }
  return `${origin.replace(/\/+$/, '')}/home?${link.toString()}`;
}
