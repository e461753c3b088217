import { rechargeAmountSchema, type RechargeMethod } from '@dars/contract';
import { fromPiasters, parsePiasters, toLatinDigits } from '@dars/contract/plain';
import { needsAmount } from './recharge-methods';

/** What step 0 of the recharge dialog holds (spec §4): the amount as typed and the method. */
export interface RechargeChoice {
  amount: string;
  method: RechargeMethod | null;
}

/**
 * A typed amount in pounds (Arabic digits and «٫» accepted), read by the contract's
 * parsePiasters (money.ts), so '19.99' is exactly 1999 piasters: null when empty, NaN when not
 * an amount. A number with more than two decimals ('10.005') stays that number, so that the
 * schemas say why they refuse it.
 * @example parseAmount('١٥٠') // 150
 * @example parseAmount('١٩٫٩٩') // 19.99
 */
export function parseAmount(text: string): number | null {
  const trimmed = toLatinDigits(text).trim().replace('٫', '.');
  if (trimmed === '') return null;
  const piasters = parsePiasters(trimmed);
  if (piasters !== null) return fromPiasters(piasters);
  const tooPrecise = Number(trimmed);
  return Number.isFinite(tooPrecise) && parsePiasters(tooPrecise) === null
    ? tooPrecise
    : Number.NaN;
}

/**
 * What is wrong with the amount for the chosen method (spec §5), or null: none is needed for a
 * recharge card; otherwise it is required, and at least `min_recharge_amount`
 * ('أقل مبلغ للشحن هو {min} جنيه'). An empty field has nothing to say until the student types.
 * @example amountProblem({ amount: '5', method: 'paymob_card' }, 10) // 'أقل مبلغ للشحن هو 10 جنيه'
 * @example amountProblem({ amount: '', method: 'recharge_card' }, 10) // null
 */
export function amountProblem(choice: RechargeChoice, min: number): string | null {
  if (!needsAmount(choice.method)) return null;
  const amount = parseAmount(choice.amount);
  if (amount === null) return null;
  const parsed = rechargeAmountSchema(min).safeParse(amount);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * Whether step 0 may go on (spec §5): a method is chosen, and unless it is a recharge card the
 * amount is typed and valid. The next-step button is disabled otherwise.
 * @example canContinue({ amount: '50', method: 'mobile_wallets' }, 10) // true
 * @example canContinue({ amount: '', method: 'mobile_wallets' }, 10) // false
 */
export function canContinue(choice: RechargeChoice, min: number): boolean {
  if (choice.method === null) return false;
  if (!needsAmount(choice.method)) return true;
  return parseAmount(choice.amount) !== null && amountProblem(choice, min) === null;
}
