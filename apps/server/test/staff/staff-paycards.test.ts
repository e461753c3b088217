import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PAYCARD_BATCH_COUNT_MAX,
  staffListResponse,
  staffPaycardBatchCreateResponseSchema,
  staffPaycardBatchSchema,
} from '@dars/contract';
import { issuePaycards } from '../../src/modules/paycards/issue-paycards';
import { hashPaycardCode, normalizePaycardCode } from '../../src/modules/paycards/paycard-code';
import { putSettings } from '../../src/modules/settings/settings-service';
import { DEFAULT_SETTINGS } from '../../src/modules/settings/defaults';
import { WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makeStudent, type TestStudent } from '../factories/students';
import { expectRefusal, startWalletServer, type WalletClient } from '../wallet/wallet-client';
import { makeStaff } from './staff-factory';

/**
 * Pay-card batches by an admin (issue 13, ADR 030): the codes answered once and stored only
 * hashed, single use even when redeemed at once, disabled cards refused, leaders refused.
 */

let server: TestServer;
let w: WalletClient;
let admin: TestStudent;
let leader: TestStudent;

beforeAll(async () => {
  ({ server, w } = await startWalletServer());
  admin = await makeStaff(server.db, 'admin', { name: 'مديرة المدرسة' });
  leader = await makeStaff(server.db, 'leader');
}, 120_000);
afterAll(() => server?.close());
beforeEach(() =>
  putSettings(server.db, {
    enable_wallet_system: true,
    recharge_info: { ...DEFAULT_SETTINGS.recharge_info, supported_methods: ['recharge_card'] },
  }),
);

function call(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

async function issue(payload: object) {
  const res = await call('POST', '/paycard-batches', admin.token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return staffPaycardBatchCreateResponseSchema.parse(res.json()).data;
}

async function batch(id: number) {
  const res = await call('GET', `/paycard-batches/${id}`, admin.token);
  expect(res.statusCode, res.body).toBe(200);
  return staffPaycardBatchSchema.parse(res.json().data);
}

/** Every text stored in the tables a card or its batch touches. */
async function storedText(): Promise<string> {
  const tables = ['paycards', 'paycard_batches', 'staff_audit_log'] as const;
  const rows = await Promise.all(tables.map((t) => server.db.selectFrom(t).selectAll().execute()));
  return JSON.stringify(rows);
}

describe('issuing a batch', () => {
  it('answers the codes once; the database keeps only their hashes and last four characters', async () => {
    const issued = await issue({ value: 50, count: 5, expires_at: '2099-01-01T00:00:00Z' });
    expect(issued.codes).toHaveLength(5);
    expect(new Set(issued.codes).size).toBe(5);
    for (const code of issued.codes)
      expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}( [2-9A-HJ-NP-Z]{4}){3}$/);
    expect(issued).toMatchObject({
      value: 50,
      count: 5,
      used: 0,
      unused: 5,
      disabled: 0,
      course: null,
      lecture: null,
      expires_at: '2099-01-01T00:00:00.000Z',
      created_by: { id: admin.userId, name: 'مديرة المدرسة' },
      disabled_at: null,
    });
    const text = await storedText();
    for (const code of issued.codes) {
      const plain = normalizePaycardCode(code);
      expect(text).not.toContain(plain);
      expect(text).not.toContain(code);
      expect(text).not.toContain(plain.slice(0, 8));
    }
    const rows = await server.db
      .selectFrom('paycards')
      .selectAll()
      .where('batch_id', '=', issued.id)
      .execute();
    expect(rows).toHaveLength(5);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.code_hash) && r.value === 5_000)).toBe(true);
    // The batch's page never carries the codes again.
    const again = await call('GET', `/paycard-batches/${issued.id}`, admin.token);
    for (const code of issued.codes) expect(again.body).not.toContain(normalizePaycardCode(code));
    // Audited without the codes.
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource', '=', 'paycard-batches')
      .where('resource_id', '=', String(issued.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', user_id: admin.userId });
  });

  it('a card is single use, even when students redeem it at the same moment', async () => {
    const { codes, id } = await issue({ value: 20, count: 2 });
    const students = await Promise.all(Array.from({ length: 6 }, () => makeStudent(server.db)));
    const replies = await Promise.all(students.map((s) => w.rechargeCard(s.token, codes[0]!)));
    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok, replies.map((r) => r.body).join('\n')).toHaveLength(1);
    for (const r of replies.filter((r) => r.statusCode !== 200)) expectRefusal(r, 'USED_PAYCARD');
    const balances = await Promise.all(students.map((s) => w.balance(s.userId)));
    expect(balances.filter((b) => b === 2_000)).toHaveLength(1);
    expect(balances.filter((b) => b === 0)).toHaveLength(5);
    expect(await batch(id)).toMatchObject({ used: 1, unused: 1, disabled: 0 });
  });

  it('a course batch is for that course; a lecture batch names the lecture and its course', async () => {
    const course = await makeCourse(server, { payType: 'lectures', lectures: 2 });
    const other = await makeCourse(server);
    const forCourse = await issue({ value: 100, count: 1, course_id: course.id });
    expect(forCourse.course).toEqual({ id: course.id, name: course.name });
    const student = await makeStudent(server.db);
    expectRefusal(
      await w.rechargeCard(student.token, forCourse.codes[0]!),
      'PAYCARD_TARGET_VALIDATION_FAILD',
    );
    const lecture = course.lectures[1]!;
    const forLecture = await issue({ value: 30, count: 1, lecture_id: lecture.id });
    expect(forLecture).toMatchObject({
      course: { id: course.id },
      lecture: { id: lecture.id, name: lecture.name },
    });
    // A batch of 30 pounds for the given target: refused with these field errors.
    const refusal = async (target: object) => {
      const res = await call('POST', '/paycard-batches', admin.token, {
        value: 30,
        count: 1,
        ...target,
      });
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    expect(await refusal({ course_id: other.id, lecture_id: lecture.id })).toEqual({
      lecture_id: ['المحاضرة ليست من الدورة المختارة'],
    });
    expect((await refusal({ course_id: 2_000_000_000 })).course_id).toEqual(['الدورة غير موجودة']);
    expect((await refusal({ lecture_id: 2_000_000_000 })).lecture_id).toEqual([
      'المحاضرة غير موجودة',
    ]);
    // A course with one of its own lectures is the lecture's batch.
    const both = await issue({ value: 30, count: 1, course_id: course.id, lecture_id: lecture.id });
    expect(both).toMatchObject({ course: { id: course.id }, lecture: { id: lecture.id } });
  });

  it('issues the largest batch the console allows, written in chunks, each code once', async () => {
    const issued = await issue({ value: 10, count: PAYCARD_BATCH_COUNT_MAX });
    expect(new Set(issued.codes).size).toBe(PAYCARD_BATCH_COUNT_MAX);
    const rows = await server.db
      .selectFrom('paycards')
      .select('code_hash')
      .where('batch_id', '=', issued.id)
      .execute();
    expect(new Set(rows.map((r) => r.code_hash)).size).toBe(PAYCARD_BATCH_COUNT_MAX);
    expect(rows).toHaveLength(PAYCARD_BATCH_COUNT_MAX);
  });

  it('refuses a bad value, count or expiry in Arabic and issues nothing', async () => {
    const before = (await server.db.selectFrom('paycards').select('id').execute()).length;
    const cases: [object, string, string][] = [
      [{ value: 0, count: 1 }, 'value', 'أدخل قيمة البطاقة بالجنيه'],
      [{ value: 10.005, count: 1 }, 'value', 'المبلغ يقبل رقمين عشريين على الأكثر'],
      [{ value: 10, count: 0 }, 'count', `عدد البطاقات من 1 إلى ${PAYCARD_BATCH_COUNT_MAX}`],
      [
        { value: 10, count: PAYCARD_BATCH_COUNT_MAX + 1 },
        'count',
        `عدد البطاقات من 1 إلى ${PAYCARD_BATCH_COUNT_MAX}`,
      ],
      [
        { value: 10, count: 2, expires_at: '2020-01-01T00:00:00Z' },
        'expires_at',
        'يجب أن يكون تاريخ الانتهاء في المستقبل',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', '/paycard-batches', admin.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    expect((await server.db.selectFrom('paycards').select('id').execute()).length).toBe(before);
  });

  it('a leader is refused (403) and nothing is issued; a student too', async () => {
    const before = (await server.db.selectFrom('paycard_batches').select('id').execute()).length;
    for (const token of [leader.token, (await makeStudent(server.db)).token]) {
      const res = await call('POST', '/paycard-batches', token, { value: 10, count: 1 });
      expect(res.statusCode).toBe(403);
      expect((await call('GET', '/paycard-batches', token)).statusCode).toBe(403);
    }
    expect((await server.db.selectFrom('paycard_batches').select('id').execute()).length).toBe(
      before,
    );
  });
});

// Pounds whose binary float times 100 is not a whole number (1.1 * 100 is 110.00000000000001,
// 19.99 * 100 is 1998.9999999999998, 0.29 * 100 is 28.999999999999996): the route accepted
// them and the batch service refused them with a 500 (issue 23). Piasters counted by hand.
const AWKWARD_AMOUNTS = [
  { value: 1.1, text: '1.10', piasters: 110 },
  { value: 19.99, text: '19.99', piasters: 1999 },
  { value: 0.29, text: '0.29', piasters: 29 },
] as const;

/** The piasters stored on a batch's row and on each of its cards. */
async function storedValues(batchId: number) {
  const batchRow = await server.db
    .selectFrom('paycard_batches')
    .select('value')
    .where('id', '=', batchId)
    .executeTakeFirstOrThrow();
  const cards = await server.db
    .selectFrom('paycards')
    .select('value')
    .where('batch_id', '=', batchId)
    .execute();
  return { batch: batchRow.value, cards: cards.map((c) => c.value) };
}

/** Redeems the code as a new student and answers the piasters it credited. */
async function credited(code: string): Promise<number> {
  const student = await makeStudent(server.db);
  const res = await w.rechargeCard(student.token, code);
  expect(res.statusCode, res.body).toBe(200);
  expect(await w.ledgerSum(student.userId)).toBe(await w.balance(student.userId));
  return w.balance(student.userId);
}

describe('amounts with two decimals (issue 23)', () => {
  it('the staff API issues 1.10, 19.99 and 0.29 pounds: exact piasters stored and credited', async () => {
    for (const { value, piasters } of AWKWARD_AMOUNTS) {
      const issued = await issue({ value, count: 2 });
      expect(issued.value).toBe(value);
      expect(await storedValues(issued.id)).toEqual({
        batch: piasters,
        cards: [piasters, piasters],
      });
      expect(await credited(issued.codes[0]!)).toBe(piasters);
    }
  });

  it('the command line issues them from the text typed, and from the number', async () => {
    for (const { value, text, piasters } of AWKWARD_AMOUNTS) {
      for (const typed of [text, value]) {
        const [code] = await issuePaycards(server.db, { value: typed, count: 1 });
        const row = await server.db
          .selectFrom('paycards')
          .select('batch_id')
          .where('code_hash', '=', hashPaycardCode(code!))
          .executeTakeFirstOrThrow();
        expect(await storedValues(row.batch_id!)).toEqual({ batch: piasters, cards: [piasters] });
        expect(await credited(code!)).toBe(piasters);
      }
    }
  });
});

describe('listing and disabling batches', () => {
  it('lists batches newest first with used and unused counts, the command line’s too', async () => {
    const codes = await issuePaycards(server.db, { value: 15, count: 3 });
    const student = await makeStudent(server.db);
    expect((await w.rechargeCard(student.token, codes[2]!)).statusCode).toBe(200);
    const res = await call('GET', '/paycard-batches?per_page=100', admin.token);
    expect(res.statusCode).toBe(200);
    const list = staffListResponse(staffPaycardBatchSchema).parse(res.json());
    expect(list.meta.total).toBe(list.data.length);
    const ids = list.data.map((b) => b.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(list.data[0]).toMatchObject({
      value: 15,
      count: 3,
      used: 1,
      unused: 2,
      created_by: { id: null, name: 'سطر الأوامر' },
    });
  });

  it('disables the unused cards: they are refused like an expired card; a used card stays used', async () => {
    const { codes, id } = await issue({ value: 40, count: 4 });
    const student = await makeStudent(server.db);
    expect((await w.rechargeCard(student.token, codes[0]!)).statusCode).toBe(200);
    const res = await call('POST', `/paycard-batches/${id}/disable`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(staffPaycardBatchSchema.parse(res.json().data)).toMatchObject({
      used: 1,
      unused: 0,
      disabled: 3,
      disabled_at: expect.any(String),
    });
    const refused = await w.rechargeCard(student.token, codes[1]!);
    expectRefusal(refused, 'EXPIRED_PAYCARD');
    expect(refused.json().message).toBe('البطاقة منتهية الصلاحية');
    expect(await w.balance(student.userId)).toBe(4_000);
    // A purchase with a disabled card is refused the same way.
    const course = await makeCourse(server, { price: 40 });
    const buy = await server.app.inject({
      method: 'POST',
      url: `/api/v1/courses/${course.id}/purchase`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${student.token}` },
      payload: { pay_by: 'paycard', code: codes[2] },
    });
    expectRefusal(buy, 'EXPIRED_PAYCARD');
    const again = await call('POST', `/paycard-batches/${id}/disable`, admin.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('تم إيقاف بطاقات هذه الدفعة من قبل');
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .select('action')
      .where('resource', '=', 'paycard-batches')
      .where('resource_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'disable']);
  });

  it('a disable racing redemptions: each card ends either used or disabled, never both', async () => {
    const { codes, id } = await issue({ value: 10, count: 6 });
    const students = await Promise.all(codes.map(() => makeStudent(server.db)));
    const [, ...replies] = await Promise.all([
      call('POST', `/paycard-batches/${id}/disable`, admin.token),
      ...codes.map((code, i) => w.rechargeCard(students[i]!.token, code)),
    ]);
    const credited = replies.filter((r) => r.statusCode === 200).length;
    const rows = await server.db
      .selectFrom('paycards')
      .select(['used_by', 'disabled_at'])
      .where('batch_id', '=', id)
      .execute();
    expect(rows.filter((r) => r.used_by !== null && r.disabled_at !== null)).toHaveLength(0);
    expect(rows.filter((r) => r.used_by !== null)).toHaveLength(credited);
    expect(await batch(id)).toMatchObject({ used: credited, disabled: 6 - credited, unused: 0 });
    const balances = await Promise.all(students.map((s) => w.balance(s.userId)));
    expect(balances.reduce((a, b) => a + b, 0)).toBe(credited * 1_000);
  });

  it('an unknown batch is 404', async () => {
    expect((await call('POST', '/paycard-batches/999999/disable', admin.token)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/paycard-batches/999999', admin.token)).statusCode).toBe(404);
  });
});
