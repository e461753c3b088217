import { z } from 'zod';

/**
 * Money travels as pounds with at most two decimals and is stored as integer piasters.
 * @example toPiasters(12.5) // 1250
 */
export function toPiasters(pounds: number): number {
  return Math.round(pounds * 100);
}

/** @example fromPiasters(1250) // 12.5 */
export function fromPiasters(piasters: number): number {
  return Math.round(piasters) / 100;
}

/**
 * True when a pound amount has no more than two decimals. Tolerates binary float noise
 * (0.1 + 0.2) because amounts are often computed, not typed.
 * @example hasAtMostTwoDecimals(12.5) // true
 * @example hasAtMostTwoDecimals(0.125) // false
 */
export function hasAtMostTwoDecimals(pounds: number): boolean {
  return Math.abs(pounds * 100 - Math.round(pounds * 100)) < 1e-6;
}

/**
 * The largest amount a student may send (a transfer, a recharge): far above any real one, and
 * far below what integer piasters hold in PostgreSQL's `integer` (21,474,836.47 pounds).
 */
export const AMOUNT_MAX = 1_000_000;
export const AMOUNT_MAX_MESSAGE = 'المبلغ أكبر من المسموح';

export const MONEY_DECIMALS_MESSAGE = 'المبلغ يقبل رقمين عشريين على الأكثر';

/**
 * A pound amount on the wire (any sign: a transaction value is negative for a debit).
 * Chain `.positive()` / `.min()` where a sign matters.
 * @example moneySchema.min(0.5).parse(12.5) // 12.5
 */
export const moneySchema = z
  .number()
  .refine(hasAtMostTwoDecimals, { error: MONEY_DECIMALS_MESSAGE });
export type Money = z.infer<typeof moneySchema>;
