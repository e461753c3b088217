import { sql, type Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // A ticket becomes a conversation (issue 24, ADR 039). The staff replies of migration 012 are
  // its thread already; the student or guest now writes in it too, so each message says who
  // wrote it ('staff' | 'student' | 'guest') and the name column is the writer's, whoever it is.
  // Every row before this one is a staff reply.
  await db.schema
    .alterTable('support_ticket_replies')
    .addColumn('author', 'text', (c) => c.notNull().defaultTo('staff'))
    .execute();
  await db.schema
    .alterTable('support_ticket_replies')
    .renameColumn('staff_name', 'author_name')
    .execute();

  // The last message of the thread the student has opened (null: none). A staff message after
  // it is unread. Replies from before reached the student whole, as notifications: read.
  await db.schema
    .alterTable('support_tickets')
    .addColumn('student_seen_reply_id', 'integer')
    .execute();
  await sql`
    update support_tickets set student_seen_reply_id = (
      select max(r.id) from support_ticket_replies r where r.ticket_id = support_tickets.id
    )
  `.execute(db);
  // 'answered': staff wrote last and the ticket waits for its sender. Every earlier reply was
  // staff's, so an open ticket with replies is answered.
  await sql`
    update support_tickets set status = 'answered'
    where status = 'open'
      and exists (select 1 from support_ticket_replies r where r.ticket_id = support_tickets.id)
  `.execute(db);

  // A guest's follow links: only the sha256 of each random token. A ticket may have several,
  // one made when it is sent and one per staff reply e-mailed (the mail carries a fresh one,
  // as the server cannot read a stored token back).
  await createTable(db, 'support_follow_tokens')
    .addColumn('ticket_id', 'integer', (c) =>
      c.notNull().references('support_tickets.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_follow_tokens').ifExists().execute();
  await sql`update support_tickets set status = 'open' where status = 'answered'`.execute(db);
  await db.schema.alterTable('support_tickets').dropColumn('student_seen_reply_id').execute();
  // Migration 012's thread holds staff replies only: the senders' own messages go with this.
  await sql`delete from support_ticket_replies where author <> 'staff'`.execute(db);
  await db.schema
    .alterTable('support_ticket_replies')
    .renameColumn('author_name', 'staff_name')
    .execute();
  await db.schema.alterTable('support_ticket_replies').dropColumn('author').execute();
}
