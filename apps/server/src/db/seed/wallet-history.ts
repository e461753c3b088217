import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import type { LedgerEntry } from '../../modules/wallet/ledger';
import { newSerial } from '../../modules/wallet/wallet-ids';

/** A ledger row written after the fact, at the time it says. */
export interface PastLedgerEntry {
  type: LedgerEntry['type'];
  /** piasters: positive in, negative out */
  value: number;
  comment: string | null;
  courseId: number | null;
  lectureId: number | null;
  at: string;
}

/**
 * Writes a student's wallet history in order, starting from an empty wallet, and sets the
 * balance to where it ends, so the ledger always sums to the balance. Returns that balance.
 * @example await insertWalletHistory(db, userId, [{ type: 'recharge', value: 10_000, … }])
 */
export async function insertWalletHistory(
  db: Kysely<DB>,
  userId: number,
  entries: readonly PastLedgerEntry[],
): Promise<number> {
  let balance = 0;
  for (const entry of entries) {
    balance += entry.value;
    await db
      .insertInto('wallet_transactions')
      .values({
        serial: newSerial(new Date(entry.at)),
        user_id: userId,
        type: entry.type,
        value: entry.value,
        balance_after: balance,
        comment: entry.comment,
        course_id: entry.courseId,
        lecture_id: entry.lectureId,
        counterpart_user_id: null,
        created_at: entry.at,
      })
      .execute();
  }
  await db.updateTable('users').set({ balance }).where('id', '=', userId).execute();
  return balance;
}
