import type { Kysely } from 'kysely';
import { fromPiasters, type Transaction } from '@dars/contract';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';

/**
 * A student's ledger rows, newest first, with the names of what each row bought and of the
 * other side of a transfer. Callers add their own filter and limit.
 * @example await ledgerRows(db, user.id).limit(16).execute()
 */
export function ledgerRows(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('wallet_transactions as t')
    .leftJoin('lectures', 'lectures.id', 't.lecture_id')
    .leftJoin('courses', 'courses.id', 't.course_id')
    .leftJoin('users as other', 'other.id', 't.counterpart_user_id')
    .select([
      't.serial',
      't.type',
      't.value',
      't.balance_after',
      't.comment',
      't.created_at',
      'lectures.name as lecture_name',
      'courses.name as course_name',
      'other.name as other_name',
    ])
    .where('t.user_id', '=', userId)
    .orderBy('t.id', 'desc');
}

export type LedgerRow = Awaited<
  ReturnType<ReturnType<typeof ledgerRows>['executeTakeFirstOrThrow']>
>;

/** Who sent and who received, for a transfer row: the student is one side, the counterpart the other. */
function transferOf(t: LedgerRow, user: Pick<UserRow, 'name'>): Transaction['transfer_resource'] {
  if (t.type !== 'balance_transfer' || !t.other_name) return null;
  // Stryker disable next-line EqualityOperator: a transfer row is never 0
  return t.value < 0
    ? { sender_user_name: user.name, recipient_user_name: t.other_name }
    : { sender_user_name: t.other_name, recipient_user_name: user.name };
}

/**
 * A ledger row as the client reads it (spec §3): pounds, and for a transfer who sent and who
 * received, the student being one side and the row's counterpart the other.
 */
export function transactionView(t: LedgerRow, user: Pick<UserRow, 'name'>): Transaction {
  return {
    serial: t.serial,
    type: t.type as Transaction['type'],
    value: fromPiasters(t.value),
    balance_after: fromPiasters(t.balance_after),
    timestamp: t.created_at,
    comment: t.comment,
    lecture_resource: t.lecture_name ? { name: t.lecture_name } : null,
    course_resource: t.course_name ? { name: t.course_name } : null,
    transfer_resource: transferOf(t, user),
  };
}
