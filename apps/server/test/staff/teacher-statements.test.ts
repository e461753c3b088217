import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeTeacher } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { makeStaff } from './staff-factory';

/**
 * A teacher's monthly statement (issue 27, ADR 048) against sales this test makes, with every
 * figure worked out here by hand: course X (sold by lectures) taught by أحمد (60 %, but 70 % on
 * X by the admin's per-course share) and بسمة (50 %); course Y (sold whole) by أحمد alone. The
 * month is October 2026 in Cairo (UTC+3 until Egypt's summer time ends on 29 October, UTC+2
 * after), so its edges are 2026-09-30T21:00Z and 2026-10-31T22:00Z.
 */

let server: TestServer;
let admin: string;
let leader: string;
let ahmed: { teacher: number; token: string };
let basma: { teacher: number; token: string };
let x: { id: number; l1: number; l2: number };
let y: number;
/** Each whole-course sale's student, to refund one later. */
const sold: { course: number; student: number; at: string }[] = [];
let refundable: { student: number; purchase: number };

function send(method: string, path: string, token: string, payload?: object) {
  return server.app.inject({
    method: method as 'GET',
    url: API_BASE + path,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

async function lectureSale(lecture: number, pay_by: string, piasters: number, at: string) {
  const student = await makeStudent(server.db);
  const { id } = await server.db
    .insertInto('lecture_purchases')
    .values({
      user_id: student.userId,
      lecture_id: lecture,
      price_paid: piasters,
      pay_by,
      created_at: at,
      expires_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { student: student.userId, purchase: id };
}

async function courseSale(course: number, pay_by: 'wallet' | 'join', piasters: number, at: string) {
  const student = await makeStudent(server.db);
  sold.push({ course, student: student.userId, at });
  await server.db
    .insertInto('enrollments')
    .values({
      user_id: student.userId,
      course_id: course,
      created_at: at,
      pay_by,
      price_paid: piasters,
    })
    .execute();
}

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  admin = (await makeStaff(server.db, 'admin')).token;
  leader = (await makeStaff(server.db, 'leader')).token;
  const a = await makeTeacher(server.db, { name: 'أ. أحمد' });
  const b = await makeTeacher(server.db, { name: 'أ. بسمة' });
  ahmed = { teacher: a, token: (await makeStaff(server.db, 'teacher', { teacherId: a })).token };
  basma = { teacher: b, token: (await makeStaff(server.db, 'teacher', { teacherId: b })).token };
  // The admin sets the teachers' shares and X's own share for أحمد, through the API.
  for (const [id, percent] of [
    [a, 60],
    [b, 50],
  ] as const) {
    const res = await send('PATCH', `/staff/teachers/${id}`, admin, {
      revenue_share_percent: percent,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const courseX = await makeCourse(server, {
    teacherIds: [a, b],
    payType: 'lectures',
    lectures: 2,
  });
  x = { id: courseX.id, l1: courseX.lectures[0]!.id, l2: courseX.lectures[1]!.id };
  y = (await makeCourse(server, { teacherIds: [a], payType: 'course', price: 200 })).id;
  const share = await send('PATCH', `/staff/courses/${x.id}`, admin, {
    teacher_shares: [{ teacher_id: a, share_percent: 70 }],
  });
  expect(share.statusCode, share.body).toBe(200);
  expect(share.json().data.teacher_shares).toEqual([
    { teacher_id: a, share_percent: 70 },
    { teacher_id: b, share_percent: null },
  ]);

  // October in Cairo: 1 October 00:30 (the first minutes of the month) and mid-month.
  await lectureSale(x.l1, 'wallet', 10_000, '2026-09-30T21:30:00.000Z');
  refundable = await lectureSale(x.l1, 'wallet', 10_000, '2026-10-15T10:00:00.000Z');
  await lectureSale(x.l1, 'paycard', 5_000, '2026-10-16T10:00:00.000Z');
  await lectureSale(x.l1, 'cash', 3_000, '2026-10-17T10:00:00.000Z');
  await lectureSale(x.l1, 'grant', 0, '2026-10-18T10:00:00.000Z');
  await lectureSale(x.l2, 'wallet', 2_550, '2026-10-19T10:00:00.000Z');
  // 31 October 23:30 in Cairo (UTC+2 by then): still October.
  await courseSale(y, 'wallet', 20_000, '2026-10-31T21:30:00.000Z');
  // Not October's: 30 September 23:30 and 1 November 00:30 in Cairo; joining X is no sale.
  await lectureSale(x.l1, 'wallet', 99_900, '2026-09-30T20:30:00.000Z');
  await courseSale(y, 'wallet', 88_800, '2026-10-31T22:30:00.000Z');
  await courseSale(x.id, 'join', 0, '2026-10-20T10:00:00.000Z');
  // The year's turn in Cairo (UTC+2): 31 December 23:30 and 1 January 00:30.
  await courseSale(y, 'wallet', 10_000, '2026-12-31T21:30:00.000Z');
  await courseSale(y, 'wallet', 5_000, '2026-12-31T22:30:00.000Z');
}, 120_000);
afterAll(() => server?.close());

const line = (
  course: number,
  lecture: number | null,
  method: string,
  count: number,
  amount: number,
  share_percent: number,
  share: number,
  kind: 'sale' | 'refund' = 'sale',
) => ({
  kind,
  course: { id: course, name: expect.any(String) },
  lecture: lecture === null ? null : { id: lecture, name: expect.any(String) },
  method,
  count,
  amount,
  share_percent,
  share,
});

describe('a teacher’s monthly statement', () => {
  it('gives أحمد 70 % of X’s October sales and 60 % of Y’s, line by line', async () => {
    const res = await send(
      'GET',
      `/staff/teachers/${ahmed.teacher}/statement?month=2026-10`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      teacher: { id: ahmed.teacher, name: 'أ. أحمد', revenue_share_percent: 60 },
      month: '2026-10',
      lines: [
        // 2 × 100.00 at 70 %; 50.00; 30.00 in cash; a grant without cash at zero.
        line(x.id, x.l1, 'wallet', 2, 200, 70, 140),
        line(x.id, x.l1, 'paycard', 1, 50, 70, 35),
        line(x.id, x.l1, 'cash', 1, 30, 70, 21),
        line(x.id, x.l1, 'grant', 1, 0, 70, 0),
        // 25.50 × 70 % = 17.85.
        line(x.id, x.l2, 'wallet', 1, 25.5, 70, 17.85),
        // Y sold whole: 200.00 at his own 60 %.
        line(y, null, 'wallet', 1, 200, 60, 120),
      ],
      totals: { count: 7, amount: 505.5, share: 333.85, refunds: 0 },
    });
  });

  it('gives بسمة her own 50 % of X only', async () => {
    const res = await send(
      'GET',
      `/staff/teachers/${basma.teacher}/statement?month=2026-10`,
      basma.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { lines, totals } = res.json().data;
    expect(lines).toEqual([
      line(x.id, x.l1, 'wallet', 2, 200, 50, 100),
      line(x.id, x.l1, 'paycard', 1, 50, 50, 25),
      line(x.id, x.l1, 'cash', 1, 30, 50, 15),
      line(x.id, x.l1, 'grant', 1, 0, 50, 0),
      line(x.id, x.l2, 'wallet', 1, 25.5, 50, 12.75),
    ]);
    expect(totals).toEqual({ count: 6, amount: 305.5, share: 152.75, refunds: 0 });
  });

  it('holds September’s last sale in September and November’s first in November', async () => {
    const sept = await send(
      'GET',
      `/staff/teachers/${ahmed.teacher}/statement?month=2026-09`,
      admin,
    );
    expect(sept.json().data.totals).toEqual({ count: 1, amount: 999, share: 699.3, refunds: 0 });
    const nov = await send(
      'GET',
      `/staff/teachers/${ahmed.teacher}/statement?month=2026-11`,
      admin,
    );
    expect(nov.json().data.totals).toEqual({ count: 1, amount: 888, share: 532.8, refunds: 0 });
  });

  it('turns the year at Cairo’s midnight: December’s last sale in December, January’s first in January', async () => {
    const dec = await send(
      'GET',
      `/staff/teachers/${ahmed.teacher}/statement?month=2026-12`,
      admin,
    );
    expect(dec.json().data.totals).toEqual({ count: 1, amount: 100, share: 60, refunds: 0 });
    const jan = await send(
      'GET',
      `/staff/teachers/${ahmed.teacher}/statement?month=2027-01`,
      admin,
    );
    expect(jan.json().data.totals).toEqual({ count: 1, amount: 50, share: 30, refunds: 0 });
  });

  it('is the teacher’s own: another teacher’s answers 404, a leader 403', async () => {
    const other = await send('GET', `/staff/teachers/${basma.teacher}/statement`, ahmed.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('العنصر غير موجود');
    const csv = await send('GET', `/staff/teachers/${basma.teacher}/statement.csv`, ahmed.token);
    expect(csv.statusCode).toBe(404);
    const byLeader = await send('GET', `/staff/teachers/${ahmed.teacher}/statement`, leader);
    expect(byLeader.statusCode).toBe(403);
    expect((await send('GET', '/staff/teachers/999999/statement', admin)).statusCode).toBe(404);
  });

  it('exports the lines in Arabic, as Excel opens them', async () => {
    const res = await send(
      'GET',
      `/staff/teachers/${ahmed.teacher}/statement.csv?month=2026-10`,
      ahmed.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="teacher-${ahmed.teacher}-statement-2026-10.csv"`,
    );
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toBe(
      'النوع,الدورة,المحاضرة,طريقة الدفع,العدد,المبلغ (جنيه),نسبة المدرس %,نصيب المدرس (جنيه)',
    );
    expect(rows).toHaveLength(7);
    expect(rows[6]).toMatch(/^بيع,.*,الدورة كاملة,المحفظة,1,200,60,120$/);
    expect(rows[3]).toMatch(/,نقدًا في المركز,1,30,70,21$/);
  });

  it('refuses a month that is not one, in Arabic', async () => {
    const res = await send(
      'GET',
      `/staff/teachers/${ahmed.teacher}/statement?month=2026-13`,
      admin,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.month).toEqual(['اختر الشهر بصيغة سنة-شهر، مثل 2026-11']);
  });
});

describe('a refunded sale (ADR 050)', () => {
  it('stays in its own month and is taken back, at each teacher’s share, in the refund’s month', async () => {
    // X's 100.00 wallet sale of 15 October, given back whole; Y's 200.00 sale of 31 October
    // (Cairo), 50.00 of it given back in cash. Both refunds are dated 10 November.
    const whole = await send('POST', `/staff/students/${refundable.student}/refunds`, admin, {
      purchase_id: refundable.purchase,
      to: 'wallet',
      reason: 'لم يحضر',
    });
    expect(whole.statusCode, whole.body).toBe(200);
    const ySale = sold.find((s) => s.course === y && s.at === '2026-10-31T21:30:00.000Z')!;
    const part = await send('POST', `/staff/students/${ySale.student}/refunds`, admin, {
      course_id: y,
      amount: 50,
      to: 'cash',
      reason: 'خصم',
    });
    expect(part.statusCode, part.body).toBe(200);
    await server.db
      .updateTable('refunds')
      .set({ created_at: '2026-11-10T10:00:00.000Z' })
      .execute();

    const october = await send(
      'GET',
      `/staff/teachers/${ahmed.teacher}/statement?month=2026-10`,
      admin,
    );
    // October as it was: the sales stay where they were made.
    expect(october.json().data.totals).toEqual({
      count: 7,
      amount: 505.5,
      share: 333.85,
      refunds: 0,
    });
    expect(october.json().data.lines[0]).toEqual(line(x.id, x.l1, 'wallet', 2, 200, 70, 140));

    const november = await send(
      'GET',
      `/staff/teachers/${ahmed.teacher}/statement?month=2026-11`,
      admin,
    );
    expect(november.json().data.lines).toEqual([
      // 100.00 back at his 70 % on X: −70.00.
      line(x.id, x.l1, 'wallet', 1, -100, 70, -70, 'refund'),
      // November's own sale of Y: 888.00 at 60 % = 532.80; then 50.00 back at 60 %: −30.00.
      line(y, null, 'wallet', 1, 888, 60, 532.8),
      line(y, null, 'wallet', 1, -50, 60, -30, 'refund'),
    ]);
    // 888 − 100 − 50 = 738; 532.80 − 70 − 30 = 432.80.
    expect(november.json().data.totals).toEqual({
      count: 1,
      amount: 738,
      share: 432.8,
      refunds: 150,
    });

    // بسمة teaches X too: 100.00 back at her 50 % is −50.00 of hers.
    const hers = await send(
      'GET',
      `/staff/teachers/${basma.teacher}/statement?month=2026-11`,
      basma.token,
    );
    expect(hers.json().data.lines).toEqual([
      line(x.id, x.l1, 'wallet', 1, -100, 50, -50, 'refund'),
    ]);
    expect(hers.json().data.totals).toEqual({ count: 0, amount: -100, share: -50, refunds: 100 });

    const csv = await send(
      'GET',
      `/staff/teachers/${basma.teacher}/statement.csv?month=2026-11`,
      basma.token,
    );
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/)[1],
    ).toMatch(/^استرداد,.*,المحفظة,1,-100,50,-50$/);
  });
});

describe('a teacher’s dashboard (ADR 048)', () => {
  const october = 'from=2026-10-01&to=2026-10-31';
  it('counts their own courses only: new students, joins and sales of October against September', async () => {
    const res = await send('GET', `/staff/stats?${october}`, ahmed.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    // Joins of X and Y in October (Cairo): Y's sale of 31 October 23:30 (refunded since: still
    // a join of that day) and joining X on 20 October; two students, new to his courses.
    expect(data.enrolments.total).toBe(2);
    expect(data.enrolments.previous_total).toBe(0);
    expect(data.new_students.total).toBe(2);
    // His October sales are the statement's 7: X's 2 + 1 + 1 + 1 on L1 and 1 on L2, Y's 1; the
    // one before (August 31 to September 30): L1's sale of 30 September 23:30.
    expect(data.sales).toEqual({
      total: 7,
      previous_total: 1,
      by_method: [
        { method: 'wallet', count: 4 },
        { method: 'paycard', count: 1 },
        { method: 'cash', count: 1 },
        { method: 'free', count: 0 },
        { method: 'grant', count: 1 },
      ],
    });
    // No money and no recharges: his money is his statement.
    expect(data.revenue).toBeNull();
    expect(data.recharges_pending).toBeNull();
    expect(data.exams.taken).toBe(0);
  });

  it('gives بسمة X’s figures without Y’s, and the admin the whole school’s', async () => {
    const hers = (await send('GET', `/staff/stats?${october}`, basma.token)).json().data;
    expect(hers.sales.total).toBe(6);
    expect(hers.enrolments.total).toBe(1);
    expect(hers.new_students.total).toBe(1);
    const school = (await send('GET', `/staff/stats?${october}`, admin)).json().data;
    expect(school.sales.total).toBe(7);
    expect(school.revenue).not.toBeNull();
    expect(school.recharges_pending).not.toBeNull();
    // The school's new students are new accounts: this file made them all today, not in
    // October; a teacher's are students new to their courses, whenever their account was made.
    expect(school.new_students.total).toBe(0);
  });
});

describe('a teacher’s terms are the admin’s', () => {
  it('refuses a leader and the teacher changing a share or the price permission; the same value back is no change', async () => {
    for (const token of [leader, ahmed.token]) {
      for (const body of [{ revenue_share_percent: 90 }, { may_set_prices: true }]) {
        const res = await send('PATCH', `/staff/teachers/${ahmed.teacher}`, token, body);
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe('نسبة المدرس وصلاحية الأسعار يحددها المدير فقط');
      }
      const same = await send('PATCH', `/staff/teachers/${ahmed.teacher}`, token, {
        revenue_share_percent: 60,
        may_set_prices: false,
      });
      expect(same.statusCode, same.body).toBe(200);
    }
    const shares = await send('PATCH', `/staff/courses/${x.id}`, ahmed.token, {
      teacher_shares: [{ teacher_id: ahmed.teacher, share_percent: 100 }],
    });
    expect(shares.statusCode).toBe(403);
  });

  it('lets a teacher set their courses’ prices once the admin allows it, and not before', async () => {
    const price = () => send('PATCH', `/staff/courses/${y}`, ahmed.token, { price: 250 });
    const before = await price();
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe('تعديل الأسعار متاح للمدير فقط');
    const allow = await send('PATCH', `/staff/teachers/${ahmed.teacher}`, admin, {
      may_set_prices: true,
    });
    expect(allow.json().data.may_set_prices).toBe(true);
    const me = await send('GET', '/staff/me', ahmed.token);
    expect(me.json().data).toMatchObject({ teacher_id: ahmed.teacher, may_set_prices: true });
    const after = await price();
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.price).toBe(250);
    const lecture = await send('PATCH', `/staff/lectures/${x.l2}`, ahmed.token, { price: 40 });
    expect(lecture.statusCode, lecture.body).toBe(200);
    // Another teacher, not allowed, still cannot.
    const hers = await send('PATCH', `/staff/lectures/${x.l2}`, basma.token, { price: 45 });
    expect(hers.statusCode).toBe(403);
  });

  it('keeps a course’s own share when its teachers are set again', async () => {
    const res = await send('PATCH', `/staff/courses/${x.id}`, admin, {
      teacher_ids: [basma.teacher, ahmed.teacher],
    });
    expect(res.json().data.teacher_shares).toEqual([
      { teacher_id: basma.teacher, share_percent: null },
      { teacher_id: ahmed.teacher, share_percent: 70 },
    ]);
    const stranger = await send('PATCH', `/staff/courses/${y}`, admin, {
      teacher_shares: [{ teacher_id: basma.teacher, share_percent: 10 }],
    });
    expect(stranger.statusCode).toBe(422);
  });
});
