import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

/** The columns this migration adds to `videos`, in order. */
const COLUMNS = [
  'transcode_state',
  'transcode_progress',
  'transcode_error',
  'hls_source',
  'hls_prefix',
  'hls_key',
  'hls_meta',
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // A video's HLS ladder (issue 29, ADR 055). The transcoding job's state as the console shows
  // it: none (no file), waiting, running (with its progress in %), ready, failed (with the
  // reason in Arabic). The published ladder: the uploaded file it was made from (a ladder of
  // an older file is never played), the private-storage folder holding its playlists and
  // segments, the AES-128 key its segments are encrypted with (hex), and what the player needs
  // to know of it (renditions, poster, thumbnails) as JSON. One update publishes a finished
  // ladder, so a half-made one is never played.
  await db.schema
    .alterTable('videos')
    .addColumn('transcode_state', 'text', (c) => c.notNull().defaultTo('none'))
    .execute();
  await db.schema
    .alterTable('videos')
    .addColumn('transcode_progress', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of COLUMNS.slice(2)) {
    await db.schema.alterTable('videos').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) {
    await db.schema.alterTable('videos').dropColumn(column).execute();
  }
}
