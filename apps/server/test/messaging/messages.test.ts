import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeCourse } from '../factories/courses';
import { makeExam } from '../factories/exams';
import { examClient } from '../exams/exam-client';
import { makeStaff } from '../staff/staff-factory';
import { sendToStudentOrParent } from '../../src/modules/messaging/messages';
import { sendWeeklySummaries } from '../../src/modules/messaging/parent-messages';
import { studentInvitation } from '../../src/modules/messaging/templates';
import { startStandIn, takenAnswer, type StandIn } from './provider-stand-in';

// Text messages to parents (issue 28, ADR 053), through the providers' documented APIs
// spoken by a local stand-in (provider-stand-in.ts) over real HTTP, on SQLite or PostgreSQL.
// The expectations are written from the providers' documentation and the product's rules,
// not read from the code: the requests' shapes, retried after a 500 and taken once, a refusal
// not retried, an opted-out number never called, nothing sent with a school's switch off.

const APP_SECRET = 'meta-app-secret-for-tests';
const TOKEN = 'cequens-token-for-tests';

let provider: StandIn;
let server: TestServer;
let admin: TestStudent;

beforeAll(async () => {
  provider = await startStandIn();
  server = await startTestServer({
    seed: false,
    env: {
      MESSAGES_SANDBOX: 'off',
      CEQUENS_API_TOKEN: TOKEN,
      CEQUENS_SENDER_NAME: 'DarsSchool',
      CEQUENS_BASE_URL: provider.url,
      WHATSAPP_ACCESS_TOKEN: 'wa-access-token',
      WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'verify-me',
      WHATSAPP_GRAPH_URL: provider.url,
      MESSAGES_RETRY_DELAY_SECONDS: '1',
      JOBS_POLL_MS: '100',
    },
  });
  admin = await makeStaff(server.db, 'admin');
}, 120_000);
afterAll(async () => {
  await server?.close();
  await provider?.close();
});
beforeEach(() => {
  provider.answer((r) => takenAnswer(r));
});

let phones = 0;
/** A student with a parent's number of their own. */
async function studentWithParent(parentPhone?: string) {
  const student = await makeStudent(server.db);
  const phone = parentPhone ?? `0122${String(1_000_000 + ++phones).slice(-7)}`;
  await server.db
    .updateTable('users')
    .set({ parent_phone: phone })
    .where('id', '=', student.userId)
    .execute();
  return { ...student, parentPhone: phone };
}

function staff(method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, payload?: object) {
  return server.app.inject({
    method,
    url: API_BASE + url,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
    ...(payload ? { payload } : {}),
  });
}

const messagesOf = (userId: number) =>
  server.db
    .selectFrom('messages')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

const settle = () => server.app.jobs.idle(undefined, 60_000);
const toProvider = (id: number) => provider.received.filter((r) => r.body.clientMessageId === id);

async function enrol(userId: number, courseId: number) {
  await server.db
    .insertInto('enrollments')
    .values({
      user_id: userId,
      course_id: courseId,
      created_at: new Date().toISOString(),
      pay_by: 'grant',
      price_paid: 0,
    })
    .execute();
}

describe('SMS by CEQUENS', () => {
  it('sends a staff message to a student’s parent as CEQUENS documents it, and records it sent', async () => {
    const s = await studentWithParent('٠١٢٠ ٠٠٠-١١١١');
    const res = await staff('POST', '/staff/parent-messages', {
      audience: 'student',
      student_id: s.userId,
      content: 'غدًا مراجعة عامة الساعة الخامسة',
      channel: 'sms',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ queued: 1, opted_out: 0, without_phone: 0 });
    await settle();
    const [message] = await messagesOf(s.userId);
    const sent = provider.received.filter((r) => r.body.clientMessageId === message!.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.path).toBe('/sms/v1/messages');
    expect(sent[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent[0]!.body).toEqual({
      messageText: 'دَرس: غدًا مراجعة عامة الساعة الخامسة',
      senderName: 'DarsSchool',
      // Arabic text: the Unicode message type.
      messageType: 'unicode',
      // The number's digits with the country code, no +.
      recipients: '201200001111',
      clientMessageId: message!.id,
    });
    expect(message).toMatchObject({
      state: 'sent',
      channel: 'sms',
      provider: 'cequens',
      recipient_phone: '+201200001111',
      recipient: 'parent',
      attempts: 1,
      sent_by: admin.userId,
      template: 'staff_message',
    });
    expect(message!.provider_message_id).toMatch(/^cq-\d+$/);
  }, 30_000);

  it('retries after the provider answers 500, with a backoff, and the message is taken once', async () => {
    const s = await studentWithParent();
    const at: number[] = [];
    provider.answer((r) => {
      at.push(Date.now());
      return at.length === 1
        ? { status: 500, body: { message: 'Internal error' } }
        : takenAnswer(r);
    });
    const res = await staff('POST', '/staff/parent-messages', {
      audience: 'student',
      student_id: s.userId,
      content: 'تذكير بموعد الحصة',
      channel: 'sms',
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    const [message] = await messagesOf(s.userId);
    expect(toProvider(message!.id)).toHaveLength(2);
    expect(provider.taken.filter((r) => r.body.clientMessageId === message!.id)).toHaveLength(1);
    // MESSAGES_RETRY_DELAY_SECONDS=1: the retry waits at least a second.
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950);
    expect(message).toMatchObject({ state: 'sent', attempts: 2, error: null });
  }, 30_000);

  it('does not retry a refusal that retrying cannot fix, and says why', async () => {
    const s = await studentWithParent();
    provider.answer(() => ({
      status: 400,
      body: { replyCode: -6, replyMessage: 'No valid recipient' },
    }));
    await staff('POST', '/staff/parent-messages', {
      audience: 'student',
      student_id: s.userId,
      content: 'رسالة',
      channel: 'sms',
    });
    await settle();
    const [message] = await messagesOf(s.userId);
    expect(toProvider(message!.id)).toHaveLength(1);
    expect(message!.state).toBe('failed');
    expect(message!.error).toContain('رفضها مزوّد الخدمة');
    expect(message!.failed_at).not.toBeNull();
  }, 30_000);
});

describe('WhatsApp Business Cloud API', () => {
  const sign = (body: string, secret = APP_SECRET) =>
    `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
  const webhook = (body: object, signature?: string) => {
    const raw = JSON.stringify(body);
    return server.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: {
        'content-type': 'application/json',
        ...(signature !== undefined
          ? { 'x-hub-signature-256': signature }
          : { 'x-hub-signature-256': sign(raw) }),
      },
      payload: raw,
    });
  };
  const statusOf = (id: string, status: string, errors?: object[]) => ({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '8856996819413533',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              statuses: [
                {
                  id,
                  status,
                  timestamp: '1750000000',
                  recipient_id: '201211112222',
                  ...(errors ? { errors } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  });

  it('sends an approved template with the parameters in order to the E.164 number, and keeps the wamid', async () => {
    const s = await studentWithParent('01211112222');
    const res = await staff('POST', '/staff/parent-messages', {
      audience: 'student',
      student_id: s.userId,
      content: 'الحصة القادمة يوم السبت',
    });
    expect(res.statusCode, res.body).toBe(200);
    await settle();
    const [message] = await messagesOf(s.userId);
    const sent = provider.received.filter(
      (r) => r.path.endsWith('/messages') && r.body.to === '+201211112222',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/v25.0/106540352242922/messages');
    expect(sent[0]!.headers.authorization).toBe('Bearer wa-access-token');
    expect(sent[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+201211112222',
      type: 'template',
      template: {
        name: 'dars_staff_message',
        language: { policy: 'deterministic', code: 'ar' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'دَرس' },
              { type: 'text', text: 'الحصة القادمة يوم السبت' },
            ],
          },
        ],
      },
    });
    expect(message).toMatchObject({ channel: 'whatsapp', provider: 'whatsapp', state: 'sent' });
    expect(message!.provider_message_id).toMatch(/^wamid\./);
  }, 30_000);

  it('answers Meta’s webhook check with the challenge for our verify token only', async () => {
    const ok = await server.app.inject({
      method: 'GET',
      url: '/webhooks/whatsapp?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=verify-me',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await server.app.inject({
      method: 'GET',
      url: '/webhooks/whatsapp?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=guess',
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.body).not.toContain('1158201444');
  });

  it('moves a message to delivered on a signed status, never on an unsigned or forged one, never back', async () => {
    const s = await studentWithParent();
    await staff('POST', '/staff/parent-messages', {
      audience: 'student',
      student_id: s.userId,
      content: 'رسالة',
    });
    await settle();
    const [message] = await messagesOf(s.userId);
    const wamid = message!.provider_message_id!;
    const state = async () => (await messagesOf(s.userId))[0]!.state;

    expect((await webhook(statusOf(wamid, 'delivered'), '')).statusCode).toBe(401);
    expect(
      (await webhook(statusOf(wamid, 'delivered'), sign('{}', 'another secret'))).statusCode,
    ).toBe(401);
    expect(await state()).toBe('sent');

    expect((await webhook(statusOf(wamid, 'read'))).statusCode).toBe(200);
    expect(await state()).toBe('delivered');
    // Out of order and repeated: a late 'sent' and a 'failed' after delivery change nothing.
    await webhook(statusOf(wamid, 'sent'));
    await webhook(statusOf(wamid, 'failed', [{ code: 131026, title: 'Message undeliverable' }]));
    expect(await state()).toBe('delivered');
    expect((await messagesOf(s.userId))[0]!.delivered_at).not.toBeNull();
  }, 30_000);

  it('records a failed status with WhatsApp’s error', async () => {
    const s = await studentWithParent();
    await staff('POST', '/staff/parent-messages', {
      audience: 'student',
      student_id: s.userId,
      content: 'رسالة',
    });
    await settle();
    const [message] = await messagesOf(s.userId);
    await webhook(
      statusOf(message!.provider_message_id!, 'failed', [
        { code: 131026, title: 'Message undeliverable' },
      ]),
    );
    const [after] = await messagesOf(s.userId);
    expect(after!.state).toBe('failed');
    expect(after!.error).toContain('131026');
  }, 30_000);
});

describe('opt-out', () => {
  it('sends nothing to a number that opted out, says so, and sends again once it is removed', async () => {
    const s = await studentWithParent('01233334444');
    const made = await staff('POST', '/staff/phone-opt-outs', {
      phone: '0123 333 4444',
      reason: 'طلب ولي الأمر بالهاتف',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({
      phone: '01233334444',
      reason: 'طلب ولي الأمر بالهاتف',
    });
    const again = await staff('POST', '/staff/phone-opt-outs', { phone: '01233334444' });
    expect(again.statusCode).toBe(409);

    const before = provider.received.length;
    const res = await staff('POST', '/staff/parent-messages', {
      audience: 'student',
      student_id: s.userId,
      content: 'رسالة',
      channel: 'sms',
    });
    expect(res.json().data).toEqual({ queued: 0, opted_out: 1, without_phone: 0 });
    await settle();
    expect(
      provider.received.slice(before).filter((r) => r.body.recipients === '201233334444'),
    ).toEqual([]);
    const [message] = await messagesOf(s.userId);
    expect(message).toMatchObject({ state: 'failed', attempts: 0 });
    expect(message!.error).toBe('لم تُرسل: صاحب الرقم طلب إيقاف الرسائل');
    // Its retry is refused while the number is out.
    const retry = await staff('POST', `/staff/phone-messages/${message!.id}/retry`);
    expect(retry.statusCode).toBe(409);

    const removed = await staff('DELETE', `/staff/phone-opt-outs/${made.json().data.id}`);
    expect(removed.statusCode).toBe(200);
    const retried = await staff('POST', `/staff/phone-messages/${message!.id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await settle();
    expect(provider.taken.filter((r) => r.body.clientMessageId === message!.id)).toHaveLength(1);
    expect((await messagesOf(s.userId))[0]!.state).toBe('sent');
  }, 30_000);

  it('fails a message already waiting when its number opts out before its turn', async () => {
    const s = await studentWithParent('01255556666');
    // The worker is busy elsewhere: the message waits behind a slow answer.
    provider.answer((r) => ({ ...takenAnswer(r), delayMs: 300 }));
    const other = await studentWithParent();
    await staff('POST', '/staff/parent-messages', {
      audience: 'student',
      student_id: other.userId,
      content: 'أولًا',
      channel: 'sms',
    });
    await staff('POST', '/staff/parent-messages', {
      audience: 'student',
      student_id: s.userId,
      content: 'ثانيًا',
      channel: 'sms',
    });
    await staff('POST', '/staff/phone-opt-outs', { phone: '01255556666' });
    await settle();
    const [message] = await messagesOf(s.userId);
    if (message!.state === 'failed') {
      expect(message!.error).toBe('لم تُرسل: صاحب الرقم طلب إيقاف الرسائل');
      expect(provider.received.filter((r) => r.body.recipients === '201255556666')).toEqual([]);
    } else {
      // Its turn came before the opt-out: it went, once.
      expect(message!.state).toBe('sent');
    }
  }, 30_000);
});

describe('the school’s switches', () => {
  async function finishExam(student: TestStudent) {
    const exam = await makeExam(server.db, {
      questions: [
        { type: 'truefalse', mark: 2 },
        { type: 'truefalse', mark: 2 },
      ],
      passPercentage: 50,
    });
    const api = examClient(server.app, student.token);
    const token = await api.tokenFor(exam.id);
    const [q1, q2] = exam.questions;
    const res = await api.submit(token, [
      { question_id: q1!.id, chosen_answer: q1!.right! },
      { question_id: q2!.id, chosen_answer: q2!.wrong! },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    return exam;
  }

  const setSwitches = (values: object) => staff('PATCH', '/staff/settings', values);

  it('sends no exam result to the parent while the switch is off, and the result once when on', async () => {
    const off = await studentWithParent();
    expect((await setSwitches({ parent_exam_results: false })).statusCode).toBe(200);
    await finishExam(off);
    await settle();
    expect(await messagesOf(off.userId)).toEqual([]);

    const on = await studentWithParent('01277778888');
    expect((await setSwitches({ parent_exam_results: true })).statusCode).toBe(200);
    const exam = await finishExam(on);
    await settle();
    const messages = await messagesOf(on.userId);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      template: 'exam_result',
      recipient: 'parent',
      state: 'sent',
    });
    // One of two right, 2 of 4 marks: 50 %, the pass mark.
    expect(messages[0]!.body).toContain(`امتحان «${exam.name}»: 2 من 4 (50%)، ناجح`);
    await setSwitches({ parent_exam_results: false });
  }, 60_000);

  it('sends no weekly summary while the switch is off; one per parent and week when on', async () => {
    const s = await studentWithParent();
    const course = await makeCourse(server, { payType: 'course', lectures: 1 });
    await enrol(s.userId, course.id);
    await setSwitches({ parent_weekly_summary: false });
    expect(await sendWeeklySummaries(ctxOf())).toBe(0);
    expect(await messagesOf(s.userId)).toEqual([]);

    await setSwitches({ parent_weekly_summary: true });
    expect(await sendWeeklySummaries(ctxOf())).toBeGreaterThanOrEqual(1);
    // The same week again: nothing new.
    expect(await sendWeeklySummaries(ctxOf())).toBe(0);
    await settle();
    const messages = await messagesOf(s.userId);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.template).toBe('weekly_summary');
    expect(messages[0]!.body).toContain('ملخص أسبوع');
    expect(messages[0]!.body).toContain(`الدورات: ${course.name}`);
    expect(messages[0]!.body).toContain('المحاضرات التي شاهدها: لا توجد');
    await setSwitches({ parent_weekly_summary: false });
  }, 60_000);
});

function ctxOf() {
  return {
    db: server.db,
    jobs: server.app.jobs,
    config: server.config,
  };
}

describe('the students’ import', () => {
  it('queues an imported student’s set-password link to the student’s own phone', async () => {
    const student = await makeStudent(server.db);
    const result = await sendToStudentOrParent(ctxOf(), {
      to: student.phone,
      recipient: 'student',
      userId: student.userId,
      channel: 'sms',
      ...studentInvitation('منى أحمد', 'https://school.example/set-password?token=abc'),
    });
    expect(result.queued).toBe(true);
    await settle();
    const [message] = await messagesOf(student.userId);
    expect(message!.body).toBe(
      'دَرس: أهلًا منى أحمد، أنشأنا لك حسابًا على المنصة. اضبط كلمة المرور من هذا الرابط: https://school.example/set-password?token=abc',
    );
    expect(message).toMatchObject({
      recipient: 'student',
      state: 'sent',
      template: 'student_invitation',
    });
  }, 30_000);

  it('refuses a number that is not an Egyptian mobile, and queues nothing', async () => {
    const result = await sendToStudentOrParent(ctxOf(), {
      to: '0225551234',
      recipient: 'parent',
      ...studentInvitation('س', 'https://school.example'),
    });
    expect(result).toEqual({ queued: false, id: null, reason: 'bad_phone' });
  });
});

describe('the staff’s calls', () => {
  it('sends to a course’s parents, counts those without a number, and writes one audit row', async () => {
    const course = await makeCourse(server, { payType: 'course', lectures: 1 });
    const withPhone = await studentWithParent();
    const without = await makeStudent(server.db);
    for (const s of [withPhone, without]) await enrol(s.userId, course.id);
    const res = await staff('POST', '/staff/parent-messages', {
      audience: 'course',
      course_id: course.id,
      content: 'نتائج الشهر متاحة',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ queued: 1, opted_out: 0, without_phone: 1 });
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource', '=', 'parent_messages')
      .where('resource_id', '=', String(course.id))
      .where('after', 'like', '%"audience":"course"%')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user_id).toBe(admin.userId);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({
      audience: 'course',
      queued: 1,
      without_phone: 1,
    });
  });

  it('refuses an audience with no parent’s number, in Arabic', async () => {
    const s = await makeStudent(server.db);
    const res = await staff('POST', '/staff/parent-messages', {
      audience: 'student',
      student_id: s.userId,
      content: 'رسالة',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('لا يوجد في هذه الفئة طالب مسجَّل له رقم ولي أمر');
  });

  it('lists the messages newest first with their state, and filters by state', async () => {
    const list = await staff('GET', '/staff/phone-messages?per_page=100');
    expect(list.statusCode).toBe(200);
    const rows = list.json().data as { id: number; state: string; phone: string }[];
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => b - a));
    expect(rows.every((r) => /^01[0125]\d{8}$/.test(r.phone))).toBe(true);
    const failed = await staff('GET', '/staff/phone-messages?state=failed&per_page=100');
    expect((failed.json().data as { state: string }[]).every((r) => r.state === 'failed')).toBe(
      true,
    );
    const sent = await staff(
      'POST',
      `/staff/phone-messages/${rows.find((r) => r.state === 'sent')!.id}/retry`,
    );
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe('لا يُعاد إلا إرسال رسالة لم تصل');
  });

  it('pages the messages: the total counts every match, a page is its slice, sort and filters apply', async () => {
    type Listed = { id: number; phone: string; student: { id: number } | null };
    const list = async (query: string) => {
      const res = await staff('GET', `/staff/phone-messages?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: Listed[]; meta: { total: number } };
      return { ids: body.data.map((m) => m.id), data: body.data, total: body.meta.total };
    };
    const s = await studentWithParent('01211223344');
    for (const content of ['أولى', 'ثانية', 'ثالثة']) {
      await staff('POST', '/staff/parent-messages', {
        audience: 'student',
        student_id: s.userId,
        content,
        channel: 'sms',
      });
    }
    await settle();
    const all = await list('per_page=100');
    expect(all.ids.length).toBeGreaterThan(3);
    expect(all.total).toBe(all.ids.length);
    const second = await list('per_page=2&page=2');
    expect(second.ids).toEqual(all.ids.slice(2, 4));
    expect(second.total).toBe(all.total);
    const oldest = await list('per_page=100&sort=id&order=asc');
    expect(oldest.ids).toEqual([...all.ids].reverse());
    const ofStudent = await list(`student_id=${s.userId}&per_page=2`);
    expect(ofStudent.total).toBe(3);
    expect(ofStudent.ids).toHaveLength(2);
    expect(ofStudent.data.every((m) => m.student?.id === s.userId)).toBe(true);
    const byPhone = await list('q=0121%20122%203344&per_page=100');
    expect(byPhone.total).toBe(3);
    expect(byPhone.data.every((m) => m.phone === '01211223344')).toBe(true);
    expect(byPhone.ids).toEqual([...byPhone.ids].sort((a, b) => b - a));
  }, 30_000);

  it('pages the opt-outs newest first, the total counting every match of the search', async () => {
    for (const phone of ['01090000001', '01090000002', '01090000003']) {
      expect((await staff('POST', '/staff/phone-opt-outs', { phone })).statusCode).toBe(200);
    }
    const list = async (query: string) => {
      const res = await staff('GET', `/staff/phone-opt-outs?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: { phone: string }[]; meta: { total: number } };
      return { phones: body.data.map((o) => o.phone), total: body.meta.total };
    };
    expect(await list('q=109000000&per_page=2')).toEqual({
      phones: ['01090000003', '01090000002'],
      total: 3,
    });
    expect(await list('q=109000000&per_page=2&page=2')).toEqual({
      phones: ['01090000001'],
      total: 3,
    });
    expect(await list('q=0109%20000%200002')).toEqual({ phones: ['01090000002'], total: 1 });
    const all = await list('per_page=100');
    expect(all.total).toBe(all.phones.length);
    expect(all.phones.slice(0, 3)).toEqual(['01090000003', '01090000002', '01090000001']);
  });
});
