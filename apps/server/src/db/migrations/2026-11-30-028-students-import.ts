import { sql, type Kysely } from 'kysely';
import { isPostgres, rebuildSqliteTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // Students a school brings in (issue 28, ADR 052): a roster often has a phone and no e-mail,
  // so a student's e-mail may be empty (null; unique when given). Such a student signs in with
  // the phone and sets a password from a link staff pass on.
  if (isPostgres(db)) {
    await sql`alter table users alter column email drop not null`.execute(db);
  } else {
    await rebuildSqliteTable(db, 'users', (ddl) =>
      ddl.replace(/"email" text not null unique/i, '"email" text unique'),
    );
  }
  // The parent who pays: a phone (Egyptian mobile, as the student's) and an optional e-mail.
  await db.schema.alterTable('users').addColumn('parent_phone', 'text').execute();
  await db.schema.alterTable('users').addColumn('parent_email', 'text').execute();
  // Which import brought the student in (null: signed up, or added by hand).
  await db.schema.alterTable('users').addColumn('import_id', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('import_id').execute();
  await db.schema.alterTable('users').dropColumn('parent_email').execute();
  await db.schema.alterTable('users').dropColumn('parent_phone').execute();
}
