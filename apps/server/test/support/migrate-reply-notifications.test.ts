import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as replies from '../../src/db/migrations/2026-11-29-016-reply-notifications';
import { startTestServer, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { supportClient } from './support-client';

/**
 * Migration 016 (issue 24): a staff reply notified before the conversation led to the support
 * form (`/help`); it now leads to its ticket's conversation, or to the student's list of
 * conversations when the same text answered two of their tickets. Nothing else changes. Run on
 * the test's database (SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
}, 120_000);
afterAll(() => server?.close());

type AnyDb = Parameters<typeof replies.up>[0];

/** Where each of the student's notifications leads, by its text, oldest first. */
async function targets(userId: number): Promise<[string, string][]> {
  const rows = await server.db
    .selectFrom('notifications')
    .select(['data'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map((r) => {
    const data = JSON.parse(r.data) as { content: string; to: string };
    return [data.content, data.to];
  });
}

describe('migration 016: old reply notifications', () => {
  it('lead to their conversation instead of the support form', async () => {
    const db = server.db as unknown as AnyDb;
    const client = supportClient(server);
    const leader = await makeStaff(server.db, 'leader');
    const [a, b] = [await makeStudent(server.db), await makeStudent(server.db)];
    const reply = async (token: string, title: string, content: string) => {
      const { id } = await client.open(token, { title, content: 'سؤال' });
      const res = await client.staff(leader.token, 'POST', `/support-tickets/${id}/replies`, {
        content,
      });
      expect(res.statusCode, res.body).toBe(200);
      return id;
    };
    const first = await reply(a.token, 'الأولى', 'رد أول');
    await reply(a.token, 'الثانية', 'نفس الرد');
    await reply(a.token, 'الثالثة', 'نفس الرد');
    const other = await reply(b.token, 'لطالب آخر', 'رد أول');
    // What migration 012's code wrote: every reply led to /help.
    for (const row of await server.db
      .selectFrom('notifications')
      .select(['id', 'data'])
      .execute()) {
      const data = JSON.parse(row.data) as Record<string, unknown>;
      await server.db
        .updateTable('notifications')
        .set({ data: JSON.stringify({ ...data, to: '/help' }) })
        .where('id', '=', row.id)
        .execute();
    }
    // Another kind of notification that leads to /help is not a reply: left alone.
    await server.db
      .insertInto('notifications')
      .values({
        user_id: a.userId,
        type: 'default',
        data: JSON.stringify({ type: 'default', title: 'مساعدة', content: 'نص', to: '/help' }),
        read_at: null,
        created_at: new Date().toISOString(),
      })
      .execute();

    await replies.up(db);
    expect(await targets(a.userId)).toEqual([
      ['رد أول', `/messages/${first}`],
      ['نفس الرد', '/messages'],
      ['نفس الرد', '/messages'],
      ['نص', '/help'],
    ]);
    expect(await targets(b.userId)).toEqual([['رد أول', `/messages/${other}`]]);

    // Down: every reply leads to the form again, as 012's code made them; up once more.
    await replies.down(db);
    expect((await targets(b.userId)).map(([, to]) => to)).toEqual(['/help']);
    await replies.up(db);
    expect(await targets(b.userId)).toEqual([['رد أول', `/messages/${other}`]]);

    // A new reply after the migration leads to its conversation as before.
    const later = await reply(b.token, 'بعدها', 'رد جديد');
    expect((await targets(b.userId)).at(-1)).toEqual(['رد جديد', `/messages/${later}`]);
  });
});
