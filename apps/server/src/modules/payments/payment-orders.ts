import { randomInt } from 'node:crypto';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, PaymentOrdersTable } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { creditRecharge } from '../wallet/ledger';
import type { GatewayMethod, OrderRef, Provider, Started, Verdict } from './gateway';

export type PaymentOrder = Selectable<PaymentOrdersTable>;

/**
 * A new order id: 18 random digits (about 60 bits), which every provider takes as a merchant
 * reference and nobody guesses.
 * @example newOrderId() // '482019374650918273'
 */
export function newOrderId(): string {
  let id = String(randomInt(1, 10));
  for (let i = 1; i < 18; i++) id += String(randomInt(10));
  return id;
}

/** Records a student's order before anything is sent to the provider. */
export async function insertOrder(
  db: Kysely<DB>,
  order: { id: string; userId: number; method: GatewayMethod; provider: Provider; amount: number },
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('payment_orders')
    .values({
      id: order.id,
      user_id: order.userId,
      method: order.method,
      provider: order.provider,
      amount: order.amount,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Keeps what the provider gave the order: its own id, a bill reference. */
export async function recordStarted(db: Kysely<DB>, id: string, started: Started): Promise<void> {
  if (started.providerOrderId === undefined && started.providerReference === undefined) return;
  await db
    .updateTable('payment_orders')
    .set({
      provider_order_id: started.providerOrderId ?? null,
      provider_reference: started.providerReference ?? null,
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}

/** An order the provider could not open is failed at once (nothing can pay it). */
export async function markFailed(db: Kysely<DB>, id: string): Promise<boolean> {
  const failed = await db
    .updateTable('payment_orders')
    .set({ status: 'failed', updated_at: nowIso() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(failed.numUpdatedRows) === 1;
}

/** Runs in the transaction of a change of an order, with the order as changed (a staff audit row). */
export type AlongsideSettlement = (trx: Transaction<DB>, order: PaymentOrder) => Promise<void>;

/** The order a callback names, only among the orders of the provider that sent it. */
export async function findOrder(
  db: Kysely<DB>,
  provider: Provider,
  ref: OrderRef,
): Promise<PaymentOrder | undefined> {
  let query = db.selectFrom('payment_orders').selectAll().where('provider', '=', provider);
  query =
    'id' in ref
      ? query.where('id', '=', ref.id)
      : query.where('provider_order_id', '=', ref.providerOrderId);
  return query.executeTakeFirst();
}

export async function orderById(db: Kysely<DB>, id: string): Promise<PaymentOrder | undefined> {
  return db.selectFrom('payment_orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What a callback did to its order. */
export type Settlement =
  'credited' | 'already-paid' | 'pending' | 'not-paid' | 'unknown-order' | 'amount-mismatch';

/** The ledger's comment for a recharge by each method. */
const COMMENTS: Record<GatewayMethod, string> = {
  paymob_card: 'شحن ببطاقة بنكية',
  paymob_wallet: 'شحن بمحفظة إلكترونية',
  paymob_kiosk: 'شحن من منفذ دفع',
  paymob_installment: 'شحن بالتقسيط',
  fawry: 'شحن عبر فوري',
  fawry_staging: 'شحن عبر فوري (تجريبي)',
  kashier: 'شحن عبر كاشير',
};

function commentFor(order: PaymentOrder): string {
  const comment = COMMENTS[order.method as GatewayMethod] ?? 'شحن إلكتروني';
  return order.provider === 'sandbox' ? `${comment} (بوابة تجريبية)` : comment;
}

/**
 * Applies a verified outcome to its order. A payment credits the student once: the order
 * becomes paid by one conditional update (`status <> 'paid'`) in the same transaction as the
 * ledger row and the notification, so of any number of callbacks for the order, replayed or
 * racing, exactly one finds it unpaid and credits it; the others change nothing. A payment of
 * another amount than the order's never credits. A failure only fails a pending order (a
 * declined attempt may be followed by a paid one; a paid order stays paid).
 */
export async function settle(
  db: Kysely<DB>,
  provider: Provider,
  outcome: Extract<Verdict, { kind: 'outcome' }>,
  alongside?: AlongsideSettlement,
): Promise<{ settlement: Settlement; order?: PaymentOrder }> {
  const order = await findOrder(db, provider, outcome.order);
  if (!order) return { settlement: 'unknown-order' };
  if (outcome.status === 'failed') {
    await db.transaction().execute(async (trx) => {
      if ((await markFailed(trx, order.id)) && alongside)
        await alongside(trx, (await orderById(trx, order.id))!);
    });
    return { settlement: order.status === 'paid' ? 'already-paid' : 'not-paid', order };
  }
  // Only a payment its gateway calls paid is credited: anything else waits.
  if (outcome.status !== 'paid')
    return { settlement: order.status === 'paid' ? 'already-paid' : 'pending', order };
  if (outcome.amount !== order.amount) return { settlement: 'amount-mismatch', order };
  const settlement = await db.transaction().execute(async (trx): Promise<Settlement> => {
    const now = nowIso();
    const won = await trx
      .updateTable('payment_orders')
      .set({ status: 'paid', paid_at: now, updated_at: now, transaction_id: outcome.transactionId })
      .where('id', '=', order.id)
      .where('status', '<>', 'paid')
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) !== 1) return 'already-paid';
    const { serial } = await creditRecharge(trx, order.user_id, order.amount, commentFor(order));
    await trx
      .updateTable('payment_orders')
      .set({ transaction_serial: serial })
      .where('id', '=', order.id)
      .execute();
    if (alongside) await alongside(trx, (await orderById(trx, order.id))!);
    return 'credited';
  });
  return { settlement, order };
}
