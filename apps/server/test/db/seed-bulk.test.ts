import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkExam, seedBulkStudents } from '../../src/db/seed/bulk';
import { examClient } from '../exams/exam-client';
import { apiGet, startTestServer, type TestServer } from '../helpers';

// What the exam benchmarks rely on: bulk students are signed in by their tokens, each as
// themselves, and a bulk exam is started and answered through the API like any other.
let server: TestServer;
let tokens: string[];

beforeAll(async () => {
  server = await startTestServer();
  // More than one batch of 500, so that a batch's tokens matched to the wrong users would show.
  tokens = await seedBulkStudents(server.db, 1_203);
});
afterAll(() => server.close());

describe('bulk students', () => {
  it('are each signed in by their own token', async () => {
    expect(new Set(tokens).size).toBe(1_203);
    for (const n of [1, 500, 501, 1_203]) {
      const res = await apiGet(server.app, '/profile', tokens[n - 1]);
      expect(res.statusCode).toBe(200);
      expect((res.json() as { user: { email: string } }).user.email).toBe(`bulk-${n}@dars.test`);
    }
  });

  it('do not sign in without a seeded token', async () => {
    expect((await apiGet(server.app, '/profile', `${tokens[0]}x`)).statusCode).toBe(401);
  });
});

describe('a bulk exam', () => {
  it('is started by code and answered with the options it lists', async () => {
    const exam = await seedBulkExam(server.db, { code: 'BULK1', questions: 20, minutes: 120 });
    expect(exam.questions).toHaveLength(20);
    const student = examClient(server.app, tokens[7]!);
    const details = (await student.details('BULK1')).json() as {
      data: { id: number; duration: number; questions_count: number };
    };
    expect(details.data).toMatchObject({ id: exam.id, duration: 120, questions_count: 20 });
    const session = await student.tokenFor(exam.id);
    const [first, second] = exam.questions;
    const saved = await student.answer(session, [
      { question_id: first!.id, chosen_answer: first!.options[0]!, seq: 1 },
      { question_id: second!.id, chosen_answer: second!.options[3]!, seq: 2 },
    ]);
    expect(saved.statusCode).toBe(200);
    const submitted = (await student.submit(session)).json() as {
      result: { correct_answer_attempts: number; wrong_answer_attempts: number };
    };
    // The first option is the correct one.
    expect(submitted.result).toMatchObject({
      correct_answer_attempts: 1,
      wrong_answer_attempts: 1,
    });
  });
});
