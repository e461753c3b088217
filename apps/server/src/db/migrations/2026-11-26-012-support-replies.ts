import type { Kysely } from 'kysely';
import { createTable } from './helpers';

// Frozen once landed: later changes go in new, date-prefixed migrations.

export async function up(db: Kysely<any>): Promise<void> {
  // Staff replies to support tickets (issue 13, ADR 031). A student reads a reply as a
  // `ticket_reply` notification; a guest has no account, so the reply is e-mailed to the address
  // the guest gave (`emailed_to`). A removed staff account keeps its replies (name kept).
  await createTable(db, 'support_ticket_replies')
    .addColumn('ticket_id', 'integer', (c) =>
      c.notNull().references('support_tickets.id').onDelete('cascade'),
    )
    .addColumn('staff_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('staff_name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('emailed_to', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_ticket_replies_by_ticket')
    .on('support_ticket_replies')
    .columns(['ticket_id', 'id'])
    .execute();
  // Who closed a ticket and when (null while open); the inbox lists by status, newest first.
  await db.schema.alterTable('support_tickets').addColumn('closed_at', 'text').execute();
  await db.schema
    .alterTable('support_tickets')
    .addColumn('closed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('support_tickets_by_status')
    .on('support_tickets')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('support_tickets_by_status').ifExists().execute();
  await db.schema.alterTable('support_tickets').dropColumn('closed_by').execute();
  await db.schema.alterTable('support_tickets').dropColumn('closed_at').execute();
  await db.schema.dropTable('support_ticket_replies').ifExists().execute();
}
