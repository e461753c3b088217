import type { Kysely } from 'kysely';

// Frozen once landed: later changes go in new, date-prefixed migrations.

/** Where a `ticket_reply` notification led before the conversation (migration 012's code). */
const OLD_TARGET = '/help';

export async function up(db: Kysely<any>): Promise<void> {
  // Replies notified before the conversation (ADR 039) led to the support form at /help, where
  // the student could not read them. Each now leads to its ticket's conversation, found by the
  // student and the reply's text (the notification carried both, not the ticket's id); when the
  // same text answered two of the student's tickets, to the list of the student's conversations.
  const rows: { id: number; user_id: number; data: string }[] = await db
    .selectFrom('notifications')
    .select(['id', 'user_id', 'data'])
    .where('type', '=', 'ticket_reply')
    .execute();
  for (const row of rows) {
    const data = JSON.parse(row.data) as { to?: string; content?: string };
    if (data.to !== OLD_TARGET) continue;
    const tickets: { ticket_id: number }[] = await db
      .selectFrom('support_ticket_replies as r')
      .innerJoin('support_tickets as t', 't.id', 'r.ticket_id')
      .select('r.ticket_id')
      .distinct()
      .where('t.user_id', '=', row.user_id)
      .where('r.author', '=', 'staff')
      .where('r.content', '=', data.content ?? '')
      .execute();
    const to = tickets.length === 1 ? `/messages/${tickets[0]!.ticket_id}` : '/messages';
    await db
      .updateTable('notifications')
      .set({ data: JSON.stringify({ ...data, to }) })
      .where('id', '=', row.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  // Migration 012's code led every reply to the support form.
  const rows: { id: number; data: string }[] = await db
    .selectFrom('notifications')
    .select(['id', 'data'])
    .where('type', '=', 'ticket_reply')
    .execute();
  for (const row of rows) {
    const data = JSON.parse(row.data) as Record<string, unknown>;
    await db
      .updateTable('notifications')
      .set({ data: JSON.stringify({ ...data, to: OLD_TARGET }) })
      .where('id', '=', row.id)
      .execute();
  }
}
