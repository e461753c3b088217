import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { API_BASE, endpoints, type EndpointDef } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { captureLog, errorLines } from '../captured-log';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';

/**
 * Walks every call of the contract's endpoint list and sends it what a careless or hostile
 * client sends: malformed JSON, wrong types, huge and NUL-bearing strings, out-of-range ids and
 * numbers, broken multipart. Whatever the database, the answer is never a 5xx, every message is
 * Arabic, and nothing reaches the error log.
 */

let server: TestServer;
let logLines: string[];

beforeAll(async () => {
  // 'warn' so the error log is real; its lines are captured instead of printed.
  server = await startTestServer({ env: { LOG_LEVEL: 'warn' } });
  logLines = captureLog(server.app);
}, 120_000);
afterAll(() => server?.close());

const ID_MAX = 2_147_483_647;
const NUL = 'a\u0000b';
const HUGE = 'س'.repeat(20_000);
/** Three Latin letters in a row: an English word leaking to the student. */
const LATIN_WORD = /[A-Za-z]{3,}/;

/** Values that must never crash a field, whatever its type. */
const POISON: unknown[] = [
  NUL,
  HUGE,
  ID_MAX + 1,
  99_999_999_999,
  -1,
  1.5,
  0,
  true,
  null,
  {},
  [],
  [NUL],
];

const BAD_PATH_IDS = [
  String(ID_MAX + 1),
  '99999999999',
  '0',
  '-1',
  '1.5',
  '1e3',
  'abc',
  '%00',
  '1%00',
  // Refused by Fastify before routing: bad %-encoding, a parameter over maxParamLength.
  '%E0%A4%A',
  '9'.repeat(300),
];
const BAD_QUERY_VALUES = [
  '%00',
  'a%00b',
  encodeURIComponent(HUGE.slice(0, 3000)),
  String(ID_MAX + 1),
  '99999999999',
  '-1',
  '1e400',
];

type Case = { name: string } & InjectOptions;

/**
 * A body each call would accept (or refuse only for business reasons), so that poisoning one
 * field at a time gets that field past every other check and onto the database.
 */
const SAMPLES: Record<string, Record<string, unknown>> = {
  register: {
    name: 'طالب جديد',
    email: 'new-student@dars.test',
    phone: '01012345678',
    password: 'dars12345',
    password_confirmation: 'dars12345',
    grade_id: 1,
  },
  login: { login: 'student@dars.test', password: 'wrong-password' },
  requestPasswordReset: { email: 'nobody@dars.test' },
  validatePasswordReset: { email: 'nobody@dars.test', code: '123456' },
  resetPassword: { password: 'dars12345' },
  verifyEmail: { code: '123456' },
  setPassword: { password: 'dars12345' },
  registerPushDevice: { device_token: 'device-token' },
  purchaseCourse: { pay_by: 'paycard', code: '1234 5678' },
  purchaseLecture: { pay_by: 'paycard', code: '1234 5678' },
  startExamSession: { exam_id: 1 },
  saveExamAnswers: { session_token: 'token', answers: [{ question_id: 1, chosen_answer: 1 }] },
  submitExamSession: { session_token: 'token', answers: [] },
  transferBalance: { amount: 10, wallet_address: 'DWT1' },
  lookupTransferRecipient: { wallet_address: 'DWT1' },
  rechargeCard: { code: '1234 5678' },
  updateProfile: { name: 'طالب', grade_id: 1 },
  changePassword: { current_password: 'wrong-password', password: 'dars12345' },
  signOutProfileDevice: { session_id: 1 },
  createSupportTicket: {
    title: 'سؤال',
    content: 'نص السؤال',
    name: 'زائر',
    email: 'guest@dars.test',
    phone: '01012345678',
  },
  replySupportTicket: { content: 'نص الرد' },
  replyGuestSupportTicket: { content: 'نص الرد' },
  // multipart text fields
  rechargeMobileWallet: { amount: '100', payer_number: '01012345678', message: 'تحويل' },
  saveExamImageAnswer: { session_token: 'token', question_id: '1', answer_text: 'إجابة' },
  // The staff console's calls (ADR 022), made by an admin.
  staffLogin: { email: 'admin@dars.test', password: 'wrong-password' },
  staffCreateGrade: { name: 'الصف التجريبي', position: 50 },
  staffUpdateGrade: { name: 'الصف التجريبي' },
  staffCreateCategory: { name: 'قسم تجريبي' },
  staffUpdateCategory: { name: 'قسم تجريبي' },
  staffCreateTeacher: {
    name: 'مدرس تجريبي',
    email: 't@dars.test',
    youtube_url: 'https://y.test/a',
  },
  staffUpdateTeacher: { name: 'مدرس تجريبي' },
  staffCreateCourse: { name: 'دورة تجريبية', pay_type: 'course', price: 10, grade_ids: [1] },
  staffUpdateCourse: { name: 'دورة تجريبية', price: 20, teacher_ids: [1] },
  staffCreateLecture: { course_id: 1, name: 'محاضرة', price: 5, expiry_days: 10 },
  staffUpdateLecture: { name: 'محاضرة', repurchase_price: 3 },
  staffOrderLectures: { ids: [1, 2] },
  staffCreateVideo: { lecture_id: 1, name: 'فيديو', views_limit: 3 },
  staffUpdateVideo: { name: 'فيديو' },
  staffUpdateAttachment: { name: 'ملف' },
  staffCreateAttachment: { lecture_id: '1', name: 'ملف' },
  staffCreateExam: { name: 'امتحان', exam_code: 'WALK1', duration_minutes: 10 },
  staffUpdateExam: { name: 'امتحان', starts_at: '2026-01-01T00:00:00Z' },
  staffCreateQuestion: {
    exam_id: 1,
    type: 'choices',
    text: 'سؤال',
    mark: 2,
    answers: [
      { text: 'أ', correct: true },
      { text: 'ب', correct: false },
    ],
  },
  staffUpdateQuestion: { text: 'سؤال' },
  staffCreateLectureExam: { lecture_id: 1, exam_id: 1, must_pass: true },
  staffUpdateLectureExam: { must_take: true },
  staffUpdateSettings: {
    appIsDown: false,
    contact_email: 'a@dars.test',
    max_devices_per_student: null,
  },
  staffPutHeaderImages: { header_images: [{ url: 'https://img.test/a.png', to: '/courses' }] },
  staffCreateAccount: {
    name: 'مشرف',
    email: 'walker-staff@dars.test',
    phone: '01011111111',
    role: 'leader',
    password: 'dars12345',
  },
  staffUpdateAccount: { name: 'مشرف' },
  staffRejectMobilePayment: { reason: 'لم يصل التحويل' },
  staffMarkAnswer: { mark: 1, comment: 'أحسنت' },
  staffAdjustBalance: { amount: 10, comment: 'تعويض' },
  staffBlockStudent: { reason: 'مشاركة الحساب' },
  staffGrantStudent: { lecture_id: 1, comment: 'منحة' },
  staffRefundSale: { purchase_id: 1, to: 'wallet', reason: 'تكرار' },
  staffSignOutStudentDevice: { device_id: 1 },
  staffSendMessage: {
    audience: 'student',
    student_id: 1,
    title: 'تنبيه',
    content: 'نص',
    to: '/wallet',
  },
  staffPutAnnouncement: { general_announcement: 'إعلان' },
  staffSendParentMessage: {
    audience: 'student',
    student_id: 1,
    content: 'غدًا مراجعة',
    channel: 'sms',
  },
  staffCreatePhoneOptOut: { phone: '01012345678', reason: 'طلب ولي الأمر' },
};
const PAYMENT_ORDER_SAMPLE = { amount: 100 };

function fieldsOf(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function pathWith(def: EndpointDef, value: string): string {
  return API_BASE + def.path.replace(/:[A-Za-z_]+/g, value);
}

function jsonCases(name: string, def: EndpointDef, url: string): Case[] {
  const json = { 'content-type': 'application/json' };
  const cases: Case[] = [
    { name: 'malformed JSON', url, headers: json, payload: '{"a":' },
    { name: 'a string body', url, headers: json, payload: '"نص"' },
    { name: 'an array body', url, headers: json, payload: '[]' },
    { name: 'a null body', url, headers: json, payload: 'null' },
    { name: 'a number body', url, headers: json, payload: '42' },
    { name: 'an empty JSON body', url, headers: json, payload: '' },
    {
      name: 'JSON in another charset',
      url,
      headers: { 'content-type': 'application/json; charset=latin1' },
      payload: '{}',
    },
    { name: 'a __proto__ key', url, headers: json, payload: '{"__proto__":{"a":1}}' },
    {
      name: 'a constructor.prototype key',
      url,
      headers: json,
      payload: '{"constructor":{"prototype":{"a":1}}}',
    },
    { name: 'a text/plain body', url, headers: { 'content-type': 'text/plain' }, payload: 'نص' },
    { name: 'an unknown content type', url, headers: { 'content-type': 'x/y' }, payload: 'x' },
  ];
  const fields = fieldsOf(def.body);
  const sample = SAMPLES[name] ?? (fields.includes('amount') ? PAYMENT_ORDER_SAMPLE : {});
  // One field poisoned at a time, the others valid, so each value reaches as far as it can.
  for (const field of fields) {
    for (const value of POISON) {
      const label = `${field}=${JSON.stringify(value)?.slice(0, 16)}`;
      cases.unshift({ name: label, url, payload: { ...sample, [field]: value } });
    }
    const raw = JSON.stringify({ ...sample, [field]: 0 }).replace(
      `"${field}":0`,
      `"${field}":1e400`,
    );
    cases.push({ name: `${field}=1e400`, url, headers: json, payload: raw });
  }
  for (const value of [NUL, {}]) {
    const body = Object.fromEntries(fields.map((f) => [f, value]));
    cases.push({ name: `every field ${JSON.stringify(value)}`, url, payload: body });
  }
  cases.push({ name: 'the sample body', url, payload: sample });
  return cases;
}

const BOUNDARY = '----dars-bad-input';
function multipartCases(name: string, def: EndpointDef, url: string): Case[] {
  const form = (boundary = BOUNDARY) => ({
    'content-type': `multipart/form-data; boundary=${boundary}`,
  });
  const part = (name: string, value: string, file = false) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.png"\r\nContent-Type: image/png' : ''}\r\n\r\n${value}\r\n`;
  const end = `--${BOUNDARY}--\r\n`;
  const fields = fieldsOf(def.body);
  const cases: Case[] = [
    {
      name: 'multipart without a boundary',
      url,
      headers: { 'content-type': 'multipart/form-data' },
      payload: part('a', 'b') + end,
    },
    {
      name: 'multipart with the wrong boundary',
      url,
      headers: form('other'),
      payload: part('a', 'b') + end,
    },
    {
      name: 'a truncated part',
      url,
      headers: form(),
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"; filename="a.png"\r\n\r\n\x89PNG`,
    },
    {
      name: 'a part without headers',
      url,
      headers: form(),
      payload: `--${BOUNDARY}\r\n\r\nvalue\r\n${end}`,
    },
    { name: 'an empty multipart body', url, headers: form(), payload: '' },
    { name: 'only the closing boundary', url, headers: form(), payload: end },
    {
      name: 'a file in an unknown field',
      url,
      headers: form(),
      payload: part('unknown', 'x', true) + end,
    },
    { name: 'JSON instead of multipart', url, payload: {} },
  ];
  const sample = SAMPLES[name] ?? {};
  const textParts = (without: string) =>
    Object.entries(sample)
      .filter(([f]) => f !== without)
      .map(([f, v]) => part(f, String(v)))
      .join('');
  for (const field of fields) {
    for (const value of [NUL, HUGE.slice(0, 5000), String(ID_MAX + 1), '1e400', '']) {
      cases.push({
        name: `multipart ${field}=${JSON.stringify(value.slice(0, 12))}`,
        url,
        headers: form(),
        payload: textParts(field) + part(field, value) + end,
      });
    }
    cases.push({
      name: `multipart ${field} as an empty file`,
      url,
      headers: form(),
      payload: part(field, '', true) + end,
    });
  }
  return cases;
}

function queryCases(def: EndpointDef, url: string): Case[] {
  const cases: Case[] = [{ name: 'a NUL query key', url: `${url}?%00=1` }];
  for (const key of fieldsOf(def.query)) {
    for (const value of BAD_QUERY_VALUES) {
      cases.push({ name: `?${key}=${value.slice(0, 12)}`, url: `${url}?${key}=${value}` });
    }
    cases.push({ name: `?${key} twice`, url: `${url}?${key}=1&${key}=2` });
  }
  return cases;
}

function casesFor(name: string, def: EndpointDef): Case[] {
  const url = pathWith(def, '1');
  const cases: Case[] = [];
  for (const bad of def.params ? BAD_PATH_IDS : []) {
    cases.push({ name: `path ${bad}`, url: pathWith(def, bad) });
  }
  if (def.query) cases.push(...queryCases(def, url));
  if (def.method !== 'GET') {
    cases.push(...(def.multipart ? multipartCases(name, def, url) : jsonCases(name, def, url)));
  }
  if (cases.length === 0) cases.push({ name: 'a plain call', url });
  return cases.map((c) => ({ ...c, method: def.method }));
}

/** Everything wrong with one answer: a 5xx, a body that is not our JSON error, English text. */
function problemsOf(res: LightMyRequestResponse): string[] {
  if (res.statusCode >= 500) return [`answered ${res.statusCode}: ${res.body.slice(0, 200)}`];
  if (res.statusCode < 400) return [];
  let body: { message?: unknown; errors?: Record<string, unknown[]> };
  try {
    body = res.json();
  } catch {
    return [`answered ${res.statusCode} without JSON: ${res.body.slice(0, 200)}`];
  }
  const messages = [body.message, ...Object.values(body.errors ?? {}).flat()];
  return messages
    .filter((m) => typeof m !== 'string' || m.length === 0 || LATIN_WORD.test(m))
    .map((m) => `answered ${res.statusCode} with ${JSON.stringify(m)}`);
}

describe('bad input never gives a 5xx, an English message or an error log', () => {
  const list = Object.entries(endpoints as Record<string, EndpointDef>);

  it('walks the whole endpoint list', () => {
    expect(list.length).toBeGreaterThanOrEqual(47);
  });

  it.each(list)('%s', async (name, def) => {
    // Staff calls are made by an admin, so that bad input gets past the role check.
    const student = def.staff ? await makeStaff(server.db, 'admin') : await makeStudent(server.db);
    const signedIn = { ...WEB_HEADERS, authorization: `Bearer ${student.token}` };
    const served = server.app.hasRoute({ method: def.method, url: API_BASE + def.path });
    const cases = casesFor(name, def);
    const problems: string[] = [];
    logLines.length = 0;
    for (const [who, headers] of [
      ['guest', WEB_HEADERS],
      ['student', signedIn],
    ] as const) {
      // A guest is turned away before validation on a signed-in call: a few cases do.
      const sent = who === 'guest' && def.auth === 'required' ? cases.slice(0, 3) : cases;
      for (const c of sent) {
        const res = await server.app.inject({ ...c, headers: { ...headers, ...c.headers } });
        for (const p of problemsOf(res)) problems.push(`${who}, ${c.name}: ${p}`);
        // Proof that the student's cases reach validation, not the sign-in check.
        if (who === 'student' && served && res.statusCode === 401 && !/logout/i.test(name)) {
          problems.push(`student, ${c.name}: answered 401`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Warnings too: the database refusing a value is answered 422 but logged as a gap.
    expect(errorLines(logLines, 40)).toEqual([]);
  });
});
