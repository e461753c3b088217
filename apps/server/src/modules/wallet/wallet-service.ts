import type { Kysely } from 'kysely';
import {
  API_BASE,
  WALLET_TRANSACTIONS_PAGE_SIZE,
  fromPiasters,
  type GetWalletQuery,
  type GetWalletResponse,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { getSetting } from '../settings/settings-service';
import { pendingCount } from './mobile-payments';
import { ledgerRows, transactionView } from './transaction-view';
import { requireWalletSystem } from './wallet-switches';

/** The id of one of the student's ledger rows, by the serial a `links.next` carries. */
async function rowIdOf(
  db: Kysely<DB>,
  userId: number,
  serial: string | undefined,
): Promise<number | undefined> {
  // Stryker disable next-line ConditionalExpression: saves the lookup; no serial finds no row either
  if (serial === undefined) return undefined;
  const row = await db
    .selectFrom('wallet_transactions')
    .select('id')
    .where('serial', '=', serial)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * One page of the student's ledger, newest first, with the names of what each row bought or
 * who a transfer went to or came from. A page that follows `links.next` starts just after the
 * previous page's last row (keyset, ADR 018: Paging), so rows written meanwhile neither
 * repeat nor hide one; an `after` the student does not own falls back to the page number.
 */
async function ledgerPage(db: Kysely<DB>, user: UserRow, query: GetWalletQuery) {
  const perPage = WALLET_TRANSACTIONS_PAGE_SIZE;
  const afterId = await rowIdOf(db, user.id, query.after);
  let select = ledgerRows(db, user.id).limit(perPage + 1);
  select =
    afterId === undefined
      ? select.offset((query.page - 1) * perPage)
      : select.where('t.id', '<', afterId);
  const rows = await select.execute();
  const transactions = rows.slice(0, perPage).map((t) => transactionView(t, user));
  const last = transactions.at(-1);
  const { page } = query;
  return {
    data: transactions,
    links: {
      next:
        rows.length > perPage && last
          ? `${API_BASE}/wallet?page=${page + 1}&after=${encodeURIComponent(last.serial)}`
          : null,
      prev: page > 1 ? `${API_BASE}/wallet?page=${page - 1}` : null,
    },
    meta: { current_page: page, per_page: perPage },
  };
}

/**
 * GET /wallet: the balance, the address (null while transfers are off: there is nothing to
 * share it for), the count of mobile-wallet recharges waiting for review, and one page of the
 * ledger.
 * @example const { wallet, transactions } = await walletPage(db, user, { page: 1 })
 */
export async function walletPage(
  db: Kysely<DB>,
  user: UserRow,
  query: GetWalletQuery,
): Promise<GetWalletResponse> {
  await requireWalletSystem(db);
  const transfers = await getSetting(db, 'enable_wallet_transfers');
  return {
    wallet: {
      balance: fromPiasters(user.balance),
      address: transfers ? user.wallet_address : null,
    },
    meta: { pending_mobile_payments_count: await pendingCount(db, user.id) },
    transactions: await ledgerPage(db, user, query),
  };
}
