import { sql, type Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A student's own exam time (issue 26, ADR 042): extra minutes and/or a percentage of the
  // exam's duration, and an own window, for one exam (exam_id) or for every exam (null). The
  // one for the exam wins over the one for all; at most one of each per student.
  await createTable(db, 'exam_accommodations')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('exam_id', 'integer', (c) => c.references('exams.id').onDelete('cascade'))
    .addColumn('extra_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exam_accommodations_one_per_exam')
    .on('exam_accommodations')
    .columns(['user_id', 'exam_id'])
    .unique()
    .where(sql.ref('exam_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('exam_accommodations_one_for_all')
    .on('exam_accommodations')
    .column('user_id')
    .unique()
    .where(sql.ref('exam_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('exam_accommodations_by_exam')
    .on('exam_accommodations')
    .columns(['exam_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exam_accommodations').ifExists().execute();
}
