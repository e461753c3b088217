/** Where the home page runs, as far as the hand-off cares. */
export interface HandOffContext {
  /** A phone or tablet browser (spec §2: the hand-off is for those only). */
  phoneOrTablet: boolean;
  /** The `enable_wallet_system` setting. */
  walletEnabled: boolean;
}

/**
 * The token of a native app's web-wallet hand-off (spec §2 Home, ADR 000: Reversed token):
 * a link with `tk` (the bearer token reversed), `from=app` and `to=w` opened in a phone or tablet
 * browser while the wallet is enabled. Null for any other link.
 * @example walletHandOffToken('?tk=cba&from=app&to=w', { phoneOrTablet: true, walletEnabled: true }) // 'abc'
 */
export function walletHandOffToken(search: string, context: HandOffContext): string | null {
  const query = new URLSearchParams(search);
  const reversed = query.get('tk')?.trim();
  if (!reversed || query.get('from') !== 'app' || query.get('to') !== 'w') return null;
  if (!context.phoneOrTablet || !context.walletEnabled) return null;
  return Array.from(reversed).reverse().join('');
}

/**
 * What else a hand-off link carries, for the wallet it opens (spec §7: the hand-off keeps
 * "the current query", e.g. `recharge=50` to open the recharge dialog with that amount).
 * @example walletHandOffQuery('?tk=cba&from=app&to=w&recharge=50') // '?recharge=50'
 */
export function walletHandOffQuery(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of ['tk', 'from', 'to']) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}
