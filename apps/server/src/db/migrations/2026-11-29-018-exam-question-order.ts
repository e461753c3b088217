import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // An exam may put its questions in another order for each session (issue 26): drawn from
  // the session's token like the options' order (ADR 016), the same on every reload.
  await db.schema
    .alterTable('exams')
    .addColumn('shuffled_questions', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exams').dropColumn('shuffled_questions').execute();
}
