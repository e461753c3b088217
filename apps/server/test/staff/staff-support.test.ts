import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  staffExamSessionSchema,
  staffListResponse,
  staffOneResponse,
  staffSupportTicketDetailSchema,
  staffSupportTicketSchema,
} from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeExam } from '../factories/exams';
import { makeStudent, type TestStudent } from '../factories/students';
import { examClient } from '../exams/exam-client';
import { lastMailTo } from '../outbox';
import { makeStaff } from './staff-factory';

/**
 * The support inbox and the exams' sessions and results CSV (issue 13, ADR 031): leaders and
 * admins read the tickets of students and guests, reply (a student is notified `ticket_reply`,
 * a guest is e-mailed), close and reopen; they list an exam's sessions with scores and export
 * the results as CSV that Excel reads in Arabic.
 */

let server: TestServer;
let leader: TestStudent;
let admin: TestStudent;

beforeAll(async () => {
  server = await startTestServer();
  leader = await makeStaff(server.db, 'leader', { name: 'قائد الدعم' });
  admin = await makeStaff(server.db, 'admin', { name: 'مدير الدعم' });
}, 120_000);
afterAll(() => server?.close());

function staffCall(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function sendTicket(token: string | null, body: Record<string, string>): Promise<number> {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/support-tickets',
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.json().data.id);
}

const ticketList = staffListResponse(staffSupportTicketSchema);
const ticketOne = staffOneResponse(staffSupportTicketDetailSchema);

async function notificationsOf(userId: number) {
  return server.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

describe('support inbox', () => {
  it('lists student and guest tickets by status, kind and text, newest first with order=desc', async () => {
    const student = await makeStudent(server.db, { name: 'هالة مجدي' });
    const mine = await sendTicket(student.token, {
      title: 'لا يعمل الفيديو زمرد',
      content: 'الفيديو يتوقف',
    });
    const guest = await sendTicket(null, {
      title: 'سؤال عن الاشتراك زمرد',
      content: 'كم سعر الدورة؟',
      name: 'زائر كريم',
      email: 'guest-zumurrud@example.com',
      phone: '01099998888',
    });
    const res = await staffCall(leader.token, 'GET', '/support-tickets?q=زمرد&order=desc');
    expect(res.statusCode, res.body).toBe(200);
    const body = ticketList.parse(res.json());
    expect(body.meta.total).toBe(2);
    expect(body.data).toMatchObject([
      {
        id: guest,
        kind: 'guest',
        user_id: null,
        name: 'زائر كريم',
        email: 'guest-zumurrud@example.com',
        phone: '01099998888',
        status: 'open',
        replies_count: 0,
        platform: 'web',
      },
      { id: mine, kind: 'student', user_id: student.userId, name: 'هالة مجدي', status: 'open' },
    ]);
    const guests = ticketList.parse(
      (await staffCall(leader.token, 'GET', '/support-tickets?q=زمرد&kind=guest')).json(),
    );
    expect(guests.data.map((t) => t.id)).toEqual([guest]);
    const byName = ticketList.parse(
      (await staffCall(leader.token, 'GET', '/support-tickets?q=هالة مجدي')).json(),
    );
    expect(byName.data.map((t) => t.id)).toEqual([mine]);
    // Closed tickets leave the open list and show under closed.
    expect(
      (await staffCall(leader.token, 'POST', `/support-tickets/${mine}/close`)).statusCode,
    ).toBe(200);
    const open = ticketList.parse(
      (await staffCall(leader.token, 'GET', '/support-tickets?q=زمرد&status=open')).json(),
    );
    expect(open.data.map((t) => t.id)).toEqual([guest]);
    const closed = ticketList.parse(
      (await staffCall(leader.token, 'GET', '/support-tickets?q=زمرد&status=closed')).json(),
    );
    expect(closed.data.map((t) => t.id)).toEqual([mine]);
    const page2 = ticketList.parse(
      (
        await staffCall(leader.token, 'GET', '/support-tickets?q=زمرد&order=desc&per_page=1&page=2')
      ).json(),
    );
    expect(page2.data.map((t) => t.id)).toEqual([mine]);
    expect(page2.meta.total).toBe(2);
  });

  it("a reply to a student's ticket is a ticket_reply notification, in the thread and audited", async () => {
    const student = await makeStudent(server.db, { name: 'نادر سامي' });
    const id = await sendTicket(student.token, { title: 'مشكلة في الشحن', content: 'لم يصل' });
    const before = await notificationsOf(student.userId);
    const res = await staffCall(leader.token, 'POST', `/support-tickets/${id}/replies`, {
      content: '  تمت إضافة الرصيد، شكراً لصبرك  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = ticketOne.parse(res.json());
    // Staff wrote last: the ticket waits for the student (ADR 039).
    expect(data).toMatchObject({
      status: 'answered',
      replies_count: 1,
      replies: [
        {
          content: 'تمت إضافة الرصيد، شكراً لصبرك',
          staff: { id: leader.userId, name: 'قائد الدعم' },
          emailed_to: null,
        },
      ],
    });
    const notes = (await notificationsOf(student.userId)).slice(before.length);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.type).toBe('ticket_reply');
    expect(JSON.parse(notes[0]!.data)).toEqual({
      type: 'ticket_reply',
      title: 'رد على طلب الدعم: مشكلة في الشحن',
      content: 'تمت إضافة الرصيد، شكراً لصبرك',
      // The conversation in «رسائلي» (ADR 039).
      to: `/messages/${id}`,
    });
    // The student's own profile carries it (the bell reads it from there).
    const profile = await server.app.inject({
      method: 'GET',
      url: '/api/v1/profile',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${student.token}` },
    });
    expect(JSON.stringify(profile.json())).toContain('تمت إضافة الرصيد، شكراً لصبرك');

    // A second reply that closes the ticket; the thread keeps both in order.
    const second = ticketOne.parse(
      (
        await staffCall(admin.token, 'POST', `/support-tickets/${id}/replies`, {
          content: 'نغلق الطلب الآن',
          close: true,
        })
      ).json(),
    ).data;
    expect(second.status).toBe('closed');
    expect(second.closed_by).toEqual({ id: admin.userId, name: 'مدير الدعم' });
    expect(second.replies.map((r) => r.content)).toEqual([
      'تمت إضافة الرصيد، شكراً لصبرك',
      'نغلق الطلب الآن',
    ]);
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource', '=', 'support-tickets')
      .where('resource_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.user_id])).toEqual([
      ['reply', leader.userId],
      ['reply', admin.userId],
    ]);
    const one = ticketOne.parse(
      (await staffCall(leader.token, 'GET', `/support-tickets/${id}`)).json(),
    );
    expect(one.data.replies).toHaveLength(2);
  });

  it("a reply to a guest's ticket is e-mailed to the guest's address", async () => {
    const id = await sendTicket(null, {
      title: 'استفسار',
      content: 'هل توجد دورات للصف الثالث؟',
      name: 'ولي أمر',
      email: 'parent-reply@example.com',
      phone: '01012341234',
    });
    const res = await staffCall(leader.token, 'POST', `/support-tickets/${id}/replies`, {
      content: 'نعم، توجد دورات للصف الثالث',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(ticketOne.parse(res.json()).data.replies[0]!.emailed_to).toBe(
      'parent-reply@example.com',
    );
    await vi.waitFor(
      () => {
        const mail = lastMailTo(server.config.dataDir, 'parent-reply@example.com');
        expect(mail?.subject).toBe(`رد على طلب الدعم: استفسار (S-${String(id).padStart(5, '0')})`);
        expect(mail?.text).toContain('نعم، توجد دورات للصف الثالث');
      },
      { timeout: 5000 },
    );
  });

  it('closes and reopens once: a second close or reopen is 409; a blank reply 422; unknown 404', async () => {
    const student = await makeStudent(server.db);
    const id = await sendTicket(student.token, { title: 'عنوان', content: 'نص' });
    const closes = await Promise.all([
      staffCall(leader.token, 'POST', `/support-tickets/${id}/close`),
      staffCall(admin.token, 'POST', `/support-tickets/${id}/close`),
    ]);
    expect(closes.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(closes.find((r) => r.statusCode === 409)!.json().message).toBe(
      'هذه التذكرة مغلقة بالفعل',
    );
    const reopened = await staffCall(leader.token, 'POST', `/support-tickets/${id}/reopen`);
    expect(ticketOne.parse(reopened.json()).data).toMatchObject({
      status: 'open',
      closed_at: null,
      closed_by: null,
    });
    const again = await staffCall(leader.token, 'POST', `/support-tickets/${id}/reopen`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('هذه التذكرة مفتوحة بالفعل');
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .select('action')
      .where('resource', '=', 'support-tickets')
      .where('resource_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['close', 'reopen']);

    const blank = await staffCall(leader.token, 'POST', `/support-tickets/${id}/replies`, {
      content: '   ',
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.content).toEqual(['هذا الحقل مطلوب']);
    const missing = await staffCall(leader.token, 'GET', '/support-tickets/99999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('التذكرة غير موجودة');
    const missingReply = await staffCall(
      leader.token,
      'POST',
      '/support-tickets/99999999/replies',
      {
        content: 'رد',
      },
    );
    expect(missingReply.statusCode).toBe(404);
  });

  it('refuses guests (401) and students (403); nothing is written', async () => {
    const student = await makeStudent(server.db);
    const id = await sendTicket(student.token, { title: 'عنوان', content: 'نص' });
    for (const [token, status] of [
      [null, 401],
      [student.token, 403],
    ] as const) {
      expect((await staffCall(token, 'GET', '/support-tickets')).statusCode).toBe(status);
      expect(
        (await staffCall(token, 'POST', `/support-tickets/${id}/replies`, { content: 'رد' }))
          .statusCode,
      ).toBe(status);
      expect((await staffCall(token, 'POST', `/support-tickets/${id}/close`)).statusCode).toBe(
        status,
      );
      expect((await staffCall(token, 'GET', '/exam-sessions')).statusCode).toBe(status);
    }
    const replies = await server.db
      .selectFrom('support_ticket_replies')
      .selectAll()
      .where('ticket_id', '=', id)
      .execute();
    expect(replies).toHaveLength(0);
    const ticket = await server.db
      .selectFrom('support_tickets')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(ticket.status).toBe('open');
  });
});

describe('exam sessions and results', () => {
  const sessionList = staffListResponse(staffExamSessionSchema);

  it('lists an exam’s sessions with scores, and exports the finished ones as CSV with a BOM', async () => {
    const exam = await makeExam(server.db, {
      questions: [{ type: 'truefalse' }, { type: 'truefalse' }],
      passPercentage: 50,
    });
    const [q1, q2] = exam.questions;
    const good = await makeStudent(server.db, { name: 'سارة "الأولى", أحمد' });
    const weak = await makeStudent(server.db, { name: '=HYPERLINK("x")' });
    const running = await makeStudent(server.db, { name: 'ما زال يحل' });
    for (const [student, right] of [
      [good, 2],
      [weak, 0],
    ] as const) {
      const api = examClient(server.app, student.token);
      const token = await api.tokenFor(exam.id);
      const answers = [q1!, q2!].map((q, i) => ({
        question_id: q.id,
        chosen_answer: i < right ? q.right! : q.wrong!,
      }));
      const res = await api.submit(token, answers);
      expect(res.statusCode, res.body).toBe(200);
    }
    await examClient(server.app, running.token).tokenFor(exam.id);

    const res = await staffCall(
      leader.token,
      'GET',
      `/exam-sessions?exam_id=${exam.id}&order=desc`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = sessionList.parse(res.json());
    expect(body.meta.total).toBe(3);
    // Newest first: the running session, then the weak, then the good.
    expect(body.data).toMatchObject([
      {
        student: { id: running.userId },
        finished_at: null,
        correction_mark: null,
        percentage: null,
        succeeded: null,
        corrected: false,
      },
      {
        student: { id: weak.userId },
        correction_mark: 0,
        total_mark: 2,
        percentage: 0,
        succeeded: false,
        corrected: true,
        finished_by: 'student',
      },
      {
        student: { id: good.userId },
        correction_mark: 2,
        total_mark: 2,
        percentage: 100,
        succeeded: true,
        exam: { id: exam.id },
      },
    ]);
    const finished = sessionList.parse(
      (
        await staffCall(
          leader.token,
          'GET',
          `/exam-sessions?exam_id=${exam.id}&state=finished&order=desc`,
        )
      ).json(),
    );
    expect(finished.data.map((s) => s.student.id)).toEqual([weak.userId, good.userId]);

    const csv = await staffCall(leader.token, 'GET', `/exams/${exam.id}/results.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="exam-${exam.id}-results.csv"`,
    );
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe(
      'رقم الجلسة,رقم الطالب,اسم الطالب,الهاتف,البداية,التسليم,الدرجة,الدرجة الكلية,النسبة المئوية,النتيجة,مصحح بالكامل,مرات مغادرة صفحة الامتحان,فتح من جهاز آخر,فتح من عنوان آخر,المحاولة,المحاولة المحتسبة',
    );
    expect(lines).toHaveLength(4); // header, two finished sessions, the final line end
    // Oldest first; a name with a comma and quotes is quoted; a formula is defused.
    expect(lines[1]).toContain(`,${good.userId},"سارة ""الأولى"", أحمد",="${good.phone}",`);
    // Times in Cairo as Excel reads them, not ISO UTC.
    expect(lines[1]).toMatch(
      /,\d{4}-\d{2}-\d{2} \d{2}:\d{2},\d{4}-\d{2}-\d{2} \d{2}:\d{2},2,2,100,/,
    );
    expect(lines[1]).toMatch(/,2,2,100,ناجح,نعم,0,0,0,1,نعم$/);
    expect(lines[2]).toContain(`,${weak.userId},"'=HYPERLINK(""x"")",`);
    expect(lines[2]).toMatch(/,0,2,0,راسب,نعم,0,0,0,1,نعم$/);

    expect((await staffCall(leader.token, 'GET', '/exams/99999999/results.csv')).statusCode).toBe(
      404,
    );
    const student = await staffCall(good.token, 'GET', `/exams/${exam.id}/results.csv`);
    expect(student.statusCode).toBe(403);
    expect((await staffCall(null, 'GET', `/exams/${exam.id}/results.csv`)).statusCode).toBe(401);
  });
});
