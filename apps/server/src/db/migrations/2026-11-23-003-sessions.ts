import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // Addresses an account has signed in from with its password: failures from elsewhere may
  // lock the account for strangers, never for these (docs/decisions/007-security-hardening.md).
  await db.schema
    .createTable('known_sign_ins')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_sign_ins_pk', ['user_id', 'address'])
    .execute();

  // A push device belongs to the session that registered it and goes when that session ends.
  await db.schema
    .alterTable('push_devices')
    .addColumn('auth_token_id', 'integer', (c) =>
      c.references('auth_tokens.id').onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('push_devices_by_token')
    .on('push_devices')
    .column('auth_token_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('push_devices_by_token').ifExists().execute();
  await db.schema.alterTable('push_devices').dropColumn('auth_token_id').execute();
  await db.schema.dropTable('known_sign_ins').ifExists().execute();
}
