import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  staffListResponse,
  staffOneResponse,
  staffStudentRefundSchema,
} from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeCourse, makeLecture } from '../factories/courses';
import { studentClient } from '../denial-client';
import { makeStaff } from './staff-factory';

/**
 * Refunds (issue 27, ADR 050): an admin gives back a sale that took money, whole or part, to the
 * student's wallet or in cash at the centre. The sale's access ends at once, the wallet gets
 * exactly what was given back (figures worked out here by hand, in piasters), the refund is
 * audited and listed on the student's page, and a sale is refunded at most once.
 */

let server: TestServer;
let admin: TestStudent;
let leader: TestStudent;
let as: ReturnType<typeof studentClient>;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  as = studentClient(server);
  admin = await makeStaff(server.db, 'admin', { name: 'مدير السنتر' });
  leader = await makeStaff(server.db, 'leader');
}, 120_000);
afterAll(() => server?.close());

function call(method: 'GET' | 'POST', url: string, payload?: object, token = admin.token) {
  return server.app.inject({
    method,
    url: `${API_BASE}/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}
const refund = (studentId: number, body: object, token?: string) =>
  call('POST', `/students/${studentId}/refunds`, body, token);

const purchaseIdOf = async (studentId: number, lectureId: number) =>
  (
    await server.db
      .selectFrom('lecture_purchases')
      .select('id')
      .where('user_id', '=', studentId)
      .where('lecture_id', '=', lectureId)
      .executeTakeFirstOrThrow()
  ).id;

const refundAudits = (studentId: number) =>
  server.db
    .selectFrom('staff_audit_log')
    .select(['before', 'after', 'user_name'])
    .where('resource', '=', 'students')
    .where('resource_id', '=', String(studentId))
    .where('action', '=', 'refund')
    .execute();

describe('a refund to the wallet', () => {
  it('gives a lecture’s price back, ends its access, lists and audits it', async () => {
    const student = await makeStudent(server.db, { balance: 200 });
    const lecture = await makeLecture(server, { price: 75.5 });
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    // 200.00 − 75.50 = 124.50
    expect(await as.balance(student.userId)).toBe(12_450);
    expect((await as.contents(lecture.id, student.token)).statusCode).toBe(200);
    const purchaseId = await purchaseIdOf(student.userId, lecture.id);

    const res = await refund(student.userId, {
      purchase_id: purchaseId,
      to: 'wallet',
      reason: 'اشترى المحاضرة مرتين بالخطأ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = staffOneResponse(staffStudentRefundSchema).parse(res.json()).data;
    expect(data).toMatchObject({
      lecture: { id: lecture.id },
      sale_pay_by: 'wallet',
      sale_amount: 75.5,
      amount: 75.5,
      refund_to: 'wallet',
      reason: 'اشترى المحاضرة مرتين بالخطأ',
      staff_name: 'مدير السنتر',
    });

    // 124.50 + 75.50 = 200.00, one ledger row of +75.50 naming the lecture.
    expect(await as.balance(student.userId)).toBe(20_000);
    const ledger = await as.ledger(student.userId);
    expect(ledger.at(-1)).toMatchObject({
      type: 'admin_balance_update',
      value: 7_550,
      balance_after: 20_000,
      lecture_id: lecture.id,
    });
    expect(ledger.at(-1)!.comment).toContain('استرداد');
    // Access ends, and the purchases tab no longer holds it; the refunds tab does.
    expect((await as.contents(lecture.id, student.token)).statusCode).toBe(403);
    const purchases = await call('GET', `/students/${student.userId}/purchases`);
    expect(purchases.json().data).toEqual([]);
    const listed = await call(
      'GET',
      `/students/${student.userId}/refunds`,
      undefined,
      leader.token,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = staffListResponse(staffStudentRefundSchema).parse(listed.json());
    expect(rows.data).toEqual([
      {
        ...data,
        course: { id: lecture.course_id, name: expect.any(String) },
        lecture: { id: lecture.id, name: lecture.name },
      },
    ]);
    const detail = await call('GET', `/students/${student.userId}`);
    expect(detail.json().data.refunds_count).toBe(1);
    // The student is told, in the bell.
    const bell = await server.db
      .selectFrom('notifications')
      .select('data')
      .where('user_id', '=', student.userId)
      .execute();
    const told = bell
      .map((n) => JSON.parse(n.data))
      .find((d) => d.title === 'تم رد مبلغ إلى محفظتك');
    expect(told).toMatchObject({ type: 'recharge', to: '/wallet' });
    expect(told.content).toContain('75.50');
    expect(told.content).toContain(`«${lecture.name}»`);

    const [audit, ...more] = await refundAudits(student.userId);
    expect(more).toEqual([]);
    expect(audit!.user_name).toBe('مدير السنتر');
    expect(JSON.parse(audit!.before!)).toMatchObject({
      purchase_id: purchaseId,
      sale_pay_by: 'wallet',
      sale_amount: 75.5,
    });
    expect(JSON.parse(audit!.after!)).toMatchObject({ amount: 75.5, to: 'wallet' });
  });

  it('gives part back when asked, never more than was paid, and never 0', async () => {
    const student = await makeStudent(server.db, { balance: 100 });
    const lecture = await makeLecture(server, { price: 60 });
    await as.buyLecture(lecture.id, student.token);
    const purchaseId = await purchaseIdOf(student.userId, lecture.id);
    const tooMuch = await refund(student.userId, {
      purchase_id: purchaseId,
      amount: 60.01,
      to: 'wallet',
      reason: 'خصم',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.amount).toEqual(['المبلغ المردود أكبر من المدفوع في هذا الشراء']);
    const zero = await refund(student.userId, {
      purchase_id: purchaseId,
      amount: 0,
      to: 'wallet',
      reason: 'خصم',
    });
    expect(zero.statusCode).toBe(422);
    // Nothing moved: 100.00 − 60.00, the lecture still open.
    expect(await as.balance(student.userId)).toBe(4_000);
    expect((await as.contents(lecture.id, student.token)).statusCode).toBe(200);

    const part = await refund(student.userId, {
      purchase_id: purchaseId,
      amount: 20.25,
      to: 'wallet',
      reason: 'خصم',
    });
    expect(part.statusCode, part.body).toBe(200);
    // 40.00 + 20.25 = 60.25
    expect(await as.balance(student.userId)).toBe(6_025);
    expect(part.json().data).toMatchObject({ sale_amount: 60, amount: 20.25 });
  });

  it('refunds a sale once: a second try finds nothing to give back, and moves nothing', async () => {
    const student = await makeStudent(server.db, { balance: 50 });
    const lecture = await makeLecture(server, { price: 50 });
    await as.buyLecture(lecture.id, student.token);
    const purchaseId = await purchaseIdOf(student.userId, lecture.id);
    const body = { purchase_id: purchaseId, to: 'wallet', reason: 'إلغاء' };
    const [first, second] = await Promise.all([
      refund(student.userId, body),
      refund(student.userId, body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 422]);
    expect(await as.balance(student.userId)).toBe(5_000);
    expect(await refundAudits(student.userId)).toHaveLength(1);
  });
});

describe('a refund in cash, of a whole course', () => {
  it('ends the course, leaves the wallet alone, and lets the student buy it again', async () => {
    const student = await makeStudent(server.db, { balance: 300 });
    const course = await makeCourse(server, { payType: 'course', price: 120, lectures: 1 });
    const bought = await as.post(`/courses/${course.id}/purchase`, student.token, {
      pay_by: 'wallet',
    });
    expect(bought.statusCode, bought.body).toBe(200);
    // 300.00 − 120.00
    expect(await as.balance(student.userId)).toBe(18_000);
    const res = await refund(student.userId, {
      course_id: course.id,
      to: 'cash',
      reason: 'سافر الطالب',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ lecture: null, amount: 120, refund_to: 'cash' });
    expect(await as.balance(student.userId)).toBe(18_000);
    const enrolled = await server.db
      .selectFrom('enrollments')
      .select('course_id')
      .where('user_id', '=', student.userId)
      .execute();
    expect(enrolled).toEqual([]);
    expect((await as.contents(course.lectures[0]!.id, student.token)).statusCode).toBe(403);
    const again = await as.post(`/courses/${course.id}/purchase`, student.token, {
      pay_by: 'wallet',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await as.balance(student.userId)).toBe(6_000);
  });
});

describe('the refunds tab', () => {
  it('lists a student’s refunds newest first, a whole course with no lecture', async () => {
    const student = await makeStudent(server.db, { balance: 500 });
    const lecture = await makeLecture(server, { price: 10 });
    const course = await makeCourse(server, { payType: 'course', price: 100, lectures: 1 });
    await as.buyLecture(lecture.id, student.token);
    await as.post(`/courses/${course.id}/purchase`, student.token, { pay_by: 'wallet' });
    const first = await refund(student.userId, {
      purchase_id: await purchaseIdOf(student.userId, lecture.id),
      to: 'wallet',
      reason: 'أولًا',
    });
    const second = await refund(student.userId, {
      course_id: course.id,
      to: 'cash',
      reason: 'ثانيًا',
    });
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    // The second was made after the first: make sure their times differ, in order.
    await server.db
      .updateTable('refunds')
      .set({ created_at: '2026-01-01T00:00:00.000Z' })
      .where('id', '=', first.json().data.id)
      .execute();
    const listed = await call('GET', `/students/${student.userId}/refunds`);
    expect(
      listed
        .json()
        .data.map((r: { reason: string; lecture: unknown; staff_name: string }) => [
          r.reason,
          r.lecture === null,
          r.staff_name,
        ]),
    ).toEqual([
      ['ثانيًا', true, 'مدير السنتر'],
      ['أولًا', false, 'مدير السنتر'],
    ]);
  });
});

describe('what cannot be refunded', () => {
  it('refuses a course the student does not hold, and a paid method that took nothing', async () => {
    const student = await makeStudent(server.db);
    const course = await makeCourse(server, { payType: 'course', price: 100, lectures: 1 });
    const missing = await refund(student.userId, { course_id: course.id, to: 'cash', reason: 'x' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.course_id).toEqual([
      'لم نجد هذا الشراء لدى الطالب؛ ربما رُد ثمنه من قبل',
    ]);
    // A wallet row at 0 (a price set to 0 before the purchase): nothing to give back.
    const lecture = await makeLecture(server, { price: 0 });
    const { id } = await server.db
      .insertInto('lecture_purchases')
      .values({
        user_id: student.userId,
        lecture_id: lecture.id,
        price_paid: 0,
        pay_by: 'wallet',
        created_at: new Date().toISOString(),
        expires_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const zero = await refund(student.userId, { purchase_id: id, to: 'wallet', reason: 'x' });
    expect(zero.statusCode).toBe(409);
    expect(zero.json().message).toBe('لم يُدفع في هذا الشراء مبلغ، فلا يوجد ما يُرد');
  });

  it('refuses a grant without cash, a course sold by lectures, and another student’s purchase', async () => {
    const student = await makeStudent(server.db);
    const other = await makeStudent(server.db, { balance: 40 });
    const lecture = await makeLecture(server, { price: 40 });
    const granted = await call('POST', `/students/${student.userId}/grants`, {
      lecture_id: lecture.id,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const grantId = await purchaseIdOf(student.userId, lecture.id);
    const grant = await refund(student.userId, { purchase_id: grantId, to: 'cash', reason: 'x' });
    expect(grant.statusCode).toBe(409);
    expect(grant.json().message).toBe('لم يُدفع في هذا الشراء مبلغ، فلا يوجد ما يُرد');

    const joined = await refund(student.userId, {
      course_id: lecture.course_id,
      to: 'cash',
      reason: 'x',
    });
    expect(joined.statusCode).toBe(409);
    expect(joined.json().message).toBe(
      'هذه الدورة تُشترى محاضراتها؛ رُد ثمن كل محاضرة من تبويب المشتريات',
    );

    await as.buyLecture(lecture.id, other.token);
    const theirs = await purchaseIdOf(other.userId, lecture.id);
    const stranger = await refund(student.userId, {
      purchase_id: theirs,
      to: 'wallet',
      reason: 'x',
    });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors.purchase_id).toEqual([
      'لم نجد هذا الشراء لدى الطالب؛ ربما رُد ثمنه من قبل',
    ]);
    expect(await as.balance(other.userId)).toBe(0);
    expect(await as.balance(student.userId)).toBe(0);
    expect(await refundAudits(student.userId)).toEqual([]);
  });

  it('asks for exactly one sale, a way to give back and a reason', async () => {
    const student = await makeStudent(server.db);
    const res = await refund(student.userId, { course_id: 1, reason: ' ' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['reason', 'to']);
    expect(res.json().errors.to).toEqual([
      'اختر طريقة رد المبلغ: إلى محفظة الطالب أو نقدًا في المركز',
    ]);
    const both = await refund(student.userId, {
      course_id: 1,
      purchase_id: 1,
      to: 'cash',
      reason: 'x',
    });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({
      course_id: ['اختر الدورة أو المحاضرة المشتراة التي يُرد ثمنها'],
    });
  });

  it('is the admin’s: a leader is refused and nothing changes', async () => {
    const student = await makeStudent(server.db, { balance: 30 });
    const lecture = await makeLecture(server, { price: 30 });
    await as.buyLecture(lecture.id, student.token);
    const purchaseId = await purchaseIdOf(student.userId, lecture.id);
    const res = await refund(
      student.userId,
      { purchase_id: purchaseId, to: 'wallet', reason: 'x' },
      leader.token,
    );
    expect(res.statusCode).toBe(403);
    expect(await as.balance(student.userId)).toBe(0);
    expect((await as.contents(lecture.id, student.token)).statusCode).toBe(200);
  });
});
