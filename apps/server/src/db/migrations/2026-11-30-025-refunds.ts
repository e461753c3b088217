import type { Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A sale given back (issue 27, ADR 050). The sale's row (an enrolment or a lecture purchase)
  // is removed, so access ends wherever it is read; this row keeps what the sale was (when,
  // how paid, for how much) so the month it was made keeps counting it, and what was given
  // back, when, how and by whom, so the month of the refund counts that.
  await createTable(db, 'refunds')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('course_id', 'integer', (c) =>
      c.notNull().references('courses.id').onDelete('cascade'),
    )
    // null: the whole course was the sale.
    .addColumn('lecture_id', 'integer', (c) => c.references('lectures.id').onDelete('cascade'))
    .addColumn('sale_at', 'text', (c) => c.notNull())
    .addColumn('sale_pay_by', 'text', (c) => c.notNull())
    // piasters
    .addColumn('sale_amount', 'integer', (c) => c.notNull())
    // piasters given back, 0 < amount <= sale_amount
    .addColumn('amount', 'integer', (c) => c.notNull())
    // 'wallet': credited to the student's wallet; 'cash': paid back at the centre.
    .addColumn('refund_to', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_by_time').on('refunds').column('created_at').execute();
  await db.schema.createIndex('refunds_by_sale_time').on('refunds').column('sale_at').execute();
  await db.schema
    .createIndex('refunds_by_user')
    .on('refunds')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('refunds').execute();
}
