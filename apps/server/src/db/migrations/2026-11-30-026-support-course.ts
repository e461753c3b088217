import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // What a student's ticket is about (issue 27, ADR 048): one of their courses, or none. A
  // teacher's login sees the tickets of their own courses; a course removed leaves the ticket
  // to the school.
  await db.schema
    .alterTable('support_tickets')
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('support_tickets_by_course')
    .on('support_tickets')
    .columns(['course_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('support_tickets_by_course').execute();
  await db.schema.alterTable('support_tickets').dropColumn('course_id').execute();
}
