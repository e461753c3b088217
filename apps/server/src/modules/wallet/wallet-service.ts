import { sql, type Kysely } from 'kysely';
import {
  API_BASE,
  WALLET_TRANSACTIONS_PAGE_SIZE,
  fromPiasters,
  type GetWalletQuery,
  type GetWalletResponse,
} from '@dars/contract';
import { precompile } from '../../db/precompiled';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../../plugins/auth';
import { settingFrom, storedSetting } from '../settings/settings-service';
import { pendingQuery } from './mobile-payments';
import { ledgerRows, transactionView, type LedgerRow } from './transaction-view';

const PER_PAGE = WALLET_TRANSACTIONS_PAGE_SIZE;

// The wallet's reads, built and compiled once per shape (db/precompiled.ts).
const rowIdQuery = precompile((db, p: { userId: number; serial: string }) =>
  db
    .selectFrom('wallet_transactions')
    .select('id')
    .where('serial', '=', p.serial)
    .where('user_id', '=', p.userId),
);

/**
 * What GET /wallet shows, in one statement: the two switches (their stored JSON, null when never
 * stored), the student's pending mobile-wallet recharges, and one page of their ledger plus one
 * row (to tell whether another page follows), newest first. The page is the rows before
 * `afterId` or, without it, the rows from `offset`. A student with no rows on the page still
 * gets the one row of the switches and the count, its ledger columns null.
 */
const walletQuery = precompile(
  (db, p: { userId: number; offset?: number | undefined; afterId?: number | undefined }) => {
    const page = ledgerRows(db, p.userId)
      .select('t.id')
      .limit(sql.lit(PER_PAGE + 1));
    const ledger =
      p.afterId === undefined ? page.offset(p.offset ?? 0) : page.where('t.id', '<', p.afterId);
    const head = db.selectNoFrom([
      storedSetting(db, 'enable_wallet_system').as('wallet_system'),
      storedSetting(db, 'enable_wallet_transfers').as('transfers'),
      pendingQuery(db, p.userId).as('pending'),
    ]);
    return db
      .selectFrom(head.as('h'))
      .leftJoin(ledger.as('t'), (join) => join.onTrue())
      .selectAll()
      .orderBy('t.id', 'desc');
  },
);

type WalletRow = Awaited<ReturnType<typeof walletQuery.execute>>[number];

/** A row of walletQuery that carries a ledger row (not the lone row of an empty page). */
const hasLedgerRow = (row: WalletRow): row is WalletRow & LedgerRow & { id: number } =>
  row.id !== null;

/**
 * The id of one of the student's ledger rows, by the serial a `links.next` carries; undefined
 * without one, or for a serial that is not theirs.
 */
async function rowIdOf(
  db: Kysely<DB>,
  userId: number,
  serial: string | undefined,
): Promise<number | undefined> {
  // Stryker disable next-line ConditionalExpression: saves the lookup; no serial finds no row either
  if (serial === undefined) return undefined;
  return (await rowIdQuery.executeTakeFirst(db, { userId, serial }))?.id;
}

/**
 * One page of the student's ledger, newest first, with the names of what each row bought or
 * who a transfer went to or came from. A page that follows `links.next` starts just after the
 * previous page's last row (keyset, ADR 018: Paging), so rows written meanwhile neither
 * repeat nor hide one; an `after` the student does not own falls back to the page number.
 */
function ledgerPage(rows: WalletRow[], user: UserRow, query: GetWalletQuery) {
  const ledger = rows.filter(hasLedgerRow);
  const transactions = ledger.slice(0, PER_PAGE).map((t) => transactionView(t, user));
  const last = transactions.at(-1);
  const { page } = query;
  return {
    data: transactions,
    links: {
      next:
        ledger.length > PER_PAGE && last
          ? `${API_BASE}/wallet?page=${page + 1}&after=${encodeURIComponent(last.serial)}`
          : null,
      prev: page > 1 ? `${API_BASE}/wallet?page=${page - 1}` : null,
    },
    meta: { current_page: page, per_page: PER_PAGE },
  };
}

/**
 * GET /wallet: the balance, the address (null while transfers are off: there is nothing to
 * share it for), the count of mobile-wallet recharges waiting for review, and one page of the
 * ledger. With `enable_wallet_system` off the wallet does not exist (FEATURE_DISABLED, 404,
 * as requireWalletSystem answers); the switches, the count and the page are read in one
 * statement (with a `links.next`, after the lookup of the row it starts after).
 * @example const { wallet, transactions } = await walletPage(db, user, { page: 1 })
 */
export async function walletPage(
  db: Kysely<DB>,
  user: UserRow,
  query: GetWalletQuery,
): Promise<GetWalletResponse> {
  const afterId = await rowIdOf(db, user.id, query.after);
  const rows = await walletQuery.execute(
    db,
    afterId === undefined
      ? { userId: user.id, offset: (query.page - 1) * PER_PAGE }
      : { userId: user.id, afterId },
  );
  // A join on true with a one-row head: never empty.
  const head = rows[0]!;
  if (!settingFrom('enable_wallet_system', head.wallet_system)) {
    throw new AppError('FEATURE_DISABLED');
  }
  const transfers = settingFrom('enable_wallet_transfers', head.transfers);
  return {
    wallet: {
      balance: fromPiasters(user.balance),
      address: transfers ? user.wallet_address : null,
    },
    meta: { pending_mobile_payments_count: Number(head.pending) },
    transactions: ledgerPage(rows, user, query),
  };
}
