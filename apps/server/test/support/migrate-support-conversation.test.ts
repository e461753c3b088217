import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as conversation from '../../src/db/migrations/2026-11-29-015-support-conversation';
import { startTestServer, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { supportClient } from './support-client';

/**
 * Migration 015 (ADR 039) run down to 012's shape and up again, on the test's database (SQLite,
 * or PostgreSQL with TEST_DATABASE_URL): down keeps the staff replies under their old column
 * and drops what only a conversation has; up marks the staff replies as staff's, the tickets
 * with replies answered and their replies seen.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
}, 120_000);
afterAll(() => server?.close());

/** The migration's own view of the database: tables as they are at its step. */
type AnyDb = Parameters<typeof conversation.up>[0];

/** The columns of a table, read from one of its rows (PostgreSQL's catalogue spans schemas). */
async function columnsOf(db: AnyDb, table: string): Promise<string[]> {
  const row = await db.selectFrom(table).selectAll().limit(1).executeTakeFirstOrThrow();
  return Object.keys(row).sort();
}

describe('migration 015: a ticket’s conversation', () => {
  it('goes down to staff replies only and comes back up with them as staff’s', async () => {
    const db = server.db as unknown as AnyDb;
    const client = supportClient(server);
    const leader = await makeStaff(server.db, 'leader', { name: 'هدى' });
    const student = await makeStudent(server.db);
    const { id } = await client.open(student.token, { title: 'قبل', content: 'نص' });
    await client.staff(leader.token, 'POST', `/support-tickets/${id}/replies`, { content: 'رد' });
    await client.student(student.token, 'POST', `/support-tickets/${id}/messages`, {
      content: 'شكراً',
    });
    const guest = await client.open(null, {
      title: 'زائر',
      content: 'نص',
      name: 'زائر',
      email: 'guest-migrate@example.com',
      phone: '0100',
    });
    expect(guest.follow_path).not.toBeNull();

    await conversation.down(db);
    expect(await columnsOf(db, 'support_ticket_replies')).toEqual(
      [
        'content',
        'created_at',
        'emailed_to',
        'id',
        'staff_name',
        'staff_user_id',
        'ticket_id',
      ].sort(),
    );
    expect(await columnsOf(db, 'support_tickets')).not.toContain('student_seen_reply_id');
    await expect(db.selectFrom('support_follow_tokens').selectAll().execute()).rejects.toThrow();
    const kept = await db
      .selectFrom('support_ticket_replies')
      .select(['staff_name', 'content'])
      .where('ticket_id', '=', id)
      .execute();
    expect(kept).toEqual([{ staff_name: 'هدى', content: 'رد' }]);
    const statuses = await db
      .selectFrom('support_tickets')
      .select(['id', 'status'])
      .where('id', 'in', [id, guest.id])
      .orderBy('id')
      .execute();
    expect(statuses.map((s: { status: string }) => s.status)).toEqual(['open', 'open']);

    // What 012's code wrote: a staff reply on a ticket still open.
    const old = await makeStudent(server.db);
    const before = await client.open(old.token, { title: 'قديمة', content: 'نص' });
    const { id: oldReply } = await db
      .insertInto('support_ticket_replies')
      .values({
        ticket_id: before.id,
        staff_user_id: leader.userId,
        staff_name: 'هدى',
        content: 'رد قديم',
        emailed_to: null,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await conversation.up(db);
    const rows = await server.db
      .selectFrom('support_ticket_replies')
      .select(['author', 'author_name', 'content'])
      .where('ticket_id', 'in', [id, before.id])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { author: 'staff', author_name: 'هدى', content: 'رد' },
      { author: 'staff', author_name: 'هدى', content: 'رد قديم' },
    ]);
    const ticket = await server.db
      .selectFrom('support_tickets')
      .select(['status', 'student_seen_reply_id'])
      .where('id', '=', before.id)
      .executeTakeFirstOrThrow();
    expect(ticket).toEqual({ status: 'answered', student_seen_reply_id: oldReply });

    // The app works on it: the old reply is in the thread, read.
    const res = await client.student(old.token, 'GET', `/support-tickets/${before.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'answered',
      unread: false,
      messages: [{ from: 'staff', staff_name: 'هدى', content: 'رد قديم' }],
    });
    // A new reply works after the round trip (the ids go on).
    const again = await client.staff(
      leader.token,
      'POST',
      `/support-tickets/${before.id}/replies`,
      {
        content: 'رد جديد',
      },
    );
    expect(again.statusCode, again.body).toBe(200);
  });
});
