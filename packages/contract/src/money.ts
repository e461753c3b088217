import { z } from './zod';
import { hasAtMostTwoDecimals } from './piasters';

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
