import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A recharge through a payment gateway (ADR 019). The id is ours, random, and is what the
  // provider knows as the merchant's order reference: the key that makes crediting idempotent.
  // `status` becomes 'paid' once, by one conditional update in the crediting transaction.
  await db.schema
    .createTable('payment_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    /** The recharge method the student chose, e.g. 'paymob_card'. */
    .addColumn('method', 'text', (c) => c.notNull())
    /** Who takes the payment: 'paymob', 'fawry', 'fawry-staging', 'kashier' or 'sandbox'. */
    .addColumn('provider', 'text', (c) => c.notNull())
    /** piasters */
    .addColumn('amount', 'integer', (c) => c.notNull())
    /** 'pending', 'paid' or 'failed'. */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    /** The provider's own order id (Paymob signs it in its callbacks, not ours). */
    .addColumn('provider_order_id', 'text')
    /** What the student pays with at an outlet (a kiosk bill reference). */
    .addColumn('provider_reference', 'text')
    /** The provider's transaction that paid the order. */
    .addColumn('transaction_id', 'text')
    /** The serial of the ledger row the credit wrote. */
    .addColumn('transaction_serial', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'text')
    .addCheckConstraint('payment_orders_amount_positive', sql`amount > 0`)
    .addCheckConstraint('payment_orders_status_known', sql`status in ('pending', 'paid', 'failed')`)
    .execute();
  await db.schema
    .createIndex('payment_orders_by_student')
    .on('payment_orders')
    .columns(['user_id', 'created_at'])
    .execute();
  // A provider's order id names one of our orders, never two.
  await db.schema
    .createIndex('payment_orders_provider_order')
    .on('payment_orders')
    .columns(['provider', 'provider_order_id'])
    .unique()
    .where(sql.ref('provider_order_id'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_orders').ifExists().execute();
}
