import type { GetWalletResponse, Transaction } from '@dars/contract';

/** A ledger row `minutesAgo` minutes old: a 150-pound card recharge unless told otherwise. */
export function transactionFixture(
  serial: string,
  overrides: Partial<Transaction> & { minutesAgo?: number } = {},
): Transaction {
  const { minutesAgo = 5, ...rest } = overrides;
  return {
    serial,
    type: 'recharge',
    value: 150,
    balance_after: 150,
    timestamp: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    comment: null,
    lecture_resource: null,
    course_resource: null,
    transfer_resource: null,
    ...rest,
  };
}

/** A GET /wallet answer: one page of rows, `next` the link of the following page. */
export function walletFixture({
  balance = 120,
  address = 'DW0000000001',
  pending = 0,
  rows = [],
  next = null,
}: {
  balance?: number;
  address?: string | null;
  pending?: number;
  rows?: Transaction[];
  next?: string | null;
} = {}): GetWalletResponse {
  return {
    wallet: { balance, address },
    meta: { pending_mobile_payments_count: pending },
    transactions: {
      data: rows,
      links: { next, prev: null },
      meta: { current_page: 1, per_page: 15 },
    },
  };
}
