import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A session that passed and fails after a regrade keeps the access its pass gave (issue 26,
  // ADR 045): its lecture's videos stay open and it is not sent to the alternative exam.
  await db.schema
    .alterTable('exam_sessions')
    .addColumn('access_kept', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_sessions').dropColumn('access_kept').execute();
}
