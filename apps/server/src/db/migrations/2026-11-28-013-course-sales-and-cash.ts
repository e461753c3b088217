import { sql, type Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // How a student got a course (issue 23, ADR 033), as `lecture_purchases` already says for a
  // lecture: 'wallet' | 'paycard' | 'free' | 'grant' | 'cash' for a course got as a whole, and
  // 'join' for joining a course sold by lectures (its lectures are the sales). `price_paid` is
  // in piasters. The dashboard counts sales and cash received from these rows.
  await db.schema
    .alterTable('enrollments')
    .addColumn('pay_by', 'text', (c) => c.notNull().defaultTo('join'))
    .execute();
  await db.schema
    .alterTable('enrollments')
    .addColumn('price_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  // Rows from before this migration, from what was stored then. A grant: the whole course's
  // join is the grant; a course sold by lectures keeps 'join' (its lecture rows say 'grant').
  await sql`
    update enrollments set pay_by = 'grant'
    where granted_by is not null
      and exists (select 1 from courses c where c.id = enrollments.course_id and c.pay_type = 'course')
  `.execute(db);
  // Bought from the wallet: the ledger's course purchase holds the price paid.
  await sql`
    update enrollments set pay_by = 'wallet', price_paid = (
      select -sum(t.value) from wallet_transactions t
      where t.user_id = enrollments.user_id and t.course_id = enrollments.course_id
        and t.type = 'course_purchase'
    )
    where granted_by is null and exists (
      select 1 from wallet_transactions t
      where t.user_id = enrollments.user_id and t.course_id = enrollments.course_id
        and t.type = 'course_purchase'
    )
  `.execute(db);
  // Any other whole course was free, or paid with a pay card (the one other way to pay for
  // one), whose price was not kept: the course's price now is the nearest record there is.
  await sql`
    update enrollments set
      pay_by = case when (select c.price from courses c where c.id = enrollments.course_id) > 0
        then 'paycard' else 'free' end,
      price_paid = (select c.price from courses c where c.id = enrollments.course_id)
    where granted_by is null and pay_by = 'join'
      and exists (select 1 from courses c where c.id = enrollments.course_id and c.pay_type = 'course')
  `.execute(db);

  // The dashboard reads purchases by time.
  await db.schema
    .createIndex('enrollments_by_time')
    .on('enrollments')
    .columns(['created_at'])
    .execute();
  await db.schema
    .createIndex('lecture_purchases_by_time')
    .on('lecture_purchases')
    .columns(['created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('lecture_purchases_by_time').ifExists().execute();
  await db.schema.dropIndex('enrollments_by_time').ifExists().execute();
  await db.schema.alterTable('enrollments').dropColumn('price_paid').execute();
  await db.schema.alterTable('enrollments').dropColumn('pay_by').execute();
}
