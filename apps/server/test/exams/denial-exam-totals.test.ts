import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExamSessionResponseSchema, submitExamSessionResponseSchema } from '@dars/contract';
import { insertEnrollments } from '../../src/db/seed/enrollments';
import { ANSWER_GRACE_MS } from '../../src/modules/exams/exam-time';
import { cairoDay, cairoMidnight } from '../../src/modules/reports/stats-period';
import { startTestServer, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { attachExam, makeExam, type TestExam } from '../factories/exams';
import type { TestStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { examStudent } from './exam-client';
import { HELD, lectureState, OPEN, staffApi, studentListRow } from './outcome-views';

// A result's total is every question's marks, answered or not (ADR 016: Marking and results),
// on every place a score, a percentage or pass/fail is computed or shown. The exams are weighted
// 2 + 2 + 3 + 1 = 8 marks; a student who answers the 2- and the 3-mark choice right, leaves the
// true/false alone and writes an essay then clears it has 5 of 8 = 62.5 % — not 5 of 5 (only
// the answered), 5 of 7 (the cleared essay forgotten) or 2 of 4 questions (50 %).
// Every figure below is worked out by hand here, never read from the product.

let server: TestServer;
let staff: ReturnType<typeof staffApi>;
let courseId: number;
let lectures: { atSixty: number; atSixtyFive: number };

const WEIGHTED = [
  { type: 'choices' as const, mark: 2 },
  { type: 'truefalse' as const, mark: 2 },
  { type: 'choices' as const, mark: 3 },
  { type: 'essay' as const, mark: 1 },
];
let atSixty: TestExam; // passes at 60 %
let atSixtyFive: TestExam; // passes at 65 %
let homework: TestExam; // homework, passes at 60 %

type Taker = TestStudent & { api: Awaited<ReturnType<typeof examStudent>>['api'] };
let good: Taker; // 5 of 8 at 60 % (passed) and the homework alike
let short: Taker; // the same answers at 65 % (failed)
let weak: Taker; // 3 of 8 at 60 % (failed)
let late: Taker; // 5 of 8 at 60 %, saved, then submitted by time at the deadline (passed)
const sessions = new Map<string, string>();

/**
 * The 2- and the 3-mark choice right, the essay written then cleared, the true/false left: what
 * the student's client sends, the clearing in a save before the submit. By `time`: the answers
 * are saved, the deadline passes, and the results list submits the session at its deadline.
 */
async function takeFiveOfEight(s: Taker, exam: TestExam, by: 'student' | 'time' = 'student') {
  const [two, , three, essay] = exam.questions;
  const token = await s.api.tokenFor(exam.id);
  const wrote = await s.api.answer(token, [{ question_id: essay!.id, answer_text: 'مسودة' }]);
  expect(wrote.json().answer_attempts).toHaveLength(1);
  const cleared = await s.api.answer(token, [{ question_id: essay!.id, answer_text: '' }]);
  expect(cleared.json().answer_attempts).toHaveLength(0);
  const answers = [
    { question_id: two!.id, chosen_answer: two!.right },
    { question_id: three!.id, chosen_answer: three!.right },
  ];
  sessions.set(`${s.userId}:${exam.id}`, token);
  if (by === 'time') {
    expect((await s.api.answer(token, answers)).statusCode).toBe(200);
    // Minutes ago, but never before today's Cairo midnight: the dashboard's figures below are
    // today's, and a run in the first minutes of a Cairo day must not move this session into
    // yesterday (it did, at 00:05 Cairo time). The deadline must also be past the answer
    // grace, or the results list leaves the session running: in the first seconds of a Cairo
    // day both cannot hold, so the test waits them out (it failed at 00:00:40 Cairo time).
    const since = Date.parse(cairoMidnight(cairoDay(new Date())));
    const room = ANSWER_GRACE_MS + 15_000;
    if (Date.now() - since < room)
      await new Promise((r) => setTimeout(r, room - (Date.now() - since)));
    const ago = (minutes: number) =>
      new Date(
        Math.max(since + 1000 * (11 - minutes), Date.now() - minutes * 60_000),
      ).toISOString();
    const deadline = new Date(
      Math.min(Date.parse(ago(5)), Date.now() - ANSWER_GRACE_MS - 1_000),
    ).toISOString();
    await server.db
      .updateTable('exam_sessions')
      .set({ started_at: ago(10), deadline_at: deadline })
      .where('token', '=', token)
      .execute();
    await s.api.results();
    return getExamSessionResponseSchema.parse((await s.api.session(token)).json());
  }
  const res = await s.api.submit(token, answers);
  expect(res.statusCode, res.body).toBe(200);
  return submitExamSessionResponseSchema.parse(res.json());
}

const submitted = new Map<string, ReturnType<typeof submitExamSessionResponseSchema.parse>>();

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  staff = staffApi(server, (await makeStaff(server.db, 'admin')).token);
  const course = await makeCourse(server, { payType: 'course', lectures: 2 });
  courseId = course.id;
  const shape = { general: false, questions: WEIGHTED };
  atSixty = await makeExam(server.db, { ...shape, passPercentage: 60 });
  atSixtyFive = await makeExam(server.db, { ...shape, passPercentage: 65 });
  homework = await makeExam(server.db, {
    kind: 'homework',
    questions: WEIGHTED,
    passPercentage: 60,
  });
  lectures = { atSixty: course.lectures[0]!.id, atSixtyFive: course.lectures[1]!.id };
  await attachExam(server.db, lectures.atSixty, atSixty.id, { mustPass: true });
  await attachExam(server.db, lectures.atSixtyFive, atSixtyFive.id, { mustPass: true });
  [good, short, weak, late] = [
    await examStudent(server),
    await examStudent(server),
    await examStudent(server),
    await examStudent(server),
  ];
  const at = new Date().toISOString();
  await insertEnrollments(
    server.db,
    [good, short, weak, late].map((s) => ({ userId: s.userId, courseId, at })),
  );
  submitted.set('good', await takeFiveOfEight(good, atSixty));
  submitted.set('homework', await takeFiveOfEight(good, homework));
  submitted.set('short', await takeFiveOfEight(short, atSixtyFive));
  submitted.set('late', await takeFiveOfEight(late, atSixty, 'time'));
  // The weak student: the 2-mark choice and the true/false wrong, the 3-mark choice right, the
  // essay never touched: 3 of 8 = 37.5 %, one right and two wrong.
  const [two, tf, three] = atSixty.questions;
  const token = await weak.api.tokenFor(atSixty.id);
  sessions.set(`${weak.userId}:${atSixty.id}`, token);
  const res = await weak.api.submit(token, [
    { question_id: two!.id, chosen_answer: two!.wrong },
    { question_id: tf!.id, chosen_answer: tf!.wrong },
    { question_id: three!.id, chosen_answer: three!.right },
  ]);
  submitted.set('weak', submitExamSessionResponseSchema.parse(res.json()));
}, 180_000); // up to 75 s of waiting out the first seconds of a Cairo day (takeFiveOfEight)
afterAll(() => server?.close());

/** Every session and its score, worked out by hand: all of 8 marks. */
const table = () =>
  (
    [
      // name, student, exam, mark, percentage, passed, right, wrong
      ['good', good, atSixty, 5, 62.5, true, 2, 0],
      ['homework', good, homework, 5, 62.5, true, 2, 0],
      ['short', short, atSixtyFive, 5, 62.5, false, 2, 0],
      ['weak', weak, atSixty, 3, 37.5, false, 1, 2],
      ['late', late, atSixty, 5, 62.5, true, 2, 0],
    ] as const
  ).map(([name, s, exam, mark, pct, passed, right, wrong]) => ({
    name,
    s,
    exam,
    mark,
    total: 8,
    pct,
    passed,
    right,
    wrong,
  }));

describe('a total of every question, answered or not', () => {
  it("is the student's result when submitting and when the session is opened again", async () => {
    for (const row of table()) {
      const expected = {
        correction_mark: row.mark,
        total_mark: row.total,
        correction_percentage: row.pct,
        succeeded: row.passed,
        correct_answer_attempts: row.right,
        wrong_answer_attempts: row.wrong,
        corrected: true,
      };
      expect(submitted.get(row.name)!.result, row.name).toMatchObject(expected);
      const token = sessions.get(`${row.s.userId}:${row.exam.id}`)!;
      const again = getExamSessionResponseSchema.parse((await row.s.api.session(token)).json());
      expect(again.result, row.name).toMatchObject(expected);
    }
  });

  it('is what the review adds up to: the answered questions with their own marks, the rest absent', async () => {
    const [two, tf, three, essay] = atSixty.questions;
    const token = sessions.get(`${good.userId}:${atSixty.id}`)!;
    const review = getExamSessionResponseSchema.parse((await good.api.session(token)).json());
    const attempts = [...review.answer_attempts].sort((a, b) => a.question_id - b.question_id);
    expect(
      attempts.map((a) => [a.question_id, a.correct, a.correction_mark, a.question_mark]),
    ).toEqual([
      [two!.id, true, 2, 2],
      [three!.id, true, 3, 3],
    ]);
    expect(attempts.map((a) => a.question_id)).not.toContain(tf!.id);
    expect(attempts.map((a) => a.question_id)).not.toContain(essay!.id);
    expect(review.questions).toHaveLength(4);
    expect(review.result).toMatchObject({ correction_mark: 5, total_mark: 8 });
  });

  it("is each results list's mark and outcome: exams and homework", async () => {
    for (const row of table()) {
      const list = row.exam === homework ? 'homework' : 'exams';
      expect(
        await studentListRow(server, row.s.token, row.exam.code, list),
        row.name,
      ).toMatchObject({
        corrected: true,
        succeeded: row.passed,
        correction_mark: row.mark,
        total_mark: row.total,
      });
    }
  });

  it("is the staff's results list (with the percentage) and the student's sessions in the console", async () => {
    for (const row of table()) {
      const scored = {
        correction_mark: row.mark,
        total_mark: row.total,
        succeeded: row.passed,
        corrected: true,
      };
      expect(await staff.sessionRow(row.exam.id, row.s.userId), row.name).toMatchObject({
        ...scored,
        percentage: row.pct,
      });
      expect(await staff.studentSessionRow(row.s.userId, row.exam.id), row.name).toMatchObject(
        scored,
      );
    }
    // The late one was submitted by time, not by the student.
    expect(await staff.sessionRow(atSixty.id, late.userId)).toMatchObject({ finished_by: 'time' });
  });

  it("is the exam's full marks on its page in the console", async () => {
    for (const exam of [atSixty, atSixtyFive, homework]) {
      const res = await staff.get(`/exams/${exam.id}`);
      expect(res.json().data).toMatchObject({ questions_count: 4, total_mark: 8 });
    }
  });

  it("is the results file's mark, total, percentage and outcome", async () => {
    for (const row of table()) {
      const cells = await staff.csvCells(row.exam.id, row.s.userId);
      expect(cells?.slice(-10, -5), row.name).toEqual([
        // before the three integrity counts (ADR 044)
        String(row.mark),
        String(row.total),
        String(row.pct),
        row.passed ? 'ناجح' : 'راسب',
        'نعم',
      ]);
    }
  });

  it("is the dashboard's average: the five scores' mean, (62.5 × 4 + 37.5) / 5 = 57.5", async () => {
    expect(await staff.examFigures(cairoDay(new Date()))).toMatchObject({
      taken: 5,
      marked: 5,
      awaiting_marking: 0,
      average_score: 57.5,
    });
  });

  it("decides a must-pass exam's hold on the videos: 62.5 % opens at 60 %, not at 65 %", async () => {
    for (const s of [good, late]) {
      expect(await lectureState(server, s.token, courseId, lectures.atSixty)).toMatchObject({
        ...OPEN,
        needsAttention: [false],
      });
    }
    expect(await lectureState(server, short.token, courseId, lectures.atSixtyFive)).toMatchObject({
      ...HELD,
      needsAttention: [true],
    });
    expect(await lectureState(server, weak.token, courseId, lectures.atSixty)).toMatchObject({
      ...HELD,
      needsAttention: [true],
    });
  });
});
