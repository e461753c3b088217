import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { guestSupportConversationResponseSchema } from '@dars/contract';
import { startTestServer, type TestServer } from '../helpers';
import { makeStaff } from '../staff/staff-factory';
import { makeStudent, type TestStudent } from '../factories/students';
import { lastMailTo } from '../outbox';
import { guestTicket, supportClient } from './support-client';

/**
 * A guest follows their ticket by the link they were given (issue 24, ADR 039): no account,
 * a random token of which only the hash is stored, the thread and a reply unless closed; each
 * staff reply is e-mailed with a link of its own; an address that tries 20 wrong tokens in an
 * hour waits (429 in Arabic).
 */

let server: TestServer;
let leader: TestStudent;
let client: ReturnType<typeof supportClient>;

beforeAll(async () => {
  server = await startTestServer();
  leader = await makeStaff(server.db, 'leader', { name: 'كريم من الدعم' });
  client = supportClient(server);
}, 120_000);
afterAll(() => server?.close());

const WRONG = 'رابط المتابعة غير صحيح. تأكد من نسخ الرابط كاملاً كما وصلك.';
const TOO_MANY = 'محاولات كثيرة برابط متابعة غير صحيح، حاول مرة أخرى بعد ساعة.';

/** The token of a follow path. */
const tokenOf = (path: string) => path.replace('/support/follow/', '');

function follow(token: string, from: string) {
  return client.student(
    null,
    'GET',
    `/support/follow/${encodeURIComponent(token)}`,
    undefined,
    from,
  );
}

function guestReply(token: string, content: string, from: string) {
  return client.student(
    null,
    'POST',
    `/support/follow/${encodeURIComponent(token)}/messages`,
    { content },
    from,
  );
}

async function waitForMail(to: string, contains: string) {
  let text = '';
  await vi.waitFor(
    () => {
      const mail = lastMailTo(server.config.dataDir, to);
      expect(mail?.text).toContain(contains);
      text = mail!.text;
    },
    { timeout: 5000 },
  );
  return text;
}

describe('a guest’s follow link', () => {
  it('comes with the reference when the ticket is sent; only the token’s hash is stored', async () => {
    const sent = await client.open(null, guestTicket('hash'), '10.0.1.1');
    expect(sent.reference).toMatch(/^S-\d{5}$/);
    expect(Number(sent.reference.slice(2))).toBe(sent.id);
    expect(sent.follow_path).toMatch(/^\/support\/follow\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(sent.follow_path!);
    const rows = await server.db
      .selectFrom('support_follow_tokens')
      .selectAll()
      .where('ticket_id', '=', sent.id)
      .execute();
    expect(rows.map((r) => r.token_hash)).toEqual([
      createHash('sha256').update(token).digest('hex'),
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('shows the thread without an account, takes the guest’s reply, and staff see it as the guest’s', async () => {
    const from = '10.0.1.2';
    const body = guestTicket('thread');
    const sent = await client.open(null, body, from);
    const token = tokenOf(sent.follow_path!);

    const first = await follow(token, from);
    expect(first.statusCode, first.body).toBe(200);
    const opened = guestSupportConversationResponseSchema.parse(first.json()).data;
    expect(opened).toMatchObject({
      id: sent.id,
      reference: sent.reference,
      title: body.title,
      content: body.content,
      state: 'open',
      messages: [],
    });
    expect(opened).not.toHaveProperty('unread');

    // Staff reply: the guest gets an e-mail with a link of its own, which opens the same thread.
    const reply = await client.staff(leader.token, 'POST', `/support-tickets/${sent.id}/replies`, {
      content: 'نعم، توجد دورات للصف الثالث',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const text = await waitForMail(body.email, 'نعم، توجد دورات للصف الثالث');
    const link = /http:\/\/localhost(?::80)?\/support\/follow\/([A-Za-z0-9_-]{43})/.exec(text);
    expect(link, text).not.toBeNull();
    expect(link![1]).not.toBe(token);
    expect(text).toContain(sent.reference);
    const byMail = guestSupportConversationResponseSchema.parse(
      (await follow(link![1]!, from)).json(),
    ).data;
    expect(byMail.state).toBe('answered');
    expect(byMail.messages.map((m) => [m.from, m.staff_name, m.content])).toEqual([
      ['staff', 'كريم من الدعم', 'نعم، توجد دورات للصف الثالث'],
    ]);

    // The guest answers by the first link; the ticket waits for staff again.
    const answered = await guestReply(token, 'شكراً، وما سعر الاشتراك؟', from);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data.state).toBe('open');
    const staffView = (
      await client.staff(leader.token, 'GET', `/support-tickets/${sent.id}`)
    ).json().data;
    expect(
      staffView.replies.map((r: { author: string; name: string; content: string }) => [
        r.author,
        r.name,
        r.content,
      ]),
    ).toEqual([
      ['staff', 'كريم من الدعم', 'نعم، توجد دورات للصف الثالث'],
      ['guest', body.name, 'شكراً، وما سعر الاشتراك؟'],
    ]);
    expect(staffView.status).toBe('open');
  });

  it('a closed ticket is read-only by the link: a reply is 409 and the mail says it is closed', async () => {
    const from = '10.0.1.3';
    const body = guestTicket('closed');
    const sent = await client.open(null, body, from);
    const token = tokenOf(sent.follow_path!);
    const res = await client.staff(leader.token, 'POST', `/support-tickets/${sent.id}/replies`, {
      content: 'أُضيفت الإجابة، نغلق الطلب',
      close: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitForMail(body.email, 'أُغلقت هذه المحادثة، ويمكنك قراءتها من الرابط نفسه.');
    expect((await follow(token, from)).json().data.state).toBe('closed');
    const refused = await guestReply(token, 'سؤال آخر', from);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'هذه المحادثة مغلقة ولا يمكن الرد عليها. إن احتجت مساعدة أخرى فأرسل رسالة جديدة من صفحة المساعدة.',
    );
    const replies = await server.db
      .selectFrom('support_ticket_replies')
      .select('author')
      .where('ticket_id', '=', sent.id)
      .execute();
    expect(replies.map((r) => r.author)).toEqual(['staff']);
  });

  it('a wrong token is 404; after 20 wrong in an hour the address gets 429 in Arabic, even with the right one', async () => {
    const sent = await client.open(null, guestTicket('limit'), '10.0.1.4');
    const token = tokenOf(sent.follow_path!);
    const from = '10.0.1.5';
    for (let i = 0; i < 20; i++) {
      // The right token with one more character, or a short made-up one: no ticket's.
      const wrong = i % 2 === 0 ? follow(`${token}${i}`, from) : guestReply(`x${i}`, 'نص', from);
      const res = await wrong;
      expect(res.statusCode, `try ${i + 1}`).toBe(404);
      expect(res.json().message).toBe(WRONG);
    }
    const held = await follow(token, from);
    expect(held.statusCode).toBe(429);
    expect(held.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY });
    expect((await guestReply(token, 'نص', from)).statusCode).toBe(429);
    // Another address is not held back, and the right token never counted.
    expect((await follow(token, '10.0.1.6')).statusCode).toBe(200);
    const kept = await server.db
      .selectFrom('support_ticket_replies')
      .select('id')
      .where('ticket_id', '=', sent.id)
      .execute();
    expect(kept).toHaveLength(0);
  });

  it('a student’s ticket has no follow link', async () => {
    const sent = await client.open(null, guestTicket('student-none'), '10.0.1.7');
    expect(sent.follow_path).not.toBeNull();
    const student = await makeStudent(server.db);
    const mine = await client.open(student.token, { title: 'طالب', content: 'نص' });
    expect(mine.follow_path).toBeNull();
    const tokens = await server.db
      .selectFrom('support_follow_tokens')
      .select('id')
      .where('ticket_id', '=', mine.id)
      .execute();
    expect(tokens).toHaveLength(0);
  });
});
