// Money as integer piasters, without zod (the schemas are in `money.ts`): the student app's
// first screens read these (ADR 041), the server and the console through the index.
import { toLatinDigits } from './normalize-input';

/**
 * How an amount of pounds is written: an optional sign, whole pounds, and at most two decimals
 * ('19.99', '1.10', '-3.5', '150').
 */
const AMOUNT_TEXT = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * The one place money becomes integer piasters (issue 23, ADR 036): an amount of pounds — a
 * number from the wire, or text typed in a form or on the command line (Arabic digits and the
 * Arabic decimal separator accepted) — exactly, or null when it has more than two decimals or
 * is not an amount at all. It reads the decimal text, never a float times 100: 1.1 × 100 is
 * 110.00000000000001 in binary floats, and such a product compared for equality refused 1.10,
 * 19.99 and 0.29 pounds. A number counts by its shortest decimal form, which is the text it
 * travels as in JSON: 1.1 is '1.1' (110), 0.1 + 0.2 is '0.30000000000000004' (refused).
 * @example parsePiasters(1.1) // 110
 * @example parsePiasters('19.99') // 1999
 * @example parsePiasters(1.005) // null
 */
export function parsePiasters(amount: number | string): number | null {
  if (typeof amount === 'number' && !Number.isFinite(amount)) return null;
  const text =
    typeof amount === 'number' ? String(amount) : toLatinDigits(amount).trim().replace('٫', '.');
  const match = AMOUNT_TEXT.exec(text);
  if (!match) return null;
  const [, sign, whole = '', decimals = ''] = match;
  // Whole pounds and piasters are integers here: no binary fraction is ever multiplied.
  const piasters = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (!Number.isSafeInteger(piasters)) return null;
  return sign === '-' && piasters !== 0 ? -piasters : piasters;
}

/**
 * Money travels as pounds with at most two decimals and is stored as integer piasters. Throws
 * on anything else: every amount from a client is checked by `moneySchema` (the same
 * parsePiasters) first, so reaching here with three decimals is a fault of ours, never rounded.
 * @example toPiasters(12.5) // 1250
 * @example toPiasters('1.10') // 110
 */
export function toPiasters(pounds: number | string): number {
  const piasters = parsePiasters(pounds);
  if (piasters === null) {
    throw new RangeError(`not an amount of pounds with at most two decimals: ${pounds}`);
  }
  return piasters;
}

/** @example fromPiasters(1250) // 12.5 */
export function fromPiasters(piasters: number): number {
  return Math.round(piasters) / 100;
}

/**
 * Whole piasters of an amount from a field typed as any number, not checked by `moneySchema`
 * (a price, a setting), for what is shown or linked: never throws. Exact through
 * parsePiasters when the amount has at most two decimals — a minimum of 1.1 is 110, where
 * `Math.ceil(1.1 * 100)` is 111 — and only beyond that rounded, to the nearest piaster or up
 * (a minimum of 10.001 is reached by 1001). NaN stays NaN.
 * @example roundPiasters(1.1, 'up') // 110
 * @example roundPiasters(10.001, 'up') // 1001
 */
export function roundPiasters(pounds: number, direction: 'nearest' | 'up' = 'nearest'): number {
  const exact = parsePiasters(pounds);
  if (exact !== null) return exact;
  return direction === 'up' ? Math.ceil(pounds * 100) : Math.round(pounds * 100);
}

/**
 * True when an amount has no more than two decimals: the one check behind `moneySchema`, the
 * pay-card batches and the forms (parsePiasters answers a number for it).
 * @example hasAtMostTwoDecimals(12.5) // true
 * @example hasAtMostTwoDecimals(0.125) // false
 */
export function hasAtMostTwoDecimals(amount: number | string): boolean {
  return parsePiasters(amount) !== null;
}

/**
 * The largest amount a student may send (a transfer, a recharge): far above any real one, and
 * far below what integer piasters hold in PostgreSQL's `integer` (21,474,836.47 pounds).
 */
