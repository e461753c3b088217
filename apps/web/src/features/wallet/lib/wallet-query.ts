import { hasAtMostTwoDecimals, toLatinDigits } from '@dars/contract/plain';

/** The query names of `/wallet` (spec §2). */
export const WALLET_QUERY = { recharge: 'recharge', error: 'error' } as const;

/** The longest payment-problem text shown; a gateway's message is short, a link may not be. */
export const PAYMENT_ERROR_MAX = 300;

/**
 * The amount of `?recharge=N`, to open the recharge dialog with it: a positive amount of at
 * most two decimals (Arabic digits accepted). Null when absent; '' when present but not an
 * amount, so the dialog still opens with an empty field.
 * @example rechargeParam('?recharge=150') // '150'
 * @example rechargeParam('?recharge=abc') // ''
 * @example rechargeParam('') // null
 */
export function rechargeParam(search: string): string | null {
  const raw = new URLSearchParams(search).get(WALLET_QUERY.recharge);
  if (raw === null) return null;
  const text = toLatinDigits(raw).trim();
  const amount = Number(text);
  const valid =
    text !== '' && Number.isFinite(amount) && amount > 0 && hasAtMostTwoDecimals(amount);
  return valid ? String(amount) : '';
}

/**
 * The text of `?error=` for the payment-problem banner (spec §8), as plain text and bounded;
 * null when absent or blank.
 * @example paymentErrorParam('?error=%D8%B1%D9%81%D8%B6') // 'رفض'
 */
export function paymentErrorParam(search: string): string | null {
  const text = new URLSearchParams(search).get(WALLET_QUERY.error)?.trim();
  if (!text) return null;
  const chars = Array.from(text);
  return chars.length > PAYMENT_ERROR_MAX ? `${chars.slice(0, PAYMENT_ERROR_MAX).join('')}…` : text;
}

/**
 * The query without the given names, as a search string ('' or '?…'), for dropping what was
 * handled (a dismissed banner, a dialog that opened) without a new history entry.
 * @example withoutParams('?recharge=50&x=1', ['recharge']) // '?x=1'
 */
export function withoutParams(search: string, names: readonly string[]): string {
  const query = new URLSearchParams(search);
  for (const name of names) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}
