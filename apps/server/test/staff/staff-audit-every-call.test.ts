import { randomBytes } from 'node:crypto';
import { multipartForm, type FormPart } from '../factories/uploads';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API_BASE, endpoints, type EndpointDef } from '@dars/contract';
import { insertOrder, newOrderId } from '../../src/modules/payments/payment-orders';
import { hashToken } from '../../src/lib/tokens';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeExam } from '../factories/exams';
import { examClient, PNG } from '../exams/exam-client';
import { providerAnswer, providerStandIn } from '../payments/payment-client';
import { makePendingRecharge, makeStaff } from './staff-factory';
import { STAFF_ROLE_TABLE } from './staff-role-table';

/**
 * Every change a staff call makes leaves exactly one audit row (ADR 022), written in the same
 * transaction as the change. For each mutating staff call of the contract, a hand-written row
 * below builds a real, valid request and names the audit row it must write (action, resource
 * and the record it is about). Each call is made three ways:
 * - with the audit table refusing inserts (a trigger, on SQLite and PostgreSQL): a 500, and
 *   nothing in the database changed, so no change can land without its row;
 * - as it is: a 200, and exactly that one audit row, naming the staff member who made it;
 * - refused (an unknown record or a bad body): a 4xx, nothing changed and no audit row.
 * Sign-out is the one mutating call without a row: it ends the caller's own session and changes
 * nothing of the school's (its row says so and the test checks it writes none).
 * Files are not in the database: an image, attachment or video stored before its record’s change was
 * refused stays in storage, unreferenced (the database, which is what students see, is whole).
 */

type Part = FormPart;
type Request = {
  url: string;
  payload?: object;
  form?: Part[];
  /**
   * The audit row's resource_id: the record's id, 'created' for the id the answer gives,
   * 'import' for the import's id it gives, or null.
   */
  target: string | number | null | 'created' | 'import';
};
type Row = {
  /** `METHOD /staff/…`, as in the role table. */
  route: string;
  /** The audit row the change must write; null: the call writes none (see above). */
  audit: { action: string; resource: string } | null;
  /** A fresh valid request (what it needs is made first, by the factories or as an admin). */
  make: () => Promise<Request>;
  /** A request that is refused (default: the same call on a record that does not exist). */
  refused?: () => Promise<Request>;
};

const fawryPaid = new Map<string, number>();
const providers = providerStandIn((call) => {
  if (call.url.pathname === '/ECommerceWeb/Fawry/payments/status/v2') {
    const ref = call.url.searchParams.get('merchantRefNumber')!;
    const amount = fawryPaid.get(ref);
    return providerAnswer({
      statusCode: 200,
      merchantRefNumber: ref,
      fawryRefNumber: '9990076204',
      paymentAmount: amount ?? 0,
      orderAmount: amount ?? 0,
      orderStatus: amount === undefined ? 'UNPAID' : 'PAID',
      paymentMethod: 'CARD',
    });
  }
  return providerAnswer({}, 404);
});

let server: TestServer;
let admin: TestStudent;
let leader: TestStudent;

beforeAll(async () => {
  server = await startTestServer({
    fetch: providers.fetch,
    env: {
      PAYMENTS_SANDBOX: 'off',
      // Text messages are queued, not sent meanwhile: no worker changes rows between snapshots.
      JOBS_WORKER: 'off',
      // A failed video's ladder can be asked for again (ADR 055); queued, never run here.
      VIDEO_TRANSCODE: 'on',
      FAWRY_MERCHANT_CODE: 'is0N+YQzlE4=',
      FAWRY_SECURE_KEY: 'fawry-secure-key-live',
    },
  });
  admin = await makeStaff(server.db, 'admin', { name: 'مدير التدقيق' });
  leader = await makeStaff(server.db, 'leader', { name: 'مشرف التدقيق' });
}, 120_000);
afterAll(() => server?.close());

function send(method: string, request: Request, token: string) {
  const body = request.form
    ? multipartForm(request.form)
    : { headers: {}, payload: request.payload ?? (method === 'DELETE' ? undefined : {}) };
  return server.app.inject({
    method: method as 'POST',
    url: API_BASE + request.url,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}`, ...body.headers },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
  });
}

/** An admin's call that makes what a row needs; its id. */
async function made(url: string, payload: object): Promise<number> {
  const res = await send('POST', { url, payload, target: null }, admin.token);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().data.id;
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${++seq}`;
const course = () => made('/staff/courses', { name: `دورة ${unique()}`, pay_type: 'course' });
const lecture = async () =>
  made('/staff/lectures', { course_id: await course(), name: `محاضرة ${unique()}` });
const exam = () => made('/staff/exams', { name: `امتحان ${unique()}`, exam_code: unique() });
const bank = () => made('/staff/question-banks', { name: `بنك ${unique()}` });
/** A bank with one true/false question worth 1 (a rule may draw one from it). */
const bankWithQuestion = async () => {
  const id = await bank();
  await made('/staff/questions', {
    bank_id: id,
    type: 'truefalse',
    text: 'سؤال',
    correct_true: true,
  });
  return id;
};
const question = async () =>
  made('/staff/questions', { exam_id: await exam(), type: 'essay', text: 'اشرح' });
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(500), Buffer.from('%%EOF')]);
const png = (name = 'file'): Part => ({ name, value: PNG, filename: 'a.png' });
const SVG: Part = {
  name: 'file',
  value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  filename: 'a.svg',
};

async function pendingRecharge(): Promise<number> {
  return makePendingRecharge(server.db, (await makeStudent(server.db)).userId, 4_000);
}

async function essayWaitingForMarks(): Promise<number> {
  const built = await makeExam(server.db, { questions: [{ type: 'essay', mark: 4 }] });
  const student = await makeStudent(server.db);
  const api = examClient(server.app, student.token);
  const token = await api.tokenFor(built.id);
  const q = built.questions[0]!;
  const res = await api.submit(token, [{ question_id: q.id, answer_text: 'نص الإجابة' }]);
  expect(res.statusCode, res.body).toBe(200);
  const row = await server.db
    .selectFrom('answer_attempts')
    .innerJoin('exam_sessions', 'exam_sessions.id', 'answer_attempts.session_id')
    .select('answer_attempts.id')
    .where('exam_sessions.user_id', '=', student.userId)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function ticket(status: 'open' | 'closed'): Promise<number> {
  const student = await makeStudent(server.db);
  const row = await server.db
    .insertInto('support_tickets')
    .values({
      user_id: student.userId,
      title: 'مشكلة في الشحن',
      content: 'لم يصل الرصيد',
      name: null,
      email: null,
      phone: null,
      platform: 'web',
      status,
      created_at: new Date().toISOString(),
      closed_at: status === 'closed' ? new Date().toISOString() : null,
      closed_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function blockedStudent(): Promise<number> {
  const student = await makeStudent(server.db);
  const res = await send(
    'POST',
    { url: `/staff/students/${student.userId}/block`, payload: {}, target: null },
    admin.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return student.userId;
}

async function paidFawryOrder(): Promise<string> {
  const student = await makeStudent(server.db);
  const id = newOrderId();
  await insertOrder(server.db, {
    id,
    userId: student.userId,
    method: 'fawry',
    provider: 'fawry',
    amount: 3_000,
  });
  fawryPaid.set(id, 30);
  return id;
}

const student = async () => (await makeStudent(server.db)).userId;
let phones = 0;
/** A mobile number no account has yet. */
const freshPhone = () => `0127${String(++phones).padStart(7, '0')}`;
const batch = () => made('/staff/paycard-batches', { value: 20, count: 1 });
let parents = 0;
/** A parent's mobile number of its own. */
const parentPhone = () => `0128${String(++parents).padStart(7, '0')}`;
/** A student with a parent's number (ADR 053). */
async function studentWithParent(): Promise<number> {
  const id = await student();
  await server.db
    .updateTable('users')
    .set({ parent_phone: parentPhone() })
    .where('id', '=', id)
    .execute();
  return id;
}
/** A video with a file whose ladder's job failed (ADR 055). */
async function failedVideo(): Promise<number> {
  const id = await made('/staff/videos', { lecture_id: await lecture(), name: 'فيديو' });
  await server.db
    .updateTable('videos')
    .set({
      source_path: `videos/${id}-failed.mp4`,
      duration_seconds: 60,
      transcode_state: 'failed',
      transcode_error: 'تعذّر تحويل الفيديو',
    })
    .where('id', '=', id)
    .execute();
  return id;
}
/** A text message to a parent that failed (the provider refused it). */
async function failedMessage(): Promise<number> {
  const now = new Date().toISOString();
  const row = await server.db
    .insertInto('messages')
    .values({
      recipient_phone: `+20${parentPhone().slice(1)}`,
      recipient: 'parent',
      user_id: await student(),
      channel: 'sms',
      provider: null,
      template: 'staff_message',
      params: JSON.stringify(['دَرس', 'رسالة']),
      body: 'دَرس: رسالة',
      state: 'failed',
      provider_message_id: null,
      error: 'رفضها مزوّد الخدمة',
      dedupe_key: null,
      sent_by: null,
      created_at: now,
      updated_at: now,
      sent_at: null,
      delivered_at: null,
      failed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Every mutating staff call and the audit row it writes, by hand (ADR 022, 025, 029, 030, 031).
 * Updates, deletions, uploads and decisions name the record changed; a create names the new
 * record; settings and the header images name none. A lectures' reorder names their course.
 */
const ROWS: Row[] = [
  {
    route: 'POST /staff/logout',
    audit: null,
    make: async () => ({ url: '/staff/logout', target: null }),
  },

  ...(['grades', 'categories'] as const).flatMap((table): Row[] => {
    const one = () => made(`/staff/${table}`, { name: `اسم ${unique()}` });
    return [
      {
        route: `POST /staff/${table}`,
        audit: { action: 'create', resource: table },
        make: async () => ({
          url: `/staff/${table}`,
          payload: { name: `اسم ${unique()}` },
          target: 'created',
        }),
        refused: async () => ({ url: `/staff/${table}`, payload: { name: '' }, target: null }),
      },
      {
        route: `PATCH /staff/${table}/:id`,
        audit: { action: 'update', resource: table },
        make: async () => {
          const id = await one();
          return {
            url: `/staff/${table}/${id}`,
            payload: { name: `جديد ${unique()}` },
            target: id,
          };
        },
      },
      {
        route: `DELETE /staff/${table}/:id`,
        audit: { action: 'delete', resource: table },
        make: async () => {
          const id = await one();
          return { url: `/staff/${table}/${id}`, target: id };
        },
      },
    ];
  }),

  {
    route: 'POST /staff/teachers',
    audit: { action: 'create', resource: 'teachers' },
    make: async () => ({ url: '/staff/teachers', payload: { name: 'مدرس' }, target: 'created' }),
    refused: async () => ({ url: '/staff/teachers', payload: { name: '' }, target: null }),
  },
  {
    route: 'PATCH /staff/teachers/:id',
    audit: { action: 'update', resource: 'teachers' },
    make: async () => {
      const id = await made('/staff/teachers', { name: 'مدرس' });
      return { url: `/staff/teachers/${id}`, payload: { bio: 'نبذة' }, target: id };
    },
  },
  {
    route: 'DELETE /staff/teachers/:id',
    audit: { action: 'delete', resource: 'teachers' },
    make: async () => {
      const id = await made('/staff/teachers', { name: 'مدرس' });
      return { url: `/staff/teachers/${id}`, target: id };
    },
  },
  ...(['avatar', 'banner'] as const).map((kind): Row => ({
    route: `POST /staff/teachers/:id/${kind}`,
    audit: { action: 'upload', resource: 'teachers' },
    make: async () => {
      const id = await made('/staff/teachers', { name: 'مدرس' });
      return { url: `/staff/teachers/${id}/${kind}`, form: [png()], target: id };
    },
  })),

  {
    route: 'POST /staff/courses',
    audit: { action: 'create', resource: 'courses' },
    make: async () => ({
      url: '/staff/courses',
      payload: { name: 'دورة', pay_type: 'course' },
      target: 'created',
    }),
    refused: async () => ({ url: '/staff/courses', payload: { name: '' }, target: null }),
  },
  {
    route: 'PATCH /staff/courses/:id',
    audit: { action: 'update', resource: 'courses' },
    make: async () => {
      const id = await course();
      return { url: `/staff/courses/${id}`, payload: { name: 'اسم آخر' }, target: id };
    },
  },
  {
    route: 'DELETE /staff/courses/:id',
    audit: { action: 'delete', resource: 'courses' },
    make: async () => {
      const id = await course();
      return { url: `/staff/courses/${id}`, target: id };
    },
  },
  {
    route: 'POST /staff/courses/:id/image',
    audit: { action: 'upload', resource: 'courses' },
    make: async () => {
      const id = await course();
      return { url: `/staff/courses/${id}/image`, form: [png()], target: id };
    },
  },

  {
    route: 'POST /staff/lectures',
    audit: { action: 'create', resource: 'lectures' },
    make: async () => ({
      url: '/staff/lectures',
      payload: { course_id: await course(), name: 'محاضرة' },
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/lectures',
      payload: { course_id: 999_999, name: 'محاضرة' },
      target: null,
    }),
  },
  {
    route: 'PATCH /staff/lectures/:id',
    audit: { action: 'update', resource: 'lectures' },
    make: async () => {
      const id = await lecture();
      return { url: `/staff/lectures/${id}`, payload: { preview: true }, target: id };
    },
  },
  {
    route: 'DELETE /staff/lectures/:id',
    audit: { action: 'delete', resource: 'lectures' },
    make: async () => {
      const id = await lecture();
      return { url: `/staff/lectures/${id}`, target: id };
    },
  },
  {
    route: 'POST /staff/courses/:id/lectures/order',
    audit: { action: 'reorder', resource: 'courses' },
    make: async () => {
      const id = await course();
      const a = await made('/staff/lectures', { course_id: id, name: 'أ' });
      const b = await made('/staff/lectures', { course_id: id, name: 'ب' });
      return { url: `/staff/courses/${id}/lectures/order`, payload: { ids: [b, a] }, target: id };
    },
    refused: async () => {
      const id = await course();
      const a = await made('/staff/lectures', { course_id: id, name: 'أ' });
      await made('/staff/lectures', { course_id: id, name: 'ب' });
      return { url: `/staff/courses/${id}/lectures/order`, payload: { ids: [a] }, target: null };
    },
  },

  {
    route: 'POST /staff/videos',
    audit: { action: 'create', resource: 'videos' },
    make: async () => ({
      url: '/staff/videos',
      payload: { lecture_id: await lecture(), name: 'فيديو' },
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/videos',
      payload: { lecture_id: 999_999, name: 'فيديو' },
      target: null,
    }),
  },
  {
    route: 'PATCH /staff/videos/:id',
    audit: { action: 'update', resource: 'videos' },
    make: async () => {
      const id = await made('/staff/videos', { lecture_id: await lecture(), name: 'فيديو' });
      return { url: `/staff/videos/${id}`, payload: { views_limit: 2 }, target: id };
    },
  },
  {
    route: 'DELETE /staff/videos/:id',
    audit: { action: 'delete', resource: 'videos' },
    make: async () => {
      const id = await made('/staff/videos', { lecture_id: await lecture(), name: 'فيديو' });
      return { url: `/staff/videos/${id}`, target: id };
    },
  },

  {
    route: 'POST /staff/videos/:id/transcode',
    audit: { action: 'transcode', resource: 'videos' },
    make: async () => {
      const id = await failedVideo();
      return { url: `/staff/videos/${id}/transcode`, target: id };
    },
  },

  {
    route: 'POST /staff/attachments',
    audit: { action: 'create', resource: 'attachments' },
    make: async () => ({
      url: '/staff/attachments',
      form: [
        { name: 'lecture_id', value: String(await lecture()) },
        { name: 'name', value: 'ملخص' },
        { name: 'file', value: PDF, filename: 'notes.pdf' },
      ],
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/attachments',
      form: [
        { name: 'lecture_id', value: String(await lecture()) },
        { name: 'name', value: 'ملخص' },
        { name: 'file', value: Buffer.from('<script>1</script>'), filename: 'x.pdf' },
      ],
      target: null,
    }),
  },
  ...(['PATCH', 'DELETE'] as const).map((method): Row => ({
    route: `${method} /staff/attachments/:id`,
    audit: { action: method === 'PATCH' ? 'update' : 'delete', resource: 'attachments' },
    make: async () => {
      const res = await send(
        'POST',
        {
          url: '/staff/attachments',
          form: [
            { name: 'lecture_id', value: String(await lecture()) },
            { name: 'name', value: 'ملخص' },
            { name: 'file', value: PDF, filename: 'notes.pdf' },
          ],
          target: null,
        },
        admin.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as number;
      return {
        url: `/staff/attachments/${id}`,
        ...(method === 'PATCH' ? { payload: { name: 'ملخص آخر' } } : {}),
        target: id,
      };
    },
  })),

  {
    route: 'POST /staff/exams',
    audit: { action: 'create', resource: 'exams' },
    make: async () => ({
      url: '/staff/exams',
      payload: { name: 'امتحان', exam_code: unique() },
      target: 'created',
    }),
    refused: async () => ({ url: '/staff/exams', payload: { name: '' }, target: null }),
  },
  {
    route: 'PATCH /staff/exams/:id',
    audit: { action: 'update', resource: 'exams' },
    make: async () => {
      const id = await exam();
      return { url: `/staff/exams/${id}`, payload: { duration_minutes: 15 }, target: id };
    },
  },
  {
    route: 'DELETE /staff/exams/:id',
    audit: { action: 'delete', resource: 'exams' },
    make: async () => {
      const id = await exam();
      return { url: `/staff/exams/${id}`, target: id };
    },
  },

  {
    route: 'POST /staff/questions',
    audit: { action: 'create', resource: 'questions' },
    make: async () => ({
      url: '/staff/questions',
      payload: { exam_id: await exam(), type: 'essay', text: 'اشرح' },
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/questions',
      payload: { exam_id: 999_999, type: 'essay', text: 'اشرح' },
      target: null,
    }),
  },
  {
    route: 'PATCH /staff/questions/:id',
    audit: { action: 'update', resource: 'questions' },
    make: async () => {
      const id = await question();
      return { url: `/staff/questions/${id}`, payload: { mark: 3 }, target: id };
    },
  },
  {
    route: 'POST /staff/questions/:id/regrade',
    audit: { action: 'regrade', resource: 'questions' },
    make: async () => {
      const id = await question();
      return { url: `/staff/questions/${id}/regrade`, payload: { mark: 4 }, target: id };
    },
  },
  {
    route: 'DELETE /staff/questions/:id',
    audit: { action: 'delete', resource: 'questions' },
    make: async () => {
      const id = await question();
      return { url: `/staff/questions/${id}`, target: id };
    },
  },
  ...(['image', 'explain-image'] as const).map((kind): Row => ({
    route: `POST /staff/questions/:id/${kind}`,
    audit: { action: 'upload', resource: 'questions' },
    make: async () => {
      const id = await question();
      return { url: `/staff/questions/${id}/${kind}`, form: [png()], target: id };
    },
  })),

  {
    route: 'POST /staff/lecture-exams',
    audit: { action: 'create', resource: 'lecture-exams' },
    make: async () => ({
      url: '/staff/lecture-exams',
      payload: { lecture_id: await lecture(), exam_id: await exam() },
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/lecture-exams',
      payload: { lecture_id: await lecture(), exam_id: 999_999 },
      target: null,
    }),
  },
  {
    route: 'POST /staff/question-banks',
    audit: { action: 'create', resource: 'question-banks' },
    make: async () => ({
      url: '/staff/question-banks',
      payload: { name: `بنك ${unique()}`, course_id: await course() },
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/question-banks',
      payload: { name: `بنك ${unique()}`, course_id: 999_999 },
      target: null,
    }),
  },
  ...(['PATCH', 'DELETE'] as const).map((method): Row => ({
    route: `${method} /staff/question-banks/:id`,
    audit: { action: method === 'PATCH' ? 'update' : 'delete', resource: 'question-banks' },
    make: async () => {
      const id = await bank();
      return {
        url: `/staff/question-banks/${id}`,
        ...(method === 'PATCH' ? { payload: { name: 'بنك بعد التعديل' } } : {}),
        target: id,
      };
    },
  })),
  {
    route: 'POST /staff/exam-draw-rules',
    audit: { action: 'create', resource: 'exam-draw-rules' },
    make: async () => ({
      url: '/staff/exam-draw-rules',
      payload: { exam_id: await exam(), bank_id: await bankWithQuestion(), mark: 1, count: 1 },
      target: 'created',
    }),
    // A rule asking for more than the bank holds is refused and leaves no rule and no audit row.
    refused: async () => ({
      url: '/staff/exam-draw-rules',
      payload: { exam_id: await exam(), bank_id: await bankWithQuestion(), mark: 1, count: 2 },
      target: null,
    }),
  },
  ...(['PATCH', 'DELETE'] as const).map((method): Row => ({
    route: `${method} /staff/exam-draw-rules/:id`,
    audit: { action: method === 'PATCH' ? 'update' : 'delete', resource: 'exam-draw-rules' },
    make: async () => {
      const id = await made('/staff/exam-draw-rules', {
        exam_id: await exam(),
        bank_id: await bankWithQuestion(),
        mark: 1,
        count: 1,
      });
      return {
        url: `/staff/exam-draw-rules/${id}`,
        ...(method === 'PATCH' ? { payload: { tag: null } } : {}),
        target: id,
      };
    },
  })),
  {
    route: 'POST /staff/exam-accommodations',
    audit: { action: 'create', resource: 'exam-accommodations' },
    make: async () => ({
      url: '/staff/exam-accommodations',
      payload: { user_id: await student(), exam_id: await exam(), extra_minutes: 15 },
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/exam-accommodations',
      payload: { user_id: await student(), exam_id: await exam() },
      target: null,
    }),
  },
  ...(['PATCH', 'DELETE'] as const).map((method): Row => ({
    route: `${method} /staff/exam-accommodations/:id`,
    audit: { action: method === 'PATCH' ? 'update' : 'delete', resource: 'exam-accommodations' },
    make: async () => {
      const id = await made('/staff/exam-accommodations', {
        user_id: await student(),
        extra_percent: 50,
      });
      return {
        url: `/staff/exam-accommodations/${id}`,
        ...(method === 'PATCH' ? { payload: { extra_minutes: 10 } } : {}),
        target: id,
      };
    },
  })),
  {
    route: 'POST /staff/exam-attempt-grants',
    audit: { action: 'create', resource: 'exam-attempt-grants' },
    make: async () => ({
      url: '/staff/exam-attempt-grants',
      payload: { user_id: await student(), exam_id: await exam() },
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/exam-attempt-grants',
      payload: { user_id: await student(), exam_id: 987_654 },
      target: null,
    }),
  },
  ...(['PATCH', 'DELETE'] as const).map((method): Row => ({
    route: `${method} /staff/exam-attempt-grants/:id`,
    audit: { action: method === 'PATCH' ? 'update' : 'delete', resource: 'exam-attempt-grants' },
    make: async () => {
      const id = await made('/staff/exam-attempt-grants', {
        user_id: await student(),
        exam_id: await exam(),
      });
      return {
        url: `/staff/exam-attempt-grants/${id}`,
        ...(method === 'PATCH' ? { payload: { extra_attempts: 2 } } : {}),
        target: id,
      };
    },
  })),
  ...(['PATCH', 'DELETE'] as const).map((method): Row => ({
    route: `${method} /staff/lecture-exams/:id`,
    audit: { action: method === 'PATCH' ? 'update' : 'delete', resource: 'lecture-exams' },
    make: async () => {
      const id = await made('/staff/lecture-exams', {
        lecture_id: await lecture(),
        exam_id: await exam(),
      });
      return {
        url: `/staff/lecture-exams/${id}`,
        ...(method === 'PATCH' ? { payload: { must_take: true } } : {}),
        target: id,
      };
    },
  })),

  {
    route: 'PATCH /staff/settings',
    audit: { action: 'update', resource: 'settings' },
    make: async () => {
      const now = await send('GET', { url: '/staff/settings', target: null }, admin.token);
      const shown = now.json().data.teachers_page as boolean;
      return { url: '/staff/settings', payload: { teachers_page: !shown }, target: null };
    },
    refused: async () => ({
      url: '/staff/settings',
      payload: { teachers_page: 'نعم' },
      target: null,
    }),
  },
  {
    route: 'PUT /staff/home/header-images',
    audit: { action: 'update', resource: 'header-images' },
    make: async () => ({
      url: '/staff/home/header-images',
      payload: { header_images: [{ url: `https://img.test/${unique()}.png` }] },
      target: null,
    }),
    refused: async () => ({
      url: '/staff/home/header-images',
      payload: { header_images: [{ url: 'ليس رابطاً' }] },
      target: null,
    }),
  },
  {
    route: 'POST /staff/home/header-images/upload',
    audit: { action: 'upload', resource: 'header-images' },
    make: async () => ({ url: '/staff/home/header-images/upload', form: [png()], target: null }),
    refused: async () => ({ url: '/staff/home/header-images/upload', form: [SVG], target: null }),
  },
  {
    route: 'POST /staff/settings/brand-image',
    audit: { action: 'upload', resource: 'settings' },
    make: async () => ({ url: '/staff/settings/brand-image', form: [png()], target: null }),
    refused: async () => ({ url: '/staff/settings/brand-image', form: [SVG], target: null }),
  },

  {
    route: 'POST /staff/accounts',
    audit: { action: 'create', resource: 'accounts' },
    make: async () => {
      const tag = unique();
      return {
        url: '/staff/accounts',
        payload: {
          name: 'مشرف',
          email: `staff-${tag}@dars.test`,
          phone: `012${String(Date.now() + seq).slice(-8)}`,
          role: 'leader',
          password: 'dars12345',
        },
        target: 'created',
      };
    },
    refused: async () => ({ url: '/staff/accounts', payload: { name: 'مشرف' }, target: null }),
  },
  {
    route: 'PATCH /staff/accounts/:id',
    audit: { action: 'update', resource: 'accounts' },
    make: async () => {
      const id = (await makeStaff(server.db, 'leader')).userId;
      return { url: `/staff/accounts/${id}`, payload: { role: 'admin' }, target: id };
    },
  },
  {
    route: 'POST /staff/accounts/:id/invitation',
    audit: { action: 'invite', resource: 'accounts' },
    make: async () => {
      const id = (await makeStaff(server.db, 'teacher')).userId;
      return { url: `/staff/accounts/${id}/invitation`, target: id };
    },
  },
  {
    route: 'DELETE /staff/accounts/:id',
    audit: { action: 'delete', resource: 'accounts' },
    make: async () => {
      const id = (await makeStaff(server.db, 'leader')).userId;
      return { url: `/staff/accounts/${id}`, target: id };
    },
  },

  {
    route: 'POST /staff/mobile-payments/:id/approve',
    audit: { action: 'approve', resource: 'mobile-payments' },
    make: async () => {
      const id = await pendingRecharge();
      return { url: `/staff/mobile-payments/${id}/approve`, target: id };
    },
  },
  {
    route: 'POST /staff/mobile-payments/:id/reject',
    audit: { action: 'reject', resource: 'mobile-payments' },
    make: async () => {
      const id = await pendingRecharge();
      return {
        url: `/staff/mobile-payments/${id}/reject`,
        payload: { reason: 'الإيصال غير واضح' },
        target: id,
      };
    },
  },
  {
    route: 'POST /staff/marking/:id',
    audit: { action: 'mark', resource: 'marking' },
    make: async () => {
      const id = await essayWaitingForMarks();
      return { url: `/staff/marking/${id}`, payload: { mark: 3 }, target: id };
    },
  },
  {
    route: 'POST /staff/students/:id/balance',
    audit: { action: 'balance', resource: 'students' },
    make: async () => {
      const id = await student();
      return {
        url: `/staff/students/${id}/balance`,
        payload: { amount: 12.5, comment: 'تعويض' },
        target: id,
      };
    },
  },
  {
    route: 'POST /staff/students/:id/password-reset',
    audit: { action: 'password_reset', resource: 'students' },
    make: async () => {
      const id = await student();
      return { url: `/staff/students/${id}/password-reset`, target: id };
    },
  },
  {
    route: 'POST /staff/students/:id/block',
    audit: { action: 'block', resource: 'students' },
    make: async () => {
      const id = await student();
      return { url: `/staff/students/${id}/block`, payload: { reason: 'غش' }, target: id };
    },
  },
  {
    route: 'POST /staff/students/:id/unblock',
    audit: { action: 'unblock', resource: 'students' },
    make: async () => {
      const id = await blockedStudent();
      return { url: `/staff/students/${id}/unblock`, target: id };
    },
  },
  {
    route: 'POST /staff/students/:id/grants',
    audit: { action: 'grant', resource: 'students' },
    make: async () => {
      const id = await student();
      return {
        url: `/staff/students/${id}/grants`,
        payload: { course_id: await course(), cash_amount: 50 },
        target: id,
      };
    },
  },
  {
    route: 'POST /staff/students/:id/refunds',
    audit: { action: 'refund', resource: 'students' },
    make: async () => {
      const id = await student();
      const courseId = await course();
      const granted = await send(
        'POST',
        {
          url: `/staff/students/${id}/grants`,
          payload: { course_id: courseId, cash_amount: 50 },
          target: id,
        },
        admin.token,
      );
      expect(granted.statusCode, granted.body).toBe(200);
      return {
        url: `/staff/students/${id}/refunds`,
        payload: { course_id: courseId, to: 'cash', reason: 'لم يحضر' },
        target: id,
      };
    },
    refused: async () => {
      const id = await student();
      return {
        url: `/staff/students/${id}/refunds`,
        payload: { purchase_id: 999_999, to: 'cash', reason: 'لم يحضر' },
        target: id,
      };
    },
  },
  // A student's devices (ADR 051): the factory's student is signed in once, with no device id.
  {
    route: 'POST /staff/students/:id/devices/sign-out',
    audit: { action: 'sign_out_device', resource: 'students' },
    make: async () => {
      const signedIn = await makeStudent(server.db);
      const session = await server.db
        .selectFrom('auth_tokens')
        .select('id')
        .where('token_hash', '=', hashToken(signedIn.token))
        .executeTakeFirstOrThrow();
      return {
        url: `/staff/students/${signedIn.userId}/devices/sign-out`,
        payload: { session_id: session.id },
        target: signedIn.userId,
      };
    },
    refused: async () => {
      const id = await student();
      return {
        url: `/staff/students/${id}/devices/sign-out`,
        payload: { session_id: 999_999 },
        target: null,
      };
    },
  },
  {
    route: 'POST /staff/students/:id/devices/sign-out-all',
    audit: { action: 'sign_out_all', resource: 'students' },
    make: async () => {
      const id = await student();
      return { url: `/staff/students/${id}/devices/sign-out-all`, target: id };
    },
  },
  {
    route: 'POST /staff/students/:id/devices/reset',
    audit: { action: 'reset_devices', resource: 'students' },
    make: async () => {
      const id = await student();
      return { url: `/staff/students/${id}/devices/reset`, target: id };
    },
  },
  // Students brought in (ADR 052): a fresh phone each time.
  {
    route: 'POST /staff/students',
    audit: { action: 'create', resource: 'students' },
    make: async () => ({
      url: '/staff/students',
      payload: { name: 'طالب جديد', phone: freshPhone() },
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/students',
      payload: { name: '', phone: freshPhone() },
      target: null,
    }),
  },
  {
    route: 'PATCH /staff/students/:id',
    audit: { action: 'update', resource: 'students' },
    make: async () => {
      const id = await student();
      return { url: `/staff/students/${id}`, payload: { parent_phone: freshPhone() }, target: id };
    },
  },
  {
    route: 'POST /staff/students/import',
    audit: { action: 'import', resource: 'students' },
    make: async () => ({
      url: '/staff/students/import',
      form: [
        {
          name: 'file',
          value: Buffer.from(`الاسم,الهاتف\nطالب مستورد,${freshPhone()}`),
          filename: 'roster.csv',
        },
      ],
      target: 'import',
    }),
    refused: async () => ({
      url: '/staff/students/import',
      form: [{ name: 'file', value: Buffer.from('الاسم\nبلا هاتف'), filename: 'roster.csv' }],
      target: null,
    }),
  },
  {
    route: 'POST /staff/students/:id/invitation',
    audit: { action: 'invite', resource: 'students' },
    make: async () => {
      const id = await student();
      return { url: `/staff/students/${id}/invitation`, target: id };
    },
  },
  {
    route: 'POST /staff/messages',
    audit: { action: 'send', resource: 'messages' },
    make: async () => {
      const id = await student();
      return {
        url: '/staff/messages',
        payload: { audience: 'student', student_id: id, title: 'تنبيه', content: 'مرحباً' },
        target: id,
      };
    },
    refused: async () => ({
      url: '/staff/messages',
      payload: { audience: 'student', student_id: 999_999, title: 'تنبيه', content: 'مرحباً' },
      target: null,
    }),
  },
  // Text messages to parents, a retry, opt-outs (ADR 053); the demo's sandbox carries them.
  {
    route: 'POST /staff/parent-messages',
    audit: { action: 'send', resource: 'parent_messages' },
    make: async () => {
      const id = await studentWithParent();
      return {
        url: '/staff/parent-messages',
        payload: { audience: 'student', student_id: id, content: 'غدًا مراجعة' },
        target: id,
      };
    },
    refused: async () => ({
      url: '/staff/parent-messages',
      payload: { audience: 'student', student_id: 999_999, content: 'غدًا مراجعة' },
      target: null,
    }),
  },
  {
    route: 'POST /staff/phone-messages/:id/retry',
    audit: { action: 'retry', resource: 'phone_messages' },
    make: async () => {
      const id = await failedMessage();
      return { url: `/staff/phone-messages/${id}/retry`, target: id };
    },
  },
  {
    route: 'POST /staff/phone-opt-outs',
    audit: { action: 'create', resource: 'phone_opt_outs' },
    make: async () => ({
      url: '/staff/phone-opt-outs',
      payload: { phone: parentPhone(), reason: 'طلب ولي الأمر' },
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/phone-opt-outs',
      payload: { phone: '123' },
      target: null,
    }),
  },
  {
    route: 'DELETE /staff/phone-opt-outs/:id',
    audit: { action: 'delete', resource: 'phone_opt_outs' },
    make: async () => {
      const id = await made('/staff/phone-opt-outs', { phone: parentPhone() });
      return { url: `/staff/phone-opt-outs/${id}`, target: id };
    },
  },
  {
    route: 'PUT /staff/announcement',
    audit: { action: 'update', resource: 'settings' },
    make: async () => ({
      url: '/staff/announcement',
      payload: { general_announcement: `إعلان ${unique()}` },
      target: null,
    }),
    refused: async () => ({
      url: '/staff/announcement',
      payload: { general_announcement: 'س'.repeat(5001) },
      target: null,
    }),
  },

  {
    route: 'POST /staff/support-tickets/:id/replies',
    audit: { action: 'reply', resource: 'support-tickets' },
    make: async () => {
      const id = await ticket('open');
      return {
        url: `/staff/support-tickets/${id}/replies`,
        payload: { content: 'تمت إضافة الرصيد' },
        target: id,
      };
    },
  },
  {
    route: 'POST /staff/support-tickets/:id/close',
    audit: { action: 'close', resource: 'support-tickets' },
    make: async () => {
      const id = await ticket('open');
      return { url: `/staff/support-tickets/${id}/close`, target: id };
    },
  },
  {
    route: 'POST /staff/support-tickets/:id/reopen',
    audit: { action: 'reopen', resource: 'support-tickets' },
    make: async () => {
      const id = await ticket('closed');
      return { url: `/staff/support-tickets/${id}/reopen`, target: id };
    },
  },

  {
    route: 'POST /staff/paycard-batches',
    audit: { action: 'create', resource: 'paycard-batches' },
    make: async () => ({
      url: '/staff/paycard-batches',
      payload: { value: 25, count: 3 },
      target: 'created',
    }),
    refused: async () => ({
      url: '/staff/paycard-batches',
      payload: { value: 25, count: 1, course_id: 999_999 },
      target: null,
    }),
  },
  {
    route: 'POST /staff/paycard-batches/:id/disable',
    audit: { action: 'disable', resource: 'paycard-batches' },
    make: async () => {
      const id = await batch();
      return { url: `/staff/paycard-batches/${id}/disable`, target: id };
    },
  },
  {
    route: 'POST /staff/payment-orders/:id/recheck',
    audit: { action: 'recheck', resource: 'payment-orders' },
    make: async () => {
      const id = await paidFawryOrder();
      return { url: `/staff/payment-orders/${id}/recheck`, target: id };
    },
    refused: async () => ({
      url: '/staff/payment-orders/123456789012345678/recheck',
      target: null,
    }),
  },
];

/** A record that does not exist in place of the route's id. */
async function missingRecord(row: Row): Promise<Request> {
  const valid = await row.make();
  const [, path] = row.route.split(' ') as [string, string];
  const at = path.split('/').indexOf(':id');
  const url = valid.url
    .split('/')
    .map((part, i) => (i === at ? '999999' : part))
    .join('/');
  return { ...valid, url, target: null };
}

/**
 * The tables of this file's own database. Kysely's introspection reads every schema of the
 * PostgreSQL database by name, and failed with "schema … does not exist" when another test
 * file dropped its schema meanwhile (CI, 2026-11-28): only our schema is read, by catalogue.
 */
async function ownTables(): Promise<string[]> {
  const { rows } =
    server.dialect === 'postgres'
      ? await sql<{ name: string }>`
          select c.relname as name from pg_catalog.pg_class c
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
          where n.nspname = current_schema() and c.relkind in ('r', 'p')`.execute(server.db)
      : await sql<{ name: string }>`
          select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%'`.execute(server.db);
  return rows.map((r) => r.name);
}

/** Every table but the rate limits, each row as text, sorted; sessions without last use. */
async function snapshot(): Promise<Record<string, string[]>> {
  const tables = (await ownTables()).filter(
    (name) => !['rate_limits', 'kysely_migration', 'kysely_migration_lock'].includes(name),
  );
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      server.db,
    );
    out[table] = rows
      .map((r) => {
        const { last_used_at: _, ...rest } = r;
        return JSON.stringify(table === 'auth_tokens' ? rest : r);
      })
      .sort();
  }
  return out;
}

async function auditRows() {
  return server.db.selectFrom('staff_audit_log').selectAll().orderBy('id').execute();
}

/** The audit table refuses every insert while `run` runs. */
async function withAuditRefused<T>(run: () => Promise<T>): Promise<T> {
  if (server.dialect === 'sqlite') {
    await sql`create trigger staff_audit_refuse before insert on staff_audit_log
      begin select raise(abort, 'audit refused'); end`.execute(server.db);
  } else {
    await sql`create or replace function staff_audit_refuse() returns trigger language plpgsql
      as $$ begin raise exception 'audit refused'; end $$`.execute(server.db);
    await sql`create trigger staff_audit_refuse before insert on staff_audit_log
      for each row execute function staff_audit_refuse()`.execute(server.db);
  }
  try {
    return await run();
  } finally {
    await (
      server.dialect === 'sqlite'
        ? sql`drop trigger staff_audit_refuse`
        : sql`drop trigger staff_audit_refuse on staff_audit_log`
    ).execute(server.db);
  }
}

// A test that ran out of time must not leave the refusing trigger to the next one.
beforeEach(async () => {
  await (
    server.dialect === 'sqlite'
      ? sql`drop trigger if exists staff_audit_refuse`
      : sql`drop trigger if exists staff_audit_refuse on staff_audit_log`
  ).execute(server.db);
});

const method = (row: Row) => row.route.split(' ')[0]!;
const actorOf = (row: Row) => (STAFF_ROLE_TABLE[row.route] === 'admin' ? admin : leader);

describe('the table of audited calls', () => {
  it('has a row for every mutating staff call of the contract, and only those', () => {
    const mutating = (Object.values(endpoints) as EndpointDef[])
      .filter((def) => def.staff !== undefined && def.method !== 'GET')
      .map((def) => `${def.method} ${def.path}`)
      .sort();
    expect(ROWS.map((r) => r.route).sort()).toEqual(mutating);
    expect(new Set(ROWS.map((r) => r.route)).size).toBe(ROWS.length);
    expect(ROWS.filter((r) => r.audit === null).map((r) => r.route)).toEqual([
      'POST /staff/logout',
    ]);
  });
});

describe('every mutating staff call writes its audit row, in the change’s transaction', () => {
  it.for(ROWS.filter((r) => r.audit !== null))('$route', async (row) => {
    const actor = actorOf(row);
    const request = await row.make();

    // The audit table refuses: a 500, and nothing changed.
    const before = await snapshot();
    const failed = await withAuditRefused(() => send(method(row), request, actor.token));
    expect(failed.statusCode, `audit refused: ${failed.body.slice(0, 300)}`).toBe(500);
    expect(await snapshot(), 'nothing changed when the audit row could not be written').toEqual(
      before,
    );

    // As it is: a 200 and exactly the table's row, naming who made the change.
    const rows = await auditRows();
    const res = await send(method(row), request, actor.token);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const written = (await auditRows()).slice(rows.length);
    const target =
      request.target === 'created'
        ? res.json().data.id
        : request.target === 'import'
          ? res.json().data.import_id
          : request.target;
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      user_id: actor.userId,
      user_name: actor.name,
      action: row.audit!.action,
      resource: row.audit!.resource,
      resource_id: target === null ? null : String(target),
    });

    // Refused: a 4xx, nothing changed, no audit row.
    const bad = await (row.refused ?? (() => missingRecord(row)))();
    const untouched = await snapshot();
    const refused = await send(method(row), bad, actor.token);
    expect(refused.statusCode, refused.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode, refused.body.slice(0, 300)).toBeLessThan(500);
    expect(await snapshot()).toEqual(untouched);
  });

  it('a lecture video finished by tus writes its upload row, and none of it lands without one', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as { port: number };
    const video = await made('/staff/videos', { lecture_id: await lecture(), name: 'فيديو' });
    // An MP4 by its first bytes: an ftyp box, a moov whose movie header says 20 s, then data.
    const bytes = Buffer.concat([
      Buffer.from(
        '000000186674797069736f6d0000020069736f6d6d703432000000246d6f6f760000001c6d766864' +
          '000000000000000000000000000003e800004e20',
        'hex',
      ),
      randomBytes(2000),
    ]);
    const tus = { 'tus-resumable': '1.0.0', authorization: `Bearer ${leader.token}` };
    async function upload(): Promise<number> {
      const opened = await fetch(`http://127.0.0.1:${port}${API_BASE}/staff/uploads/videos`, {
        method: 'POST',
        headers: {
          ...tus,
          'upload-length': String(bytes.length),
          'upload-metadata': `video_id ${Buffer.from(String(video)).toString('base64')}`,
        },
      });
      expect(opened.status).toBe(201);
      const sent = await fetch(`http://127.0.0.1:${port}${opened.headers.get('location')}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: bytes,
      });
      return sent.status;
    }
    const sourceOf = async () =>
      (
        await server.db
          .selectFrom('videos')
          .select('source_path')
          .where('id', '=', video)
          .executeTakeFirstOrThrow()
      ).source_path;

    // The audit table refuses: the upload fails and the video has no file.
    const before = await snapshot();
    expect(await withAuditRefused(upload)).toBeGreaterThanOrEqual(500);
    expect(await snapshot()).toEqual(before);
    expect(await sourceOf()).toBeNull();

    const rows = (await auditRows()).length;
    expect(await upload()).toBe(204);
    expect(await sourceOf()).toMatch(/^videos\//);
    const written = (await auditRows()).slice(rows);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      user_id: leader.userId,
      action: 'upload',
      resource: 'videos',
      resource_id: String(video),
    });
  });

  it('sign-out writes no audit row: it ends the caller’s own session, nothing of the school’s', async () => {
    const own = await makeStaff(server.db, 'leader');
    const rows = (await auditRows()).length;
    const res = await send('POST', { url: '/staff/logout', target: null }, own.token);
    expect(res.statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(rows);
  });
});
