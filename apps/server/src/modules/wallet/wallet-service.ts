import type { Kysely } from 'kysely';
import {
  API_BASE,
  WALLET_TRANSACTIONS_PAGE_SIZE,
  fromPiasters,
  type GetWalletResponse,
  type Transaction,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { getSetting } from '../settings/settings-service';

/**
 * GET /wallet: the balance, the address and one page of the ledger, newest first, with the
 * names of what each row bought or who a transfer went to or came from.
 * @example const { wallet, transactions } = await walletPage(db, user, 1)
 */
export async function walletPage(
  db: Kysely<DB>,
  user: UserRow,
  page: number,
): Promise<GetWalletResponse> {
  if (!(await getSetting(db, 'enable_wallet_system'))) throw new AppError('FEATURE_DISABLED');
  const perPage = WALLET_TRANSACTIONS_PAGE_SIZE;
  const rows = await db
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
    .where('t.user_id', '=', user.id)
    .orderBy('t.id', 'desc')
    .limit(perPage + 1)
    .offset((page - 1) * perPage)
    .execute();
  const transactions: Transaction[] = rows.slice(0, perPage).map((t) => ({
    serial: t.serial,
    type: t.type as Transaction['type'],
    value: fromPiasters(t.value),
    balance_after: fromPiasters(t.balance_after),
    timestamp: t.created_at,
    comment: t.comment,
    lecture_resource: t.lecture_name ? { name: t.lecture_name } : null,
    course_resource: t.course_name ? { name: t.course_name } : null,
    transfer_resource:
      t.type === 'balance_transfer' && t.other_name
        ? t.value < 0
          ? { sender_user_name: user.name, recipient_user_name: t.other_name }
          : { sender_user_name: t.other_name, recipient_user_name: user.name }
        : null,
  }));
  return {
    wallet: { balance: fromPiasters(user.balance), address: user.wallet_address },
    meta: { pending_mobile_payments_count: 0 },
    transactions: {
      data: transactions,
      links: {
        next: rows.length > perPage ? `${API_BASE}/wallet?page=${page + 1}` : null,
        prev: page > 1 ? `${API_BASE}/wallet?page=${page - 1}` : null,
      },
      meta: { current_page: page, per_page: perPage },
    },
  };
}
