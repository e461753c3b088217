import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A teacher's staff login and the teacher profile it works as (issue 27, ADR 048): its scope
  // is the courses that list that profile. A table of its own, not a column on users: SQLite
  // cannot drop a column that references another table, so the way down stays a drop.
  await db.schema
    .createTable('teacher_logins')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('teacher_id', 'integer', (c) =>
      c.notNull().references('teachers.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('teacher_logins_teacher')
    .on('teacher_logins')
    .column('teacher_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('teacher_logins').execute();
}
