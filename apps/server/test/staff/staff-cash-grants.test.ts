import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  staffGrantResponseSchema,
  staffListResponse,
  staffStudentCourseSchema,
  staffStudentPurchaseSchema,
} from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeCourse, makeLecture } from '../factories/courses';
import { studentClient } from '../denial-client';
import { makeStaff } from './staff-factory';

/**
 * Cash paid at the centre (issue 23, ADR 033): an admin's grant of a course or lecture records
 * the amount received on the rows it grants (`pay_by` 'cash', piasters in `price_paid`), shows
 * it in the student's tabs, audits it in the grant's transaction and never touches the wallet.
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
const grant = (studentId: number, body: object, token?: string) =>
  call('POST', `/students/${studentId}/grants`, body, token);

const grantAudits = (studentId: number) =>
  server.db
    .selectFrom('staff_audit_log')
    .select(['after', 'user_name'])
    .where('resource', '=', 'students')
    .where('resource_id', '=', String(studentId))
    .where('action', '=', 'grant')
    .execute();

const lectureRows = (studentId: number) =>
  server.db
    .selectFrom('lecture_purchases')
    .select(['lecture_id', 'pay_by', 'price_paid', 'granted_by'])
    .where('user_id', '=', studentId)
    .orderBy('id')
    .execute();

const enrollment = (studentId: number, courseId: number) =>
  server.db
    .selectFrom('enrollments')
    .select(['pay_by', 'price_paid', 'granted_by'])
    .where('user_id', '=', studentId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();

describe('a grant with cash received at the centre', () => {
  it('records a lecture paid in cash: the row, the purchases tab, the audit; no ledger row', async () => {
    const student = await makeStudent(server.db);
    const lecture = await makeLecture(server, { price: 120 });
    const res = await grant(student.userId, { lecture_id: lecture.id, cash_amount: 150.5 });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffGrantResponseSchema.parse(res.json()).data).toEqual({
      student_id: student.userId,
      course_id: lecture.course_id,
      enrolled: true,
      lecture_ids: [lecture.id],
      cash_amount: 150.5,
    });
    // 150.50 pounds are 15 050 piasters, on the lecture; the course is only joined.
    expect(await lectureRows(student.userId)).toEqual([
      { lecture_id: lecture.id, pay_by: 'cash', price_paid: 15_050, granted_by: admin.userId },
    ]);
    expect(await enrollment(student.userId, lecture.course_id)).toEqual({
      pay_by: 'join',
      price_paid: 0,
      granted_by: admin.userId,
    });
    expect((await as.contents(lecture.id, student.token)).statusCode).toBe(200);
    expect(await as.ledger(student.userId)).toEqual([]);

    const tab = staffListResponse(staffStudentPurchaseSchema).parse(
      (await call('GET', `/students/${student.userId}/purchases`)).json(),
    );
    expect(tab.data).toMatchObject([
      { lecture: { id: lecture.id }, pay_by: 'cash', price_paid: 150.5, granted_by: 'مدير السنتر' },
    ]);
    const audits = await grantAudits(student.userId);
    expect(audits).toHaveLength(1);
    expect(audits[0]!.user_name).toBe('مدير السنتر');
    expect(JSON.parse(audits[0]!.after!)).toMatchObject({
      lecture_ids: [lecture.id],
      cash_amount: 150.5,
    });
  });

  it('records a whole course paid in cash on its join, shown in the courses tab', async () => {
    const student = await makeStudent(server.db);
    const course = await makeCourse(server, { payType: 'course', price: 300, lectures: 2 });
    const res = await grant(student.userId, { course_id: course.id, cash_amount: 275 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ lecture_ids: [], cash_amount: 275 });
    expect(await enrollment(student.userId, course.id)).toEqual({
      pay_by: 'cash',
      price_paid: 27_500,
      granted_by: admin.userId,
    });
    expect(await lectureRows(student.userId)).toEqual([]);
    const tab = staffListResponse(staffStudentCourseSchema).parse(
      (await call('GET', `/students/${student.userId}/courses`)).json(),
    );
    expect(tab.data).toMatchObject([
      { id: course.id, granted: true, pay_by: 'cash', price_paid: 275 },
    ]);
  });

  it('shares the cash for a course sold by lectures over the lectures granted: 100 → 33.34 + 33.33 + 33.33', async () => {
    const student = await makeStudent(server.db);
    const course = await makeCourse(server, {
      payType: 'lectures',
      lectures: [{ price: 40 }, { price: 40 }, { price: 40 }],
    });
    const res = await grant(student.userId, { course_id: course.id, cash_amount: 100 });
    expect(res.statusCode, res.body).toBe(200);
    const [a, b, c] = course.lectures;
    expect(await lectureRows(student.userId)).toEqual([
      { lecture_id: a!.id, pay_by: 'cash', price_paid: 3334, granted_by: admin.userId },
      { lecture_id: b!.id, pay_by: 'cash', price_paid: 3333, granted_by: admin.userId },
      { lecture_id: c!.id, pay_by: 'cash', price_paid: 3333, granted_by: admin.userId },
    ]);
    expect(await enrollment(student.userId, course.id)).toMatchObject({
      pay_by: 'join',
      price_paid: 0,
    });
  });

  it('is a grant without payment when the amount is blank, null or 0', async () => {
    for (const cash of [{}, { cash_amount: null }, { cash_amount: 0 }]) {
      const student = await makeStudent(server.db);
      const lecture = await makeLecture(server, { price: 50 });
      const res = await grant(student.userId, { lecture_id: lecture.id, ...cash });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.cash_amount).toBeNull();
      expect(await lectureRows(student.userId)).toEqual([
        { lecture_id: lecture.id, pay_by: 'grant', price_paid: 0, granted_by: admin.userId },
      ]);
    }
  });

  it('refuses an amount below 0, with three decimals, too large or not a number, in Arabic; nothing is written', async () => {
    const student = await makeStudent(server.db);
    const lecture = await makeLecture(server, { price: 50 });
    for (const cash_amount of [-1, 10.005, 2_000_000, '50']) {
      const res = await grant(student.userId, { lecture_id: lecture.id, cash_amount });
      expect(res.statusCode, String(cash_amount)).toBe(422);
      expect(res.json().errors.cash_amount[0]).toMatch(/[\u0600-\u06FF]/);
    }
    expect(await lectureRows(student.userId)).toEqual([]);
    expect(await grantAudits(student.userId)).toEqual([]);
  });

  it('is an admin’s: a leader’s grant with cash is 403 and records nothing', async () => {
    const student = await makeStudent(server.db);
    const lecture = await makeLecture(server, { price: 50 });
    const res = await grant(
      student.userId,
      { lecture_id: lecture.id, cash_amount: 50 },
      leader.token,
    );
    expect(res.statusCode).toBe(403);
    expect(await lectureRows(student.userId)).toEqual([]);
  });
});
