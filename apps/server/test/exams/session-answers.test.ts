import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExamSessionResponseSchema } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeExam } from '../factories/exams';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { examClient } from './exam-client';

/**
 * A session's answers as its student saw them, opened by staff from the results list (issue 26):
 * the same questions in the same order, the options in the order shown, what was picked, the
 * marks, and when each answer was saved.
 */

let server: TestServer;
let staffToken: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  staffToken = (await makeStaff(server.db, 'leader')).token;
});
afterAll(() => server.close());

const answersOf = (sessionId: number, token = staffToken) =>
  server.app.inject({
    method: 'GET',
    url: `/api/v1/staff/exam-sessions/${sessionId}/answers`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });

describe('a session’s answers for staff', () => {
  it('shows the questions and options in the order the student saw, with the picks and marks', async () => {
    // A choices question (1 mark), a true/false (1) and an essay (2): 4 marks.
    const exam = await makeExam(server.db, {
      shuffled: true,
      questions: [{ type: 'choices', options: 5 }, { type: 'truefalse' }, { type: 'essay' }],
    });
    await server.db
      .updateTable('exams')
      .set({ shuffled_questions: 1 })
      .where('id', '=', exam.id)
      .execute();
    const [choice, truth, essay] = exam.questions;
    const api = examClient(server.app, (await makeStudent(server.db)).token);
    const token = await api.tokenFor(exam.id);
    const seen = getExamSessionResponseSchema.parse((await api.session(token)).json());
    // Wrong on the choice, right on true/false, a text for the essay.
    const submitted = await api.submit(token, [
      { question_id: choice!.id, chosen_answer: choice!.wrong! },
      { question_id: truth!.id, chosen_answer: truth!.right! },
      { question_id: essay!.id, answer_text: 'الإجابة المقالية' },
    ]);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const session = await server.db
      .selectFrom('exam_sessions')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();

    const res = await answersOf(session.id);
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json() as {
      data: {
        session: { correction_mark: number; total_mark: number; corrected: boolean };
        questions: {
          id: number;
          drawn: boolean;
          options: { id: number; chosen: boolean; correct: boolean }[];
          correct: boolean | null;
          correction_mark: number | null;
          answer_text: string | null;
          answered_at: string | null;
        }[];
      };
    };
    // The order the student's page showed, questions and options alike.
    expect(data.questions.map((q) => q.id)).toEqual(seen.questions.map((q) => q.id));
    for (const q of data.questions) {
      const shown = seen.questions.find((s) => s.id === q.id)!;
      expect(q.options.map((o) => o.id)).toEqual(shown.answers.map((a) => a.id));
      expect(q.drawn).toBe(false);
      expect(q.answered_at).not.toBeNull();
    }
    const byId = new Map(data.questions.map((q) => [q.id, q]));
    const c = byId.get(choice!.id)!;
    expect(c.options.filter((o) => o.chosen).map((o) => o.id)).toEqual([choice!.wrong]);
    expect(c.options.filter((o) => o.correct).map((o) => o.id)).toEqual([choice!.right]);
    expect(c).toMatchObject({ correct: false, correction_mark: 0 });
    expect(byId.get(truth!.id)).toMatchObject({ correct: true, correction_mark: 1 });
    expect(byId.get(essay!.id)).toMatchObject({
      correct: null,
      correction_mark: null,
      answer_text: 'الإجابة المقالية',
    });
    // 1 of 4 so far; the essay waits for marks.
    expect(data.session).toMatchObject({ correction_mark: 1, total_mark: 4, corrected: false });
  });

  it('marks the questions a session drew from a bank', async () => {
    const staff = (method: 'POST', url: string, payload: object) =>
      server.app.inject({
        method,
        url: `/api/v1/staff${url}`,
        headers: { ...WEB_HEADERS, authorization: `Bearer ${staffToken}` },
        payload,
      });
    const bank = (await staff('POST', '/question-banks', { name: 'بنك' })).json().data.id;
    for (let i = 0; i < 3; i++) {
      const made = await staff('POST', '/questions', {
        bank_id: bank,
        type: 'truefalse',
        text: `سؤال ${i}`,
        correct_true: true,
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    const exam = await makeExam(server.db, { questions: [{ type: 'essay' }] });
    const rule = await staff('POST', '/exam-draw-rules', {
      exam_id: exam.id,
      bank_id: bank,
      mark: 1,
      count: 2,
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const api = examClient(server.app, (await makeStudent(server.db)).token);
    const token = await api.tokenFor(exam.id);
    const session = await server.db
      .selectFrom('exam_sessions')
      .select('id')
      .where('token', '=', token)
      .executeTakeFirstOrThrow();
    const { data } = (await answersOf(session.id)).json();
    expect(data.questions.map((q: { drawn: boolean }) => q.drawn)).toEqual([false, true, true]);
    expect(
      data.questions.every((q: { answered_at: string | null }) => q.answered_at === null),
    ).toBe(true);
  });

  it('answers 404 for no such session, and nothing to a student', async () => {
    expect((await answersOf(999_999)).statusCode).toBe(404);
    const student = await makeStudent(server.db);
    expect((await answersOf(1, student.token)).statusCode).toBe(403);
  });
});
