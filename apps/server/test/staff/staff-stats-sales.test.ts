import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffStatsSchema, type StaffStats } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makeTeacher } from '../factories/catalog';
import { makePaycard } from '../factories/paycards';
import { makeStudent, type TestStudent } from '../factories/students';
import { studentClient } from '../denial-client';
import { makeStaff } from './staff-factory';

/**
 * The dashboard's enrolments, sales, cash and paid sales by course and teacher (issue 23,
 * ADR 033), from purchases and grants made through the students' and the staff's own calls,
 * then moved to known instants: 10 May 2026 is the period (Cairo summer time, UTC+3: its
 * first minutes are 9 May 21:00 UTC), 9 May the one before. Every expected figure is worked
 * out by hand below.
 */

const CURRENT = '2026-05-09T21:30:00.000Z'; // 00:30 on 10 May in Cairo
const PREVIOUS = '2026-05-09T20:30:00.000Z'; // 23:30 on 9 May in Cairo

let server: TestServer;
let admin: TestStudent;
let leader: TestStudent;
let as: ReturnType<typeof studentClient>;
let ids: Record<'mona' | 'karim' | 'c1' | 'c2' | 'c3' | 'c4', number>;
/** s6's cash course and s7's wallet lecture, refunded by the last test. */
let toRefund: { s6: number; c1: number; s7: number };

function staff(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

/** Moves every purchase, join and card use of these students to one instant. */
async function moveTo(at: string, students: TestStudent[]) {
  const userIds = students.map((s) => s.userId);
  await server.db
    .updateTable('enrollments')
    .set({ created_at: at })
    .where('user_id', 'in', userIds)
    .execute();
  await server.db
    .updateTable('lecture_purchases')
    .set({ created_at: at })
    .where('user_id', 'in', userIds)
    .execute();
  await server.db
    .updateTable('paycards')
    .set({ used_at: at })
    .where('used_by', 'in', userIds)
    .execute();
}

async function ok(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  as = studentClient(server);
  admin = await makeStaff(server.db, 'admin');
  leader = await makeStaff(server.db, 'leader');
  const mona = await makeTeacher(server.db, { name: 'أ. منى' });
  const karim = await makeTeacher(server.db, { name: 'أ. كريم' });
  // C1: a whole course of 300, taught by Karim then Mona (Karim is first on the course).
  const c1 = await makeCourse(server, {
    name: 'الفيزياء كاملة',
    payType: 'course',
    price: 300,
    teacherIds: [karim, mona],
  });
  // C2: sold by lectures (40, 60, and a free one), Mona's.
  const c2 = await makeCourse(server, {
    name: 'الكيمياء بالمحاضرة',
    payType: 'lectures',
    teacherIds: [mona],
    lectures: [{ price: 40 }, { price: 60 }, { free: true }],
  });
  // C3: a free whole course; C4: a lecture of 50 in a course without a teacher.
  const c3 = await makeCourse(server, { name: 'مراجعة مجانية', payType: 'course', price: 0 });
  const c4 = await makeCourse(server, {
    name: 'لغة عربية',
    payType: 'lectures',
    lectures: [{ price: 50 }],
  });
  ids = { mona, karim, c1: c1.id, c2: c2.id, c3: c3.id, c4: c4.id };
  const [l1, l2, l3] = c2.lectures;
  const [l4] = c4.lectures;

  const now = await Promise.all(Array.from({ length: 6 }, () => makeStudent(server.db)));
  const [s1, s2, s3, s4, s5, s6] = now as [TestStudent, ...TestStudent[]];
  // s1: the wallet (topped up by an adjustment, not money in) buys C1 (300) and L1 (40).
  await as.topUp(s1.userId, 400);
  await ok(await as.post(`/courses/${c1.id}/purchase`, s1.token, { pay_by: 'wallet' }));
  await ok(await as.buyLecture(l1.id, s1.token));
  // s2: a card of 100 buys L2 (60); the 40 left goes to the wallet. Money in: the card's 100.
  const code = await makePaycard(server.db, { value: 100 });
  await ok(await as.buyLecture(l2.id, s2!.token, { pay_by: 'paycard', code }));
  // s3: joins the free whole course C3 and takes the free lecture L3.
  await ok(await as.post(`/courses/${c3.id}/join`, s3!.token));
  await ok(await as.buyLecture(l3.id, s3!.token, {}));
  // The admin: L4 for 75.50 in cash to s4, L1 without payment to s5, C1 for 250.01 in cash to s6.
  await ok(
    await staff('POST', `/students/${s4!.userId}/grants`, admin.token, {
      lecture_id: l4.id,
      cash_amount: 75.5,
    }),
  );
  await ok(
    await staff('POST', `/students/${s5!.userId}/grants`, admin.token, { lecture_id: l1.id }),
  );
  await ok(
    await staff('POST', `/students/${s6!.userId}/grants`, admin.token, {
      course_id: c1.id,
      cash_amount: 250.01,
    }),
  );
  await moveTo(CURRENT, now);

  // The day before: s7 buys L2 from the wallet (60), s8 is granted L4 for 20 in cash.
  const [s7, s8] = await Promise.all([makeStudent(server.db), makeStudent(server.db)]);
  await as.topUp(s7.userId, 60);
  await ok(await as.buyLecture(l2.id, s7.token));
  await ok(
    await staff('POST', `/students/${s8.userId}/grants`, admin.token, {
      lecture_id: l4.id,
      cash_amount: 20,
    }),
  );
  await moveTo(PREVIOUS, [s7, s8]);
  toRefund = { s6: s6!.userId, c1: c1.id, s7: s7.userId };
}, 120_000);
afterAll(() => server?.close());

async function statsAs(token: string): Promise<StaffStats> {
  const res = await staff('GET', '/stats?from=2026-05-10&to=2026-05-10', token);
  expect(res.statusCode, res.body).toBe(200);
  return staffStatsSchema.parse(res.json().data);
}

describe('enrolments and sales', () => {
  it('counts every join as an enrolment, and each lecture or whole course got as one sale', async () => {
    const data = await statsAs(admin.token);
    expect(data.previous).toEqual({ from: '2026-05-09', to: '2026-05-09' });
    // Joins on 10 May: s1 C1 and C2, s2 C2, s3 C3 and C2, s4 C4, s5 C2, s6 C1 = 8; on 9 May
    // s7 C2 and s8 C4 = 2.
    expect(data.enrolments).toEqual({
      total: 8,
      previous_total: 2,
      by_day: [{ day: '2026-05-10', count: 8 }],
    });
    // Lectures: s1 L1 wallet, s2 L2 card, s3 L3 free, s4 L4 cash, s5 L1 grant; whole courses:
    // s1 C1 wallet, s3 C3 free, s6 C1 cash. Joining C2 or C4 for their lectures is no sale.
    expect(data.sales).toEqual({
      total: 8,
      previous_total: 2,
      by_method: [
        { method: 'wallet', count: 2 },
        { method: 'paycard', count: 1 },
        { method: 'cash', count: 2 },
        { method: 'free', count: 2 },
        { method: 'grant', count: 1 },
      ],
    });
  });

  it('counts the money in once: the card when used, the cash at the grant, never a wallet purchase', async () => {
    const money = (await statsAs(admin.token)).revenue!;
    // In: s2's card 100 + cash 75.50 + 250.01 = 425.51. The wallet purchases (340) spent a
    // top-up that is no money in, and s2's 40 left on the card is inside its 100.
    expect(money.total).toBe(425.51);
    expect(money.previous_total).toBe(20);
    expect(money.by_day).toEqual([{ day: '2026-05-10', amount: 425.51 }]);
    expect(money.by_method).toEqual([
      { method: 'cash', amount: 325.51, count: 2 },
      { method: 'recharge_card', amount: 100, count: 1 },
    ]);
    // What the sales took: wallet 300 + 40, card 60, cash 75.50 + 250.01; 9 May: 60 + 20.
    expect(money.sales).toEqual({
      total: 725.51,
      previous_total: 80,
      by_method: [
        { method: 'wallet', amount: 340 },
        { method: 'paycard', amount: 60 },
        { method: 'cash', amount: 325.51 },
        { method: 'free', amount: 0 },
        { method: 'grant', amount: 0 },
      ],
    });
  });

  it('gives paid sales by course, and shares a course among its teachers without counting a piaster twice', async () => {
    const money = (await statsAs(admin.token)).revenue!;
    // C1: 300 (wallet) + 250.01 (cash) = 550.01 in 2 sales; C2: 40 + 60 = 100 in 2; C4: 75.50.
    // C3 took nothing. The grant of L1 to s5 is no paid sale.
    expect(money.by_course).toEqual([
      { course: { id: ids.c1, name: 'الفيزياء كاملة' }, amount: 550.01, count: 2 },
      { course: { id: ids.c2, name: 'الكيمياء بالمحاضرة' }, amount: 100, count: 2 },
      { course: { id: ids.c4, name: 'لغة عربية' }, amount: 75.5, count: 1 },
    ]);
    // C1's 55 001 piasters: 27 501 to Karim (first on the course), 27 500 to Mona; Mona also
    // has C2's 100: 375. C4 has no teacher. 275.01 + 375 + 75.50 = 725.51 = the courses' sum.
    expect(money.by_teacher).toEqual([
      { teacher: { id: ids.mona, name: 'أ. منى' }, amount: 375, count: 4 },
      { teacher: { id: ids.karim, name: 'أ. كريم' }, amount: 275.01, count: 2 },
      { teacher: null, amount: 75.5, count: 1 },
    ]);
  });

  it('a leader gets the counts and no money at all', async () => {
    const data = await statsAs(leader.token);
    expect(data.revenue).toBeNull();
    expect(data.sales.total).toBe(8);
    expect(data.enrolments.total).toBe(8);
    expect(JSON.stringify(data)).not.toMatch(/425\.51|325\.51|550\.01/);
  });
});

describe('refunds (ADR 050)', () => {
  it('leave the sales in their own day, and count what was given back on the refund’s day', async () => {
    const purchase = await server.db
      .selectFrom('lecture_purchases')
      .select('id')
      .where('user_id', '=', toRefund.s7)
      .executeTakeFirstOrThrow();
    await ok(
      await staff('POST', `/students/${toRefund.s7}/refunds`, admin.token, {
        purchase_id: purchase.id,
        to: 'wallet',
        reason: 'تكرار',
      }),
    );
    await ok(
      await staff('POST', `/students/${toRefund.s6}/refunds`, admin.token, {
        course_id: toRefund.c1,
        amount: 100,
        to: 'cash',
        reason: 'خصم',
      }),
    );
    await server.db.updateTable('refunds').set({ created_at: CURRENT }).execute();
    const data = await statsAs(admin.token);
    // Unchanged: 8 and 2 joins, 8 and 2 sales, what they took 725.51 and 80.
    expect(data.enrolments.total).toBe(8);
    expect(data.enrolments.previous_total).toBe(2);
    expect(data.sales.total).toBe(8);
    expect(data.sales.previous_total).toBe(2);
    expect(data.revenue!.sales.total).toBe(725.51);
    expect(data.revenue!.sales.previous_total).toBe(80);
    // Given back on 10 May: 60 (s7's lecture, to the wallet) + 100 (of s6's course, in cash).
    expect(data.revenue!.refunds).toEqual({ total: 160, previous_total: 0, cash: 100, count: 2 });
    expect((await statsAs(leader.token)).revenue).toBeNull();
  });
});
