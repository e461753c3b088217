import type { Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // One row per playback started; `token_hash` makes a replay of the same opening count once.
  await createTable(db, 'video_views')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('lecture_id', 'integer', (c) =>
      c.notNull().references('lectures.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('video_views_by_user')
    .on('video_views')
    .columns(['user_id', 'video_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('video_views').ifExists().execute();
}
