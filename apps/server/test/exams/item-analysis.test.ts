import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffItemAnalysisSchema, type ExamAnswerInput } from '@dars/contract';
import { markEssayAnswer } from '../../src/modules/exams/exam-marking';
import { groupSize } from '../../src/modules/exams/item-analysis';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeExam, type TestExam } from '../factories/exams';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { attemptIdOf, examClient } from './exam-client';

/**
 * Item analysis (issue 26, ADR 043) against a data set worked out by hand: six students whose
 * totals are 3, 2.5, 2, 1.5, 1 and 0 (the upper group is the first two, the lower the last
 * two: 27 % of 6 is 1.62, rounded to 2), a question with a planted wrong key that the strong
 * students answer "wrongly", a true/false nobody gets right, and an essay with marks, an
 * unanswered one and one still waiting for marks.
 */

let server: TestServer;
let staffToken: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  staffToken = (await makeStaff(server.db, 'leader')).token;
});
afterAll(() => server.close());

function analysis(examId: number) {
  return server.app.inject({
    method: 'GET',
    url: `/api/v1/staff/exams/${examId}/item-analysis`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${staffToken}` },
  });
}

type Plan = {
  /** Q1 and Q2: option index (0 is the key's), or null: unanswered. */
  q1: number | null;
  q2: number | null;
  /** Q3, true/false: 0 'صواب' (the key), 1 'خطأ', null unanswered. */
  q3: number | null;
  /** Q4, essay: the marks given; 'waiting' answered but not marked; null unanswered. */
  q4: number | 'waiting' | null;
};

/** An exam of the questions a {@link Plan} answers: two choices of three options, a true/false and an essay of 2 marks. */
function planExam(): Promise<TestExam> {
  return makeExam(server.db, {
    questions: [
      { type: 'choices', options: 3 },
      { type: 'choices', options: 3 },
      { type: 'truefalse' },
      { type: 'essay', mark: 2 },
    ],
  });
}

async function sit(exam: TestExam, plan: Plan) {
  const api = examClient(server.app, (await makeStudent(server.db)).token);
  const token = await api.tokenFor(exam.id);
  const [q1, q2, q3, q4] = exam.questions;
  const answers: ExamAnswerInput[] = [];
  const choose = (q: typeof q1, index: number | null) => {
    if (index !== null) answers.push({ question_id: q!.id, chosen_answer: q!.options[index]!.id });
  };
  choose(q1, plan.q1);
  choose(q2, plan.q2);
  choose(q3, plan.q3);
  if (plan.q4 !== null) answers.push({ question_id: q4!.id, answer_text: 'الحل بالتفصيل' });
  expect((await api.submit(token, answers)).statusCode).toBe(200);
  if (typeof plan.q4 === 'number') {
    const attemptId = await attemptIdOf(server, token, q4!.id);
    await markEssayAnswer(server.db, { attemptId, marks: plan.q4 });
  }
  return api;
}

/** Submits the two questions with these option indexes (0 is the key's). */
async function sit2(exam: TestExam, first: number, second: number) {
  const api = examClient(server.app, (await makeStudent(server.db)).token);
  const token = await api.tokenFor(exam.id);
  const [q1, q2] = exam.questions;
  const res = await api.submit(token, [
    { question_id: q1!.id, chosen_answer: q1!.options[first]!.id },
    { question_id: q2!.id, chosen_answer: q2!.options[second]!.id },
  ]);
  expect(res.statusCode).toBe(200);
}

describe('item analysis', () => {
  it('puts 27 % of the sessions in each group, at least one, never overlapping', () => {
    // Worked by hand: round(0.27 n), at least 1, at most floor(n / 2); none below 2 sessions.
    const expected: [number, number][] = [
      [0, 0],
      [1, 0],
      [2, 1],
      [3, 1],
      [6, 2],
      [10, 3],
      [100, 27],
    ];
    for (const [n, g] of expected) expect(groupSize(n), `${n} sessions`).toBe(g);
  });

  it('gives each question its facility, discrimination, option picks and flags', async () => {
    const exam = await planExam();
    // Totals: 3, 2.5, 2, 1.5, 1, 0 (the sixth's essay waits for marks).
    await sit(exam, { q1: 0, q2: 1, q3: 1, q4: 2 });
    await sit(exam, { q1: 0, q2: 1, q3: 1, q4: 1.5 });
    await sit(exam, { q1: 0, q2: 0, q3: 1, q4: 0 });
    await sit(exam, { q1: 2, q2: 0, q3: 1, q4: 0.5 });
    await sit(exam, { q1: 1, q2: 0, q3: 1, q4: null });
    await sit(exam, { q1: null, q2: 2, q3: null, q4: 'waiting' });
    // A session still running counts nowhere.
    const running = examClient(server.app, (await makeStudent(server.db)).token);
    const runningToken = await running.tokenFor(exam.id);
    await running.answer(runningToken, [
      { question_id: exam.questions[0]!.id, chosen_answer: exam.questions[0]!.options[1]!.id },
    ]);

    const res = await analysis(exam.id);
    expect(res.statusCode, res.body).toBe(200);
    const data = staffItemAnalysisSchema.parse(res.json().data);
    expect(data.sessions).toBe(6);
    expect(data.group_size).toBe(2);
    const [q1, q2, q3, q4] = data.questions;
    const picks = (q: typeof q1) => q!.options.map((o) => [o.correct, o.picks]);

    // Q1: right 3 of 6 (the unanswered counts 0): 50 %; upper 1, lower 0: 1.
    expect(q1).toMatchObject({
      answered: 5,
      scored: 6,
      facility: 50,
      discrimination: 1,
      flags: [],
    });
    expect(picks(q1)).toEqual([
      [true, 3],
      [false, 1],
      [false, 1],
    ]);
    // Q2, the wrong key: right 3 of 6: 50 %; upper 0 (both chose the second option), lower
    // (1 + 0) / 2 = 0.5: -0.5, reversed.
    expect(q2).toMatchObject({
      answered: 6,
      facility: 50,
      discrimination: -0.5,
      flags: ['reversed'],
    });
    expect(picks(q2)).toEqual([
      [true, 3],
      [false, 2],
      [false, 1],
    ]);
    // Q3: five answered, none right.
    expect(q3).toMatchObject({
      answered: 5,
      facility: 0,
      discrimination: 0,
      flags: ['no_one_right'],
    });
    expect(picks(q3)).toEqual([
      [true, 0],
      [false, 5],
    ]);
    // Q4, essay of 2 marks: shares 1, 0.75, 0, 0.25, 0 (unanswered); the waiting one is left
    // out: facility 2 / 5 = 40 %; upper (1 + 0.75) / 2 = 0.875, lower 0 (only the fifth):
    // 0.875, shown as 0.88.
    expect(q4).toMatchObject({
      answered: 5,
      scored: 5,
      facility: 40,
      discrimination: 0.88,
      options: [],
      flags: [],
    });
  });

  it('flags no essay as one no one got right: below half of its mark is marks given, not a wrong key', async () => {
    const exam = await planExam();
    // Both essays get 0.5 of 2: each below half (not right), 25 % each.
    await sit(exam, { q1: 0, q2: 0, q3: 0, q4: 0.5 });
    await sit(exam, { q1: 1, q2: 0, q3: 0, q4: 0.5 });
    const data = staffItemAnalysisSchema.parse((await analysis(exam.id)).json().data);
    expect(data.questions[3]).toMatchObject({ answered: 2, facility: 25, flags: [] });
    expect(data.questions[0]).toMatchObject({ answered: 2, facility: 50, discrimination: 1 });
  });

  it('exports the same figures for Excel: a question a row, Arabic headers and labels', async () => {
    const exam = await makeExam(server.db, {
      questions: [{ type: 'choices', options: 2 }, { type: 'truefalse' }],
    });
    // Two students: the first right on both (2 marks), the second wrong on both (0).
    await sit2(exam, 0, 0);
    await sit2(exam, 1, 1);
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/staff/exams/${exam.id}/item-analysis.csv`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${staffToken}` },
    });
    expect(res.statusCode).toBe(200);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'السؤال,نص السؤال,النوع,الدرجة,أجابوا,نسبة الصواب %,التمييز,اختيار الإجابات,تنبيهات',
    );
    // One group each (27 % of 2, at least 1): upper 1, lower 0 → 1; half right → 50 %.
    expect(lines[1]).toMatch(/^1,.*,اختيار من متعدد,1,2,50,1,.*: 1 \| .*: 1,$/);
    expect(lines[2]).toMatch(/^2,.*,صواب وخطأ,1,2,50,1,✓ صواب: 1 \| خطأ: 1,$/);
    expect(lines).toHaveLength(4);
    const missing = await server.app.inject({
      method: 'GET',
      url: '/api/v1/staff/exams/999999/item-analysis.csv',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${staffToken}` },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers an exam with no submitted session with empty figures, and 404 for no exam', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'choices' }] });
    const res = await analysis(exam.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      sessions: 0,
      group_size: 0,
      questions: [{ answered: 0, scored: 0, facility: null, discrimination: null, flags: [] }],
    });
    expect((await analysis(999_999)).statusCode).toBe(404);
  });
});
