import { sql, type Kysely } from 'kysely';
import { createTable, isPostgres, rebuildSqliteTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A student's known devices (issue 28, ADR 051): the hash of the id the app keeps on the
  // device (App-Device), so signing out and in again on the same phone is the same device. A
  // school may limit how many a student has; a device leaves the list when the student signs
  // it out from the profile or staff reset the list.
  await createTable(db, 'student_devices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // sha256 of the App-Device header; the id itself is never stored.
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('app_version', 'text')
    // The User-Agent of its last sign-in (cut to 400 characters): the browser or the model.
    .addColumn('user_agent', 'text')
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    // Its last sign-in; a session's own last use is on auth_tokens.
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_ip', 'text')
    .execute();
  await db.schema
    .createIndex('student_devices_by_user_device')
    .on('student_devices')
    .columns(['user_id', 'device_hash'])
    .unique()
    .execute();

  // What a session shows: the device it belongs to (a student's sign-in with a device id; it
  // ends when the device is signed out), the app's version and User-Agent, and the address it
  // signed in from and was last used from (written with the throttled last_used_at).
  await db.schema
    .alterTable('auth_tokens')
    .addColumn('device_id', 'integer', (c) =>
      c.references('student_devices.id').onDelete('cascade'),
    )
    .execute();
  await db.schema.alterTable('auth_tokens').addColumn('app_version', 'text').execute();
  await db.schema.alterTable('auth_tokens').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('auth_tokens').addColumn('created_ip', 'text').execute();
  await db.schema.alterTable('auth_tokens').addColumn('last_ip', 'text').execute();
  await db.schema
    .createIndex('auth_tokens_by_device')
    .on('auth_tokens')
    .column('device_id')
    .execute();

  // The sign-in a running exam session belongs to (no foreign key: a signed-out session's id
  // is never given again, so the exam refuses every other sign-in until it is opened again
  // from the exam's page). null: started before this migration, any sign-in of the student.
  await db.schema.alterTable('exam_sessions').addColumn('auth_token_id', 'integer').execute();
}

const SESSION_COLUMNS = ['device_id', 'app_version', 'user_agent', 'created_ip', 'last_ip'];

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_sessions').dropColumn('auth_token_id').execute();
  await db.schema.dropIndex('auth_tokens_by_device').ifExists().execute();
  if (isPostgres(db)) {
    for (const column of SESSION_COLUMNS) {
      await db.schema.alterTable('auth_tokens').dropColumn(column).execute();
    }
  } else {
    // SQLite drops no column that has a foreign key: the table is rebuilt without the five.
    const { rows } = await sql<{ name: string }>`
      select name from pragma_table_info('auth_tokens')`.execute(db);
    await rebuildSqliteTable(
      db,
      'auth_tokens',
      (ddl) =>
        ddl.replace(
          /,\s*"(?:device_id|app_version|user_agent|created_ip|last_ip)"[^,()]*(?:\([^)]*\)[^,()]*)?/gi,
          '',
        ),
      rows.map((r) => r.name).filter((name) => !SESSION_COLUMNS.includes(name)),
    );
  }
  await db.schema.dropTable('student_devices').ifExists().execute();
}
