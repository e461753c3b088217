import type { Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // Ordered by id: two notifications in the same millisecond still keep their order.
  await createTable(db, 'notifications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_by_user')
    .on('notifications')
    .columns(['user_id', 'id'])
    .execute();

  await createTable(db, 'support_tickets')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_tickets_by_user')
    .on('support_tickets')
    .columns(['user_id', 'created_at'])
    .execute();

  // E-mail verification codes, password-reset codes and the reset links they unlock.
  await createTable(db, 'one_time_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('one_time_codes_by_user')
    .on('one_time_codes')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();
  await db.schema
    .createIndex('one_time_codes_by_hash')
    .on('one_time_codes')
    .columns(['purpose', 'code_hash'])
    .execute();

  // Fixed-window counters shared by every server instance (kept in the database, not memory).
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();

  await createTable(db, 'push_devices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('platform', 'text', (c) => c.notNull())
    .addColumn('device_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'push_devices',
    'rate_limits',
    'one_time_codes',
    'support_tickets',
    'notifications',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
