import { fromPiasters } from '@dars/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { StaffPaymentOrder, staffPaymentOrderListQuerySchema } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { RECHECK_MESSAGES, recheckOrder } from './payment-recheck';
import { writeAudit, type Actor, type Db } from '../../db/audited-change';
import {
  matches,
  selectedPage,
  sortOf,
  STUDENT_SELECT,
  studentOf,
  type RowOf,
} from '../../db/list-page';

// Gateway orders for admins (issue 13, ADR 030): the list with filters, one order, and the
// re-check of a stuck one against the provider's status call (payments/payment-recheck.ts).

function ordersQuery(db: Db) {
  return db
    .selectFrom('payment_orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select([
      'o.id',
      'o.method',
      'o.provider',
      'o.amount',
      'o.status',
      'o.provider_order_id',
      'o.provider_reference',
      'o.transaction_id',
      'o.transaction_serial',
      'o.created_at',
      'o.updated_at',
      'o.paid_at',
      ...STUDENT_SELECT,
    ]);
}

type OrderRow = RowOf<typeof ordersQuery>;

function orderView(r: OrderRow): StaffPaymentOrder {
  return {
    id: r.id,
    student: studentOf(r),
    method: r.method,
    provider: r.provider,
    amount: fromPiasters(r.amount),
    status: r.status,
    provider_order_id: r.provider_order_id,
    provider_reference: r.provider_reference,
    transaction_id: r.transaction_id,
    transaction_serial: r.transaction_serial,
    created_at: r.created_at,
    updated_at: r.updated_at,
    paid_at: r.paid_at,
  };
}

/** Newest first by default; `from`/`to` bound the order's creation time. */
export async function listPaymentOrders(
  db: Db,
  query: z.output<typeof staffPaymentOrderListQuerySchema>,
) {
  let base = ordersQuery(db);
  if (query.status !== undefined) base = base.where('o.status', '=', query.status);
  if (query.provider !== undefined) base = base.where('o.provider', '=', query.provider);
  if (query.method !== undefined) base = base.where('o.method', '=', query.method);
  if (query.student_id !== undefined) base = base.where('o.user_id', '=', query.student_id);
  if (query.from !== undefined) base = base.where('o.created_at', '>=', query.from);
  if (query.to !== undefined) base = base.where('o.created_at', '<=', query.to);
  if (query.q) {
    const q = query.q;
    base = base.where((eb) =>
      eb.or([eb('o.id', '=', q), matches('u.name', q), matches('u.phone', q)]),
    );
  }
  const sort = sortOf(query, ['created_at', 'amount', 'updated_at'] as const, 'created_at');
  const direction = query.sort ? sort.direction : 'desc';
  const { rows, total } = await selectedPage(base, query, [`o.${sort.column}`, 'o.id'], direction);
  return { data: rows.map(orderView), meta: { total } };
}

export async function getPaymentOrder(db: Db, id: string): Promise<StaffPaymentOrder | undefined> {
  if (!/^\d{1,40}$/.test(id)) return undefined;
  const row = await ordersQuery(db).where('o.id', '=', id).executeTakeFirst();
  return row && orderView(row);
}

/**
 * Re-checks an order with its provider and answers it with what came of it. Audited when the
 * re-check changed the order (credited, or failed by the provider's answer).
 */
export async function recheckPaymentOrder(
  ctx: AppContext,
  actor: Actor,
  id: string,
  log: FastifyBaseLogger,
) {
  // The audit row is written in the transaction that credits or fails the order.
  const { result, order } = await recheckOrder(ctx, id, log, (trx, before, changed) =>
    writeAudit(trx, actor, {
      action: 'recheck',
      resource: 'payment-orders',
      resourceId: changed.id,
      before: { status: before.status },
      after: {
        status: changed.status,
        result: changed.status === 'paid' ? 'credited' : 'not-paid',
        transaction_serial: changed.transaction_serial,
      },
    }),
  );
  const after = (await getPaymentOrder(ctx.db, order.id))!;
  return { data: after, meta: { result, message: RECHECK_MESSAGES[result] } };
}
