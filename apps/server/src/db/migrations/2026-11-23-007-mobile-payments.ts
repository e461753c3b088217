import { sql, type Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A student's mobile-wallet recharge request, credited only once staff approve it
  // (ADR 018: Mobile-wallet recharges). `status` leaves 'pending' once, by one conditional update.
  await createTable(db, 'mobile_payments')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('payer_number', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    /** Relative to the private storage folder. */
    .addColumn('receipt_path', 'text', (c) => c.notNull())
    /** 'pending', 'approved' or 'rejected'. */
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('reject_reason', 'text')
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'text')
    /** The serial of the ledger row an approval wrote. */
    .addColumn('transaction_serial', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('mobile_payments_amount_positive', sql`amount > 0`)
    .addCheckConstraint(
      'mobile_payments_status_known',
      sql`status in ('pending', 'approved', 'rejected')`,
    )
    .execute();
  // The wallet page counts a student's pending requests.
  await db.schema
    .createIndex('mobile_payments_by_student')
    .on('mobile_payments')
    .columns(['user_id', 'status'])
    .execute();
  // Staff review the pending ones, oldest first.
  await db.schema
    .createIndex('mobile_payments_pending')
    .on('mobile_payments')
    .column('id')
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mobile_payments').ifExists().execute();
}
