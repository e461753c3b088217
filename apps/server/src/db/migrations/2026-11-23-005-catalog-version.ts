import { sql, type Kysely } from 'kysely';
import { isPostgres } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

/**
 * Every table whose rows show in a guest's catalog answer (GET /courses, /courses/{id},
 * /welcome, /teachers/{id}): courses and their lectures, the mandatory-exam flag, grades,
 * categories and teachers with their links, and enrolments (a card's users_count).
 */
const CATALOG_TABLES = [
  'courses',
  'lectures',
  'lecture_exams',
  'grades',
  'categories',
  'teachers',
  'course_grades',
  'course_categories',
  'course_teachers',
  'enrollments',
];

export async function up(db: Kysely<any>): Promise<void> {
  // One row counting changes to the catalogue. A server keeps guests' answers under the count it
  // read before building them, and reads it again on every request: a change committed by any
  // writer (another server instance, the staff console, a script) is seen at once (ADR 010).
  await db.schema
    .createTable('catalog_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('catalog_version').values({ id: 1, version: 1 }).execute();

  // Triggers, not calls in our code, so that no writer can forget one.
  if (isPostgres(db)) {
    await sql`
      create function bump_catalog_version() returns trigger language plpgsql as $$
      begin
        update catalog_version set version = version + 1 where id = 1;
        return null;
      end
      $$`.execute(db);
    for (const table of CATALOG_TABLES) {
      // Once per statement, however many rows it changed.
      await sql`
        create trigger ${sql.id(`${table}_catalog_version`)}
        after insert or update or delete or truncate on ${sql.table(table)}
        for each statement execute function bump_catalog_version()`.execute(db);
    }
    return;
  }
  for (const table of CATALOG_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`
        create trigger ${sql.id(`${table}_${event}_catalog_version`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        begin
          update catalog_version set version = version + 1 where id = 1;
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    for (const table of CATALOG_TABLES) {
      await sql`drop trigger if exists ${sql.id(`${table}_catalog_version`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
    await sql`drop function if exists bump_catalog_version()`.execute(db);
  } else {
    for (const table of CATALOG_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger if exists ${sql.id(`${table}_${event}_catalog_version`)}`.execute(
          db,
        );
      }
    }
  }
  await db.schema.dropTable('catalog_version').ifExists().execute();
}
