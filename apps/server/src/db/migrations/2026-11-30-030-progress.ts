import type { Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // What each student saw of each video (issue 28, ADR 054): one row per student and video,
  // written in batches from the player's reports (progress/progress-recorder.ts). Seconds seen
  // playing add up (capped at the video's length); the position is the last one reported.
  await createTable(db, 'video_progress')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'integer', (c) =>
      c.notNull().references('videos.id').onDelete('cascade'),
    )
    .addColumn('lecture_id', 'integer', (c) =>
      c.notNull().references('lectures.id').onDelete('cascade'),
    )
    .addColumn('watched_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('position_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('video_progress_user_video', ['user_id', 'video_id'])
    .execute();
  // The staff reports read a lecture's (a course's lectures') rows for many students.
  await db.schema
    .createIndex('video_progress_by_lecture')
    .on('video_progress')
    .columns(['lecture_id', 'user_id'])
    .execute();

  // Attachments a student opened: one row per student and attachment, counting downloads.
  await createTable(db, 'attachment_opens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attachment_id', 'integer', (c) =>
      c.notNull().references('attachments.id').onDelete('cascade'),
    )
    .addColumn('lecture_id', 'integer', (c) =>
      c.notNull().references('lectures.id').onDelete('cascade'),
    )
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addColumn('last_at', 'text', (c) => c.notNull())
    .addColumn('opens', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('attachment_opens_user_attachment', ['user_id', 'attachment_id'])
    .execute();
  await db.schema
    .createIndex('attachment_opens_by_lecture')
    .on('attachment_opens')
    .columns(['lecture_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attachment_opens').execute();
  await db.schema.dropTable('video_progress').execute();
}
