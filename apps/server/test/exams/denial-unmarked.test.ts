import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitExamSessionResponseSchema } from '@dars/contract';
import { insertEnrollments } from '../../src/db/seed/enrollments';
import { cairoDay } from '../../src/modules/reports/stats-period';
import { startTestServer, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { attachExam, makeExam, type TestExam } from '../factories/exams';
import { makeStaff } from '../staff/staff-factory';
import { examStudent } from './exam-client';
import { HELD, lectureState, OPEN, staffApi, studentListRow } from './outcome-views';

// A session whose essay waits for a teacher has only the marks of its choices so far: nothing
// that hangs on its outcome may take it as passed or as failed until the essay is marked (ADR
// 016: Marking and results; Homework and mandatory exams; ADR 033 for the dashboard). Then the
// marked score decides, either way. Scores are worked out by hand here.

type Student = Awaited<ReturnType<typeof examStudent>>;
type Answer = 'right' | 'wrong';

/**
 * Starts and submits the student's session: the first question (a choice) right or wrong, every
 * essay written. Answers the submitted result and the essay answers' ids, in question order.
 */
async function take(s: Student, exam: TestExam, choice: Answer) {
  const [first, ...essays] = exam.questions;
  const res = await s.api.submit(await s.api.tokenFor(exam.id), [
    { question_id: first!.id, chosen_answer: choice === 'right' ? first!.right : first!.wrong },
    ...essays.map((q) => ({ question_id: q.id, answer_text: 'إجابة تنتظر المعلم' })),
  ]);
  expect(res.statusCode, res.body).toBe(200);
  const body = submitExamSessionResponseSchema.parse(res.json());
  const idOf = (questionId: number) =>
    body.answer_attempts.find((a) => a.question_id === questionId)!.id;
  return { result: body.result, essays: essays.map((q) => idOf(q.id)) };
}

describe("the lecture rules wait for an essay's marks", () => {
  let server: TestServer;
  let staff: ReturnType<typeof staffApi>;
  let courseId: number;
  /** Must-pass, with an alternative; its essay weighs most (1 + 3 marks, pass at 50 %). */
  let main: TestExam;
  /** The alternative: its choice weighs most (3 + 1 marks, pass at 50 %). */
  let alternative: TestExam;
  /** Must-pass without an alternative, 3 + 1 marks. */
  let solo: TestExam;
  /** Must-take, 1 + 1 marks. */
  let taken: TestExam;
  let lecture: { main: number; solo: number; taken: number };

  beforeAll(async () => {
    server = await startTestServer({ seed: false });
    staff = staffApi(server, (await makeStaff(server.db, 'admin')).token);
    const course = await makeCourse(server, { payType: 'course', lectures: 3 });
    courseId = course.id;
    const exam = (choice: number, essay: number) =>
      makeExam(server.db, {
        general: false,
        passPercentage: 50,
        questions: [
          { type: 'choices', mark: choice },
          { type: 'essay', mark: essay },
        ],
      });
    main = await exam(1, 3);
    alternative = await exam(3, 1);
    solo = await exam(3, 1);
    taken = await exam(1, 1);
    const [l1, l2, l3] = course.lectures;
    lecture = { main: l1!.id, solo: l2!.id, taken: l3!.id };
    await attachExam(server.db, lecture.main, main.id, {
      mustPass: true,
      alternativeId: alternative.id,
    });
    await attachExam(server.db, lecture.solo, solo.id, { mustPass: true });
    await attachExam(server.db, lecture.taken, taken.id, { mustTake: true });
  });
  afterAll(() => server?.close());

  async function joined() {
    const s = await examStudent(server);
    await insertEnrollments(server.db, [
      { userId: s.userId, courseId, at: new Date().toISOString() },
    ]);
    return s;
  }
  const state = (s: Student, lectureId: number) =>
    lectureState(server, s.token, courseId, lectureId);

  it('keeps a must-pass exam passed so far on its choice holding the videos until marked, then opens them', async () => {
    const s = await joined();
    const { result, essays } = await take(s, solo, 'right');
    // 3 of 4 so far: above the pass mark, but the essay's mark is not known.
    expect(result).toMatchObject({ corrected: false, correction_mark: 3, total_mark: 4 });
    expect(await state(s, lecture.solo)).toMatchObject({ ...HELD, needsAttention: [true] });
    await staff.mark(essays[0]!, 0);
    // Marked: 3 of 4 = 75 % ≥ 50 %.
    expect(await state(s, lecture.solo)).toMatchObject({ ...OPEN, needsAttention: [false] });
  });

  it('keeps a must-pass exam failing so far from sending to the alternative until marked; marked passed, it opens', async () => {
    const s = await joined();
    const { essays } = await take(s, main, 'right');
    // 1 of 4 so far (25 %): below the pass mark, but not failed while the essay waits.
    expect(await state(s, lecture.main)).toMatchObject({
      ...HELD,
      needsAttention: [true],
      toAlternative: [false],
    });
    await staff.mark(essays[0]!, 2);
    // Marked: 1 + 2 = 3 of 4 = 75 %: passed, the videos open and no alternative is offered.
    expect(await state(s, lecture.main)).toMatchObject({
      ...OPEN,
      needsAttention: [false],
      toAlternative: [false],
    });
  });

  it('sends to the alternative once marked failed; the alternative passed so far still waits, then opens', async () => {
    const s = await joined();
    const first = await take(s, main, 'right');
    await staff.mark(first.essays[0]!, 0.5);
    // Marked: 1 + 0.5 = 1.5 of 4 = 37.5 % < 50 %: failed.
    expect(await state(s, lecture.main)).toMatchObject({
      ...HELD,
      needsAttention: [true],
      toAlternative: [true],
    });
    const second = await take(s, alternative, 'right');
    // The alternative at 3 of 4 so far, its essay unmarked: the videos still wait.
    expect(second.result).toMatchObject({ corrected: false, correction_mark: 3 });
    expect(await state(s, lecture.main)).toMatchObject({ ...HELD, needsAttention: [true] });
    await staff.mark(second.essays[0]!, 0);
    // Marked: 3 of 4 = 75 %: the alternative is passed.
    expect(await state(s, lecture.main)).toMatchObject({ ...OPEN, needsAttention: [false] });
  });

  it('keeps the videos held when the alternative too is marked failed', async () => {
    const s = await joined();
    const first = await take(s, main, 'wrong');
    expect(await state(s, lecture.main)).toMatchObject({ toAlternative: [false] });
    await staff.mark(first.essays[0]!, 1);
    // 0 + 1 = 1 of 4 = 25 %: failed.
    expect(await state(s, lecture.main)).toMatchObject({ ...HELD, toAlternative: [true] });
    const second = await take(s, alternative, 'wrong');
    expect(await state(s, lecture.main)).toMatchObject({ ...HELD, needsAttention: [true] });
    await staff.mark(second.essays[0]!, 0.5);
    // 0 + 0.5 = 0.5 of 4 = 12.5 %: failed too.
    expect(await state(s, lecture.main)).toMatchObject({ ...HELD, needsAttention: [true] });
  });

  it('takes a must-take exam as taken once submitted, its essay marked or not', async () => {
    const s = await joined();
    expect(await state(s, lecture.taken)).toMatchObject({ ...HELD, needsAttention: [true] });
    const { result } = await take(s, taken, 'wrong');
    expect(result).toMatchObject({ corrected: false, correction_mark: 0 });
    expect(await state(s, lecture.taken)).toMatchObject({ ...OPEN, needsAttention: [false] });
  });
});

describe("the results and the dashboard wait for an essay's marks", () => {
  let server: TestServer;
  let staff: ReturnType<typeof staffApi>;
  /** A 2-mark choice and two 1-mark essays: 4 marks, pass at 50 %. */
  let essays: TestExam;
  /** A 3-mark and a 1-mark choice: 4 marks, pass at 50 %. */
  let choices: TestExam;
  let ahead: Student; // the choice right: 2 of 4 = 50 % so far, at the pass mark
  let behind: Student; // the choice wrong: 0 of 4 so far
  let baseline: Student; // the 3-mark choice right only: 3 of 4 = 75 %, nothing to mark
  let aheadEssays: number[];
  let behindEssays: number[];
  const today = () => cairoDay(new Date());

  beforeAll(async () => {
    server = await startTestServer({ seed: false });
    staff = staffApi(server, (await makeStaff(server.db, 'admin')).token);
    essays = await makeExam(server.db, {
      passPercentage: 50,
      questions: [
        { type: 'choices', mark: 2 },
        { type: 'essay', mark: 1 },
        { type: 'essay', mark: 1 },
      ],
    });
    choices = await makeExam(server.db, {
      passPercentage: 50,
      questions: [
        { type: 'choices', mark: 3 },
        { type: 'choices', mark: 1 },
      ],
    });
    [ahead, behind, baseline] = [
      await examStudent(server),
      await examStudent(server),
      await examStudent(server),
    ];
    aheadEssays = (await take(ahead, essays, 'right')).essays;
    behindEssays = (await take(behind, essays, 'wrong')).essays;
    const [three, one] = choices.questions;
    await baseline.api.submit(await baseline.api.tokenFor(choices.id), [
      { question_id: three!.id, chosen_answer: three!.right },
      { question_id: one!.id, chosen_answer: one!.wrong },
    ]);
  });
  afterAll(() => server?.close());

  /** Every place a session's outcome shows, for one student's session of the essays exam. */
  async function outcomes(s: Student) {
    return {
      list: await studentListRow(server, s.token, essays.code),
      staff: await staff.sessionRow(essays.id, s.userId),
      console: await staff.studentSessionRow(s.userId, essays.id),
      csv: (await staff.csvCells(essays.id, s.userId))?.slice(-10, -5), // before the integrity counts and the attempt
    };
  }
  /** What every place shows while an essay waits: neither passed nor failed. */
  const awaiting = (soFar: number, percentage: number) => ({
    list: { corrected: false, succeeded: null, correction_mark: null, total_mark: 4 },
    staff: { corrected: false, succeeded: null, correction_mark: soFar, percentage },
    console: { corrected: false, succeeded: null, correction_mark: soFar, total_mark: 4 },
    csv: [String(soFar), '4', String(percentage), '', 'لا'],
  });
  const decided = (mark: number, percentage: number, passed: boolean) => ({
    list: { corrected: true, succeeded: passed, correction_mark: mark, total_mark: 4 },
    staff: { corrected: true, succeeded: passed, correction_mark: mark, percentage },
    console: { corrected: true, succeeded: passed, correction_mark: mark, total_mark: 4 },
    csv: [String(mark), '4', String(percentage), passed ? 'ناجح' : 'راسب', 'نعم'],
  });

  it('shows neither passed nor failed while an essay waits, whether the marks so far pass or not', async () => {
    expect(await outcomes(ahead)).toMatchObject(awaiting(2, 50));
    expect(await outcomes(behind)).toMatchObject(awaiting(0, 0));
    // Only the baseline's 75 % is averaged (with the marks so far it would be
    // (50 + 0 + 75) / 3 = 41.7); both sessions waiting are counted apart.
    expect(await staff.examFigures(today())).toEqual({
      taken: 3,
      marked: 1,
      awaiting_marking: 2,
      average_score: 75,
      previous_taken: 0,
      previous_average_score: null,
    });
  });

  it('still waits with one essay of two marked', async () => {
    const reply = await staff.mark(aheadEssays[0]!, 1);
    expect(reply).toMatchObject({ corrected: false, correction_mark: 3, total_mark: 4 });
    expect(await outcomes(ahead)).toMatchObject(awaiting(3, 75));
    expect(await staff.examFigures(today())).toMatchObject({
      marked: 1,
      awaiting_marking: 2,
      average_score: 75,
    });
  });

  it('decides by the marked score once every essay is marked: a pass and a fail', async () => {
    // The marking screen's reply says the student's result now.
    const now = (mark: number, passed: boolean) => ({
      correction_mark: mark,
      total_mark: 4,
      succeeded: passed,
      corrected: true,
    });
    expect(await staff.mark(aheadEssays[1]!, 0)).toEqual(now(3, true));
    // 2 + 1 + 0 = 3 of 4 = 75 %.
    expect(await outcomes(ahead)).toMatchObject(decided(3, 75, true));
    await staff.mark(behindEssays[0]!, 0.5);
    expect(await staff.mark(behindEssays[1]!, 0.5)).toEqual(now(1, false));
    // 0 + 0.5 + 0.5 = 1 of 4 = 25 %.
    expect(await outcomes(behind)).toMatchObject(decided(1, 25, false));
    // (75 + 25 + 75) / 3 = 58.33 → 58.3.
    expect(await staff.examFigures(today())).toMatchObject({
      taken: 3,
      marked: 3,
      awaiting_marking: 0,
      average_score: 58.3,
    });
  });
});
