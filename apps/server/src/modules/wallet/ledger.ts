import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { notify } from '../notifications/notification-service';
import { moneyText } from './money-text';
import { newSerial } from './wallet-ids';

export type LedgerEntry = {
  type:
    | 'recharge'
    | 'lecture_purchase'
    | 'course_purchase'
    | 'balance_transfer'
    | 'admin_balance_update'
    | 'support';
  comment?: string | null;
  courseId?: number | null;
  lectureId?: number | null;
  counterpartUserId?: number | null;
};

async function append(
  trx: Transaction<DB>,
  userId: number,
  value: number,
  balanceAfter: number,
  entry: LedgerEntry,
): Promise<string> {
  const serial = newSerial();
  await trx
    .insertInto('wallet_transactions')
    .values({
      serial,
      user_id: userId,
      type: entry.type,
      value,
      balance_after: balanceAfter,
      comment: entry.comment ?? null,
      course_id: entry.courseId ?? null,
      lecture_id: entry.lectureId ?? null,
      counterpart_user_id: entry.counterpartUserId ?? null,
      created_at: nowIso(),
    })
    .execute();
  return serial;
}

/**
 * Takes `amount` piasters from the wallet inside the caller's transaction, only if the balance
 * covers it (one conditional update, so two purchases racing cannot both pass), and writes the
 * ledger row. Throws `short` otherwise (BALANCE_NOT_ENOUGH, the purchases' code, unless the
 * call has its own); the caller's transaction then rolls back.
 * @example await debit(trx, user.id, 35_000, { type: 'course_purchase', courseId })
 */
export async function debit(
  trx: Transaction<DB>,
  userId: number,
  amount: number,
  entry: LedgerEntry,
  short: 'BALANCE_NOT_ENOUGH' | 'NO_ENOUGH_BALANCE' = 'BALANCE_NOT_ENOUGH',
): Promise<{ balance: number; serial: string }> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`debit of ${amount} piasters`);
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '-', amount) }))
    .where('id', '=', userId)
    .where('balance', '>=', amount)
    .returning('balance')
    .executeTakeFirst();
  if (!row) throw new AppError(short);
  return { balance: row.balance, serial: await append(trx, userId, -amount, row.balance, entry) };
}

/** Adds `amount` piasters to the wallet and writes the ledger row, inside the caller's transaction. */
export async function credit(
  trx: Transaction<DB>,
  userId: number,
  amount: number,
  entry: LedgerEntry,
): Promise<{ balance: number; serial: string }> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`credit of ${amount} piasters`);
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', amount) }))
    .where('id', '=', userId)
    .returning('balance')
    .executeTakeFirstOrThrow();
  return { balance: row.balance, serial: await append(trx, userId, amount, row.balance, entry) };
}

/**
 * A recharge that reached the wallet (a recharge card, an approved mobile-wallet transfer, a
 * gateway's confirmed payment): the ledger row of type `recharge` and the student's
 * `recharge` notification, both inside the caller's transaction, so a recharge that rolls back
 * leaves no notification and one that commits always has one. The caller makes sure it runs
 * once per payment (a used card, a decided request, a paid order).
 * @example await creditRecharge(trx, userId, 5_000, 'شحن بكارت شحن')
 */
export async function creditRecharge(
  trx: Transaction<DB>,
  userId: number,
  amount: number,
  comment: string,
): Promise<{ balance: number; serial: string }> {
  const done = await credit(trx, userId, amount, { type: 'recharge', comment });
  await notify(
    trx,
    userId,
    {
      type: 'recharge',
      title: 'تم شحن رصيدك',
      content: `أُضيف ${moneyText(amount)} إلى محفظتك (${comment}). رصيدك الآن ${moneyText(done.balance)}.`,
      to: '/wallet',
    },
    'recharge',
  );
  return done;
}

/**
 * Takes the student's row lock for the rest of the transaction (PostgreSQL; SQLite already runs
 * one writer at a time), so two purchases of the same student never interleave: a double click
 * is answered by the first one's result.
 */
export async function lockStudent(trx: Transaction<DB>, userId: number): Promise<number> {
  const row = await trx
    .updateTable('users')
    .set({ updated_at: nowIso() })
    .where('id', '=', userId)
    .returning('balance')
    .executeTakeFirstOrThrow();
  return row.balance;
}

export async function balanceOf(db: Kysely<DB>, userId: number): Promise<number> {
  return (
    await db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).balance;
}

/**
 * Opening balances of students made in the caller's transaction (an import, ADR 052): each
 * wallet credited and its ledger row written (`admin_balance_update` with `comment`), a few
 * hundred students a statement, so the balance still equals the sum of the ledger. The students
 * hold 0 until now: the row's balance after is the amount.
 */
export async function creditOpeningBalances(
  trx: Transaction<DB>,
  credits: readonly { userId: number; amount: number }[],
  comment: string,
): Promise<void> {
  const now = nowIso();
  // Serials drawn distinct within the import (8 random digits: 5,000 draws would repeat one
  // about one import in eight); a clash with an older row fails the import, which is retried.
  const serials = new Set<string>();
  while (serials.size < credits.length) serials.add(newSerial());
  const serialList = [...serials];
  for (let i = 0; i < credits.length; i += 200) {
    const part = credits.slice(i, i + 200);
    for (const c of part) {
      if (!Number.isInteger(c.amount) || c.amount <= 0) throw new Error(`credit of ${c.amount}`);
    }
    await trx
      .updateTable('users')
      .set({
        balance: sql<number>`balance + case id ${sql.join(
          part.map((c) => sql`when ${c.userId} then ${c.amount}`),
          sql` `,
        )} else 0 end`,
      })
      .where(
        'id',
        'in',
        part.map((c) => c.userId),
      )
      .execute();
    await trx
      .insertInto('wallet_transactions')
      .values(
        part.map((c, k) => ({
          serial: serialList[i + k]!,
          user_id: c.userId,
          type: 'admin_balance_update',
          value: c.amount,
          balance_after: c.amount,
          comment,
          course_id: null,
          lecture_id: null,
          counterpart_user_id: null,
          created_at: now,
        })),
      )
      .execute();
  }
}
