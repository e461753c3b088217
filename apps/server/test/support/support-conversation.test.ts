import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listSupportTicketsResponseSchema,
  staffOneResponse,
  staffSupportTicketDetailSchema,
  supportConversationResponseSchema,
} from '@dars/contract';
import { startTestServer, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { supportClient } from './support-client';

/**
 * A student's side of a support ticket's conversation (issue 24, ADR 039): «رسائلي» lists only
 * their own tickets, newest activity first; a ticket shows the whole thread; the student
 * replies in it (an answered ticket is open again, a closed one refuses with 409); a staff
 * reply notifies the student and marks the ticket answered; reading the ticket reads its
 * notifications. Another student's ticket is a 404 like an unknown id.
 */

let server: TestServer;
let leader: TestStudent;
let client: ReturnType<typeof supportClient>;

beforeAll(async () => {
  server = await startTestServer();
  leader = await makeStaff(server.db, 'leader', { name: 'سلمى من الدعم' });
  client = supportClient(server);
}, 120_000);
afterAll(() => server?.close());

const NOT_FOUND = 'المحادثة غير موجودة';
const CLOSED =
  'هذه المحادثة مغلقة ولا يمكن الرد عليها. إن احتجت مساعدة أخرى فأرسل رسالة جديدة من صفحة المساعدة.';
const staffOne = staffOneResponse(staffSupportTicketDetailSchema);

/** `S-` and the id on five digits, as the student and staff read it. */
const ref = (id: number) => `S-${id < 10_000 ? `0000${id}`.slice(-5) : id}`;

async function listOf(token: string, page?: number) {
  const res = await client.student(token, 'GET', `/support-tickets${page ? `?page=${page}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return listSupportTicketsResponseSchema.parse(res.json());
}

async function conversation(token: string, id: number) {
  const res = await client.student(token, 'GET', `/support-tickets/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return supportConversationResponseSchema.parse(res.json()).data;
}

async function staffReply(id: number, content: string, close = false) {
  const res = await client.staff(leader.token, 'POST', `/support-tickets/${id}/replies`, {
    content,
    ...(close ? { close: true } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return staffOne.parse(res.json()).data;
}

async function unreadNotifications(userId: number) {
  return server.db
    .selectFrom('notifications')
    .select(['id', 'type', 'data'])
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .orderBy('id')
    .execute();
}

async function repliesIn(id: number): Promise<number> {
  const rows = await server.db
    .selectFrom('support_ticket_replies')
    .select('id')
    .where('ticket_id', '=', id)
    .execute();
  return rows.length;
}

describe('«رسائلي»: the student’s own tickets', () => {
  it('lists only the student’s tickets, newest activity first, with reference, state and unread', async () => {
    const sara = await makeStudent(server.db, { name: 'سارة' });
    const omar = await makeStudent(server.db, { name: 'عمر' });
    const first = await client.open(sara.token, { title: 'الفيديو لا يعمل', content: 'يتوقف' });
    const second = await client.open(sara.token, { title: 'سؤال عن الشحن', content: 'كيف؟' });
    const others = await client.open(omar.token, { title: 'تذكرة عمر', content: 'نص' });
    expect(first.reference).toBe(ref(first.id));
    expect(first.follow_path).toBeNull();

    let list = await listOf(sara.token);
    expect(list.data.map((t) => t.id)).toEqual([second.id, first.id]);
    expect(list.data[1]).toMatchObject({
      id: first.id,
      reference: ref(first.id),
      title: 'الفيديو لا يعمل',
      preview: 'يتوقف',
      state: 'open',
      unread: false,
    });
    expect(list.data.map((t) => t.id)).not.toContain(others.id);
    expect(list.links.next).toBeNull();

    // A staff reply to the older ticket brings it to the top, answered and unread.
    await staffReply(first.id, 'جرّب متصفحاً آخر من فضلك');
    list = await listOf(sara.token);
    expect(list.data.map((t) => t.id)).toEqual([first.id, second.id]);
    expect(list.data[0]).toMatchObject({
      state: 'answered',
      unread: true,
      preview: 'جرّب متصفحاً آخر من فضلك',
    });
    expect(list.data[1]).toMatchObject({ state: 'open', unread: false });
  });

  it('pages by 15 with links.next', async () => {
    const student = await makeStudent(server.db);
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 8, minute)).toISOString();
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) {
      const row = await server.db
        .insertInto('support_tickets')
        .values({
          user_id: student.userId,
          title: `تذكرة ${i}`,
          content: 'نص',
          name: null,
          email: null,
          phone: null,
          platform: 'web',
          status: 'open',
          created_at: at(i),
          closed_at: null,
          closed_by: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const newestFirst = [...ids].reverse();
    const one = await listOf(student.token);
    expect(one.data.map((t) => t.id)).toEqual(newestFirst.slice(0, 15));
    expect(one.links.next).toBe('/api/v1/support-tickets?page=2');
    expect(one.meta).toEqual({ current_page: 1, per_page: 15 });
    const two = await listOf(student.token, 2);
    expect(two.data.map((t) => t.id)).toEqual([ids[0]]);
    expect(two.links.next).toBeNull();
  });

  it('answers another student’s ticket with the 404 of an unknown id, and writes nothing', async () => {
    const owner = await makeStudent(server.db);
    const other = await makeStudent(server.db);
    const { id } = await client.open(owner.token, { title: 'خاص بي', content: 'سري' });
    await staffReply(id, 'رد خاص');
    const notes = await unreadNotifications(owner.userId);

    for (const target of [id, 99_999_999]) {
      for (const [method, url, body] of [
        ['GET', `/support-tickets/${target}`, undefined],
        ['POST', `/support-tickets/${target}/messages`, { content: 'أنا لست صاحبها' }],
        ['POST', `/support-tickets/${target}/read`, undefined],
      ] as const) {
        const res = await client.student(other.token, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().message).toBe(NOT_FOUND);
      }
    }
    // A guest is asked to sign in.
    expect((await client.student(null, 'GET', `/support-tickets/${id}`)).statusCode).toBe(401);
    expect((await client.student(null, 'GET', '/support-tickets')).statusCode).toBe(401);
    expect(await repliesIn(id)).toBe(1);
    // The owner's notification is still unread, and the ticket still unread for the owner.
    expect(await unreadNotifications(owner.userId)).toEqual(notes);
    expect((await conversation(owner.token, id)).unread).toBe(true);
  });
});

describe('the conversation', () => {
  it('a staff reply notifies the student and answers the ticket; opening it reads that notification only', async () => {
    const student = await makeStudent(server.db, { name: 'نور' });
    const { id } = await client.open(student.token, {
      title: 'لم يصل الشحن',
      content: 'أرسلت طلب شحن أمس',
    });
    const other = await client.open(student.token, { title: 'سؤال آخر', content: 'نص' });
    await staffReply(id, 'أضفنا الرصيد الآن');
    await staffReply(other.id, 'رد على السؤال الآخر');

    const notes = await unreadNotifications(student.userId);
    expect(notes.map((n) => [n.type, JSON.parse(n.data).to])).toEqual([
      ['ticket_reply', `/messages/${id}`],
      ['ticket_reply', `/messages/${other.id}`],
    ]);
    expect(JSON.parse(notes[0]!.data)).toEqual({
      type: 'ticket_reply',
      title: 'رد على طلب الدعم: لم يصل الشحن',
      content: 'أضفنا الرصيد الآن',
      to: `/messages/${id}`,
    });

    const ticket = await conversation(student.token, id);
    expect(ticket).toMatchObject({
      id,
      reference: ref(id),
      title: 'لم يصل الشحن',
      content: 'أرسلت طلب شحن أمس',
      state: 'answered',
      unread: true,
      closed_at: null,
    });
    expect(ticket.messages).toEqual([
      {
        id: expect.any(Number),
        from: 'staff',
        staff_name: 'سلمى من الدعم',
        content: 'أضفنا الرصيد الآن',
        created_at: expect.any(String),
      },
    ]);
    // Reading is its own call: GET changed nothing.
    expect(await unreadNotifications(student.userId)).toHaveLength(2);

    const read = await client.student(student.token, 'POST', `/support-tickets/${id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ data: { id, unread: false }, notifications_count: 1 });
    const left = await unreadNotifications(student.userId);
    expect(left.map((n) => JSON.parse(n.data).to)).toEqual([`/messages/${other.id}`]);
    expect((await conversation(student.token, id)).unread).toBe(false);
    expect((await conversation(student.token, other.id)).unread).toBe(true);

    // A newer staff reply is unread again.
    await staffReply(id, 'هل وصلك الرصيد؟');
    expect((await conversation(student.token, id)).unread).toBe(true);
  });

  it('the student replies in the same thread: answered becomes open, and staff see who said what', async () => {
    const student = await makeStudent(server.db, { name: 'يوسف' });
    const { id } = await client.open(student.token, { title: 'الامتحان', content: 'لا يفتح' });
    await staffReply(id, 'ما كود الامتحان؟');

    const res = await client.student(student.token, 'POST', `/support-tickets/${id}/messages`, {
      content: '  الكود PHY2026  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = supportConversationResponseSchema.parse(res.json()).data;
    expect(mine.state).toBe('open');
    expect(mine.unread).toBe(false);
    expect(mine.messages.map((m) => [m.from, m.staff_name, m.content])).toEqual([
      ['staff', 'سلمى من الدعم', 'ما كود الامتحان؟'],
      ['sender', null, 'الكود PHY2026'],
    ]);

    const staffView = await client.staff(leader.token, 'GET', `/support-tickets/${id}`);
    const detail = staffOne.parse(staffView.json()).data;
    expect(detail).toMatchObject({ status: 'open', reference: ref(id), replies_count: 2 });
    expect(detail.replies.map((r) => [r.author, r.name, r.staff, r.content])).toEqual([
      ['staff', 'سلمى من الدعم', { id: leader.userId, name: 'سلمى من الدعم' }, 'ما كود الامتحان؟'],
      ['student', 'يوسف', null, 'الكود PHY2026'],
    ]);
    // It waits for staff again: in the open inbox, out of the answered one; found by reference.
    const inbox = async (query: string) =>
      (await client.staff(leader.token, 'GET', `/support-tickets?${query}`))
        .json()
        .data.map((t: { id: number }) => t.id);
    expect(await inbox(`status=open&q=${ref(id)}`)).toEqual([id]);
    expect(await inbox(`status=answered&q=${ref(id)}`)).toEqual([]);
    await staffReply(id, 'تم حل المشكلة');
    expect(await inbox(`status=answered&q=${ref(id)}`)).toEqual([id]);

    const blank = await client.student(student.token, 'POST', `/support-tickets/${id}/messages`, {
      content: '   ',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.content).toEqual(['لا يمكنك ترك حقل فارغاً']);
  });

  it('a closed ticket refuses a reply with 409 in Arabic and keeps nothing; reopened, it takes one', async () => {
    const student = await makeStudent(server.db);
    const { id } = await client.open(student.token, { title: 'مغلقة', content: 'نص' });
    await staffReply(id, 'تم الحل، نغلق الطلب', true);
    expect((await conversation(student.token, id)).state).toBe('closed');

    const refused = await client.student(student.token, 'POST', `/support-tickets/${id}/messages`, {
      content: 'ما زالت المشكلة قائمة',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', message: CLOSED });
    expect(await repliesIn(id)).toBe(1);
    expect((await conversation(student.token, id)).state).toBe('closed');

    expect(
      (await client.staff(leader.token, 'POST', `/support-tickets/${id}/reopen`)).statusCode,
    ).toBe(200);
    const again = await client.student(student.token, 'POST', `/support-tickets/${id}/messages`, {
      content: 'ما زالت المشكلة قائمة',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.state).toBe('open');

    // Every staff change on the ticket is audited, by whom.
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .select(['action', 'user_id', 'after'])
      .where('resource', '=', 'support-tickets')
      .where('resource_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.user_id])).toEqual([
      ['reply', leader.userId],
      ['reopen', leader.userId],
    ]);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      status: 'closed',
      content: 'تم الحل، نغلق الطلب',
    });
  });

  it('a staff reopen of a ticket that is not closed is 409, an answered one included', async () => {
    const student = await makeStudent(server.db);
    const { id } = await client.open(student.token, { title: 'عنوان', content: 'نص' });
    await staffReply(id, 'رد');
    const res = await client.staff(leader.token, 'POST', `/support-tickets/${id}/reopen`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('هذه التذكرة مفتوحة بالفعل');
    expect((await conversation(student.token, id)).state).toBe('answered');
  });
});
