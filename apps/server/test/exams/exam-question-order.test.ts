import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExamSessionResponseSchema, submitExamSessionResponseSchema } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeExam, type TestExam } from '../factories/exams';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { examClient } from './exam-client';

/**
 * An exam that shuffles its questions (issue 26) shows each session its own order, the same
 * on every reload; marking does not depend on the order; an exam that does not shuffle keeps
 * the staff's order for everyone.
 */

let server: TestServer;
let staffToken: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  staffToken = (await makeStaff(server.db, 'leader')).token;
});
afterAll(() => server.close());

const SIX_CHOICES = Array.from({ length: 6 }, () => ({ type: 'choices' as const, options: 3 }));

async function setShuffled(examId: number, shuffled: boolean) {
  const res = await server.app.inject({
    method: 'PATCH',
    url: `/api/v1/staff/exams/${examId}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${staffToken}` },
    payload: { shuffled_questions: shuffled },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.shuffled_questions).toBe(shuffled);
}

/** A new student's session: its question ids as shown, twice (a reload), and the client. */
async function sessionOrder(exam: TestExam) {
  const api = examClient(server.app, (await makeStudent(server.db)).token);
  const token = await api.tokenFor(exam.id);
  const read = async () =>
    getExamSessionResponseSchema
      .parse((await api.session(token)).json())
      .questions.map((q) => q.id);
  return { api, token, order: await read(), reload: await read() };
}

describe('the order of an exam’s questions', () => {
  it('is another one for each session of a shuffling exam, the same on every reload', async () => {
    const exam = await makeExam(server.db, { questions: SIX_CHOICES });
    await setShuffled(exam.id, true);
    const staffOrder = exam.questions.map((q) => q.id);
    const orders: string[] = [];
    for (let i = 0; i < 8; i++) {
      const { order, reload } = await sessionOrder(exam);
      expect(reload).toEqual(order);
      expect([...order].sort((a, b) => a - b)).toEqual([...staffOrder].sort((a, b) => a - b));
      orders.push(order.join(','));
    }
    // Eight sessions over 720 orders: the chance that they all drew one order is nil, and at
    // least one of them differs from the staff's order.
    expect(new Set(orders).size).toBeGreaterThan(1);
    expect(orders.some((o) => o !== staffOrder.join(','))).toBe(true);
  });

  it('is the staff’s order for everyone when the exam does not shuffle', async () => {
    const exam = await makeExam(server.db, { questions: SIX_CHOICES });
    const staffOrder = exam.questions.map((q) => q.id);
    for (let i = 0; i < 4; i++) expect((await sessionOrder(exam)).order).toEqual(staffOrder);
    await setShuffled(exam.id, true);
    await setShuffled(exam.id, false);
    expect((await sessionOrder(exam)).order).toEqual(staffOrder);
  });

  it('does not change what an answer earns: every right answer in a shuffled order is the full mark', async () => {
    const exam = await makeExam(server.db, { questions: SIX_CHOICES });
    await setShuffled(exam.id, true);
    const { api, token, order } = await sessionOrder(exam);
    const byId = new Map(exam.questions.map((q) => [q.id, q]));
    // Right on the first three as shown, wrong on the last three: 3 of 6 marks.
    const answers = order.map((id, i) => ({
      question_id: id,
      chosen_answer: i < 3 ? byId.get(id)!.right! : byId.get(id)!.wrong!,
    }));
    const res = await api.submit(token, answers);
    expect(res.statusCode, res.body).toBe(200);
    const { result } = submitExamSessionResponseSchema.parse(res.json());
    expect(result).toMatchObject({ correction_mark: 3, total_mark: 6 });
  });
});
