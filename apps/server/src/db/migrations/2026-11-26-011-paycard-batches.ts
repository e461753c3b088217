import type { Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A batch of pay cards issued together (ADR 030): by the staff console or `npm run paycards`.
  // Its codes are never stored (only their hashes, on paycards); the batch keeps what was asked.
  await createTable(db, 'paycard_batches')
    /** piasters, each card */
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('course_id', 'integer', (c) => c.references('courses.id').onDelete('set null'))
    .addColumn('lecture_id', 'integer', (c) => c.references('lectures.id').onDelete('set null'))
    .addColumn('expires_at', 'text')
    /** null: the command line */
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_by_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** When staff disabled its unused cards (null: never). */
    .addColumn('disabled_at', 'text')
    .execute();
  // Cards issued before this migration have no batch.
  await db.schema
    .alterTable('paycards')
    .addColumn('batch_id', 'integer', (c) =>
      c.references('paycard_batches.id').onDelete('set null'),
    )
    .execute();
  // A disabled card is refused at redemption like an expired one.
  await db.schema.alterTable('paycards').addColumn('disabled_at', 'text').execute();
  await db.schema.createIndex('paycards_by_batch').on('paycards').column('batch_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('paycards_by_batch').ifExists().execute();
  await db.schema.alterTable('paycards').dropColumn('disabled_at').execute();
  await db.schema.alterTable('paycards').dropColumn('batch_id').execute();
  await db.schema.dropTable('paycard_batches').ifExists().execute();
}
