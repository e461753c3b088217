import type { Kysely } from 'kysely';
import { fromPiasters, type RechargeCardResponse } from '@dars/contract';
import type { DB } from '../../db/schema';
import { underPaycardLimit } from '../paycards/paycard-attempts';
import { redeemPaycard } from '../paycards/redeem-paycard';
import { creditRecharge, lockStudent } from './ledger';
import { moneyText } from './money-text';
import { requireRechargeMethod } from './wallet-switches';

/**
 * POST /wallet/recharge/recharge-card: the card's whole value goes to the wallet as a
 * `recharge` with its notification. The card is used up by the same redemption purchases use
 * (paycards/redeem-paycard.ts: two uses racing, one wins), under the same guessing limit. The
 * student's row is locked first, as a purchase does, so a purchase and a recharge with one
 * card take their locks in the same order.
 * @example await rechargeByCard(db, user.id, 'K7PM 4QXR 9TWD 2HNA')
 */
export async function rechargeByCard(
  db: Kysely<DB>,
  userId: number,
  code: string,
): Promise<RechargeCardResponse> {
  await requireRechargeMethod(db, 'recharge_card');
  const { value, balance } = await underPaycardLimit(db, userId, () =>
    db.transaction().execute(async (trx) => {
      await lockStudent(trx, userId);
      const value = await redeemPaycard(trx, { code, userId, use: { kind: 'wallet' } });
      const { balance } = await creditRecharge(trx, userId, value, 'شحن بكارت شحن');
      return { value, balance };
    }),
  );
  return {
    message: `تم شحن البطاقة وإضافة ${moneyText(value)} إلى رصيدك`,
    balance: fromPiasters(balance),
  };
}
