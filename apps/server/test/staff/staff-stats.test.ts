import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffStatsSchema, type ExamAnswerInput } from '@dars/contract';
import { issuePaycards } from '../../src/modules/paycards/issue-paycards';
import { hashPaycardCode } from '../../src/modules/paycards/paycard-code';
import { insertOrder, newOrderId } from '../../src/modules/payments/payment-orders';
import { cairoDay, cairoMidnight } from '../../src/modules/reports/stats-period';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeExam, type TestExam, type TestQuestion } from '../factories/exams';
import { examStudent } from '../exams/exam-client';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeStaff } from './staff-factory';

/**
 * The dashboard's figures (issue 13, ADR 030) on rows planted at known times around a period
 * of three Cairo days (1–3 March 2026, UTC+2): each figure counts exactly the rows inside it.
 */

let server: TestServer;
let admin: TestStudent;
let leader: TestStudent;

async function studentAt(createdAt: string) {
  const s = await makeStudent(server.db);
  await server.db
    .updateTable('users')
    .set({ created_at: createdAt })
    .where('id', '=', s.userId)
    .execute();
  return s;
}

async function orderAt(
  userId: number,
  method: string,
  provider: string,
  amount: number,
  status: 'paid' | 'failed' | 'pending',
  paidAt: string | null,
) {
  const id = newOrderId();
  await insertOrder(server.db, {
    id,
    userId,
    method: method as never,
    provider: provider as never,
    amount,
  });
  await server.db
    .updateTable('payment_orders')
    .set({ status, paid_at: paidAt })
    .where('id', '=', id)
    .execute();
}

async function mobileAt(
  userId: number,
  amount: number,
  status: 'pending' | 'approved' | 'rejected',
  reviewedAt: string | null,
) {
  await server.db
    .insertInto('mobile_payments')
    .values({
      user_id: userId,
      amount,
      payer_number: '01012345678',
      message: null,
      receipt_path: 'receipts/none.png',
      status,
      reject_reason: status === 'rejected' ? 'إيصال غير واضح' : null,
      reviewed_by: null,
      reviewed_at: reviewedAt,
      transaction_serial: null,
      created_at: '2026-02-20T10:00:00.000Z',
    })
    .execute();
}

async function cardUsedAt(userId: number, value: number, usedAt: string) {
  const [code] = await issuePaycards(server.db, { value, count: 1 });
  await server.db
    .updateTable('paycards')
    .set({ used_by: userId, used_at: usedAt })
    .where('code_hash', '=', hashPaycardCode(code!))
    .execute();
}

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  admin = await makeStaff(server.db, 'admin');
  leader = await makeStaff(server.db, 'leader');

  // New students: 00:30 Cairo on 1 March is 22:30 UTC the day before; 00:30 on 4 March is out.
  await studentAt('2026-02-28T22:30:00.000Z');
  await studentAt('2026-03-01T12:00:00.000Z');
  const payer = await studentAt('2026-03-03T20:00:00.000Z');
  await studentAt('2026-03-03T22:30:00.000Z');
  await studentAt('2026-02-28T21:59:59.000Z');
  // Staff accounts are not students.
  const staffMember = await makeStaff(server.db, 'leader');
  await server.db
    .updateTable('users')
    .set({ created_at: '2026-03-02T10:00:00.000Z' })
    .where('id', '=', staffMember.userId)
    .execute();

  const u = payer.userId;
  await orderAt(u, 'fawry', 'fawry', 10_000, 'paid', '2026-03-01T10:00:00.000Z');
  await orderAt(u, 'paymob_wallet', 'paymob', 5_000, 'paid', '2026-03-03T21:59:00.000Z');
  await orderAt(u, 'kashier', 'kashier', 7_000, 'paid', '2026-03-03T22:00:00.000Z'); // 4 March in Cairo
  await orderAt(u, 'fawry', 'fawry', 9_000, 'failed', null);
  await orderAt(u, 'paymob_card', 'paymob', 9_000, 'pending', null);
  await mobileAt(u, 3_000, 'approved', '2026-03-02T09:00:00.000Z');
  await mobileAt(u, 4_000, 'rejected', '2026-03-02T09:30:00.000Z');
  await mobileAt(u, 1_000, 'pending', null);
  await mobileAt(u, 1_500, 'pending', null);
  await cardUsedAt(u, 20, '2026-03-02T15:00:00.000Z');
  await cardUsedAt(u, 99, '2026-02-27T15:00:00.000Z');

  // Exams of 1 + 1 + 2 = 4 marks, as marking stores them: the exam's marks in total_mark, the
  // student's in correction_mark. Scores 4, 2 and 1 of 4 marked in the period → 100 %, 50 % and
  // 25 %, average 175 / 3 = 58.33… → 58.3; one more waits for its essay (1 mark so far, not in
  // the average); one is unfinished, one finished after the period.
  const exam = await makeExam(server.db);
  const sessions: [number, string | null, 0 | 1][] = [
    [4, '2026-03-01T08:00:00.000Z', 1],
    [2, '2026-03-02T08:00:00.000Z', 1],
    [1, '2026-03-03T08:00:00.000Z', 1],
    [1, '2026-03-03T09:00:00.000Z', 0],
    [3, null, 0],
    [0, '2026-03-05T08:00:00.000Z', 1],
    // The three days before (26–28 February): one session, 3 of 4 → 75 %.
    [3, '2026-02-27T08:00:00.000Z', 1],
  ];
  for (const [i, [mark, finishedAt, corrected]] of sessions.entries()) {
    const s = await makeStudent(server.db);
    await server.db
      .insertInto('exam_sessions')
      .values({
        token: `stats-${i}-${s.userId}`,
        user_id: s.userId,
        exam_id: exam.id,
        started_at: '2026-03-01T07:00:00.000Z',
        deadline_at: null,
        finished_at: finishedAt,
        finished_by: finishedAt ? 'student' : null,
        correction_mark: finishedAt ? mark : null,
        total_mark: exam.total,
        succeeded: null,
        corrected,
      })
      .execute();
  }
}, 120_000);
afterAll(() => server?.close());

function stats(query: string, token = admin.token) {
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/staff/stats${query}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });
}

describe('dashboard figures', () => {
  it('counts exactly the rows of the period, by Cairo day', async () => {
    const res = await stats('?from=2026-03-01&to=2026-03-03');
    expect(res.statusCode, res.body).toBe(200);
    const data = staffStatsSchema.parse(res.json().data);
    const noDays = ['2026-03-01', '2026-03-02', '2026-03-03'].map((day) => ({ day, count: 0 }));
    expect(data).toEqual({
      from: '2026-03-01',
      to: '2026-03-03',
      // As many days, just before: 26–28 February.
      previous: { from: '2026-02-26', to: '2026-02-28' },
      new_students: {
        total: 3,
        // 23:59:59 on 28 February in Cairo.
        previous_total: 1,
        by_day: [
          { day: '2026-03-01', count: 2 },
          { day: '2026-03-02', count: 0 },
          { day: '2026-03-03', count: 1 },
        ],
      },
      enrolments: { total: 0, previous_total: 0, by_day: noDays },
      sales: {
        total: 0,
        previous_total: 0,
        by_method: ['wallet', 'paycard', 'cash', 'free', 'grant'].map((method) => ({
          method,
          count: 0,
        })),
      },
      revenue: {
        total: 200,
        // The card of 99 used on 27 February.
        previous_total: 99,
        by_day: [
          { day: '2026-03-01', amount: 100 },
          { day: '2026-03-02', amount: 50 },
          { day: '2026-03-03', amount: 50 },
        ],
        by_method: [
          { method: 'fawry', amount: 100, count: 1 },
          { method: 'paymob_wallet', amount: 50, count: 1 },
          { method: 'mobile_wallets', amount: 30, count: 1 },
          { method: 'recharge_card', amount: 20, count: 1 },
        ],
        sales: {
          total: 0,
          previous_total: 0,
          by_method: ['wallet', 'paycard', 'cash', 'free', 'grant'].map((method) => ({
            method,
            amount: 0,
          })),
        },
        refunds: { total: 0, previous_total: 0, cash: 0, count: 0 },
        by_course: [],
        by_teacher: [],
      },
      recharges_pending: { count: 2, amount: 25 },
      exams: {
        taken: 4,
        previous_taken: 1,
        marked: 3,
        awaiting_marking: 1,
        average_score: 58.3,
        previous_average_score: 75,
      },
    });
  });

  it('a leader sees the same figures without the money', async () => {
    const res = await stats('?from=2026-03-01&to=2026-03-03', leader.token);
    expect(res.statusCode).toBe(200);
    const data = staffStatsSchema.parse(res.json().data);
    expect(data.revenue).toBeNull();
    expect(data.new_students.total).toBe(3);
    expect(data.exams).toMatchObject({
      taken: 4,
      marked: 3,
      awaiting_marking: 1,
      average_score: 58.3,
    });
  });

  it("averages the students' own scores as the exam flow marks them; an essay waiting is counted apart", async () => {
    // Today's exams, taken through the students' calls: 7 of 8 marks (87.5 %) and 3 of 4
    // (75 %), so the average is (87.5 + 75) / 2 = 81.25 → 81.3; the third student's essay waits
    // for a teacher, so that session is taken but not averaged.
    const eight = await makeExam(server.db, {
      questions: [
        { type: 'choices', mark: 4 },
        { type: 'choices', mark: 2 },
        { type: 'choices', mark: 1 },
        { type: 'choices', mark: 1 },
      ],
    });
    const four = await makeExam(server.db, {
      questions: [
        { type: 'truefalse', mark: 3 },
        { type: 'truefalse', mark: 1 },
      ],
    });
    const essay = await makeExam(server.db, {
      questions: [{ type: 'choices', mark: 1 }, { type: 'essay' }],
    });
    const take = async (exam: TestExam, answers: ExamAnswerInput[]) => {
      const { api } = await examStudent(server);
      const res = await api.submit(await api.tokenFor(exam.id), answers);
      expect(res.statusCode, res.body).toBe(200);
    };
    const [a, b, c, d] = eight.questions as [
      TestQuestion,
      TestQuestion,
      TestQuestion,
      TestQuestion,
    ];
    await take(eight, [
      { question_id: a.id, chosen_answer: a.right },
      { question_id: b.id, chosen_answer: b.right },
      { question_id: c.id, chosen_answer: c.right },
      { question_id: d.id, chosen_answer: d.wrong },
    ]);
    const [t1, t2] = four.questions as [TestQuestion, TestQuestion];
    await take(four, [
      { question_id: t1.id, chosen_answer: t1.right },
      { question_id: t2.id, chosen_answer: t2.wrong },
    ]);
    const [choice, text] = essay.questions as [TestQuestion, TestQuestion];
    await take(essay, [
      { question_id: choice.id, chosen_answer: choice.right },
      { question_id: text.id, answer_text: 'إجابة تنتظر المعلم' },
    ]);
    const today = cairoDay(new Date());
    const data = staffStatsSchema.parse((await stats(`?from=${today}&to=${today}`)).json().data);
    expect(data.exams).toMatchObject({
      taken: 3,
      marked: 2,
      awaiting_marking: 1,
      average_score: 81.3,
    });
  });

  it('defaults to the last 30 Cairo days; a period backwards or over a year is 422', async () => {
    const res = await stats('');
    const data = staffStatsSchema.parse(res.json().data);
    expect(data.to).toBe(cairoDay(new Date()));
    expect(data.new_students.by_day).toHaveLength(30);
    for (const bad of [
      '?from=2026-03-03&to=2026-03-01',
      '?from=2025-01-01&to=2026-03-01',
      '?from=2026-3-1',
    ]) {
      const r = await stats(bad);
      expect(r.statusCode, bad).toBe(422);
      expect(r.json().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('Cairo days follow the clock change: midnight is 22:00 UTC in winter, 21:00 in summer', () => {
    expect(cairoMidnight('2026-03-01')).toBe('2026-02-28T22:00:00.000Z');
    expect(cairoMidnight('2026-07-01')).toBe('2026-06-30T21:00:00.000Z');
    expect(cairoDay('2026-06-30T21:30:00.000Z')).toBe('2026-07-01');
  });
});
