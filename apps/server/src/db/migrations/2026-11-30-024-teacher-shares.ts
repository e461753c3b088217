import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A teacher's share of their courses' sales, in whole percent (issue 27, ADR 048), and
  // whether their login may set prices; both the admin's to set.
  await db.schema
    .alterTable('teachers')
    .addColumn('revenue_share_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('teachers')
    .addColumn('may_set_prices', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One course's own share for one of its teachers; null: the teacher's.
  await db.schema.alterTable('course_teachers').addColumn('share_percent', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('course_teachers').dropColumn('share_percent').execute();
  await db.schema.alterTable('teachers').dropColumn('may_set_prices').execute();
  await db.schema.alterTable('teachers').dropColumn('revenue_share_percent').execute();
}
