import type { Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A session's integrity record (issue 26, ADR 044): what the exam page reported (left the
  // page, came back, offline, online, reloaded), stamped with the server's time on arrival, and
  // what the server saw itself (opened on another device or from another address). `client_id`
  // is the client's own id of an event: replayed from the offline outbox, it is kept once.
  await createTable(db, 'exam_session_events')
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('exam_sessions.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('client_at', 'text')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exam_session_events_once')
    .on('exam_session_events')
    .columns(['session_id', 'client_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('exam_session_events_by_session')
    .on('exam_session_events')
    .columns(['session_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('exam_session_events').ifExists().execute();
}
