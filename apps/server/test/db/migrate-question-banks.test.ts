import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as questionBanks from '../../src/db/migrations/2026-11-29-021-question-banks';
import { startTestServer, type TestServer } from '../helpers';
import { makeExam } from '../factories/exams';
import { examStudent } from '../exams/exam-client';

/**
 * Migration 021 (ADR 046) rebuilds `questions` on SQLite so a bank's question can have no exam.
 * Run down to 020's shape and up again on a database with exams, options and answers: nothing
 * is lost, the references still hold both ways, and no id is given twice (the test's database:
 * SQLite, or PostgreSQL with TEST_DATABASE_URL).
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
}, 120_000);
afterAll(() => server?.close());

const count = async (table: 'questions' | 'answer_options' | 'answer_attempts') =>
  Number(
    (
      await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('migration 021: question banks', () => {
  it('keeps every question, option and answer through down and up, with their references', async () => {
    const db = server.db as unknown as Parameters<typeof questionBanks.up>[0];
    const kept = await makeExam(server.db);
    const gone = await makeExam(server.db);
    const { api } = await examStudent(server);
    const token = await api.tokenFor(kept.id);
    const choice = kept.questions[0]!;
    expect(
      (await api.answer(token, [{ question_id: choice.id, chosen_answer: choice.right! }]))
        .statusCode,
    ).toBe(200);
    // The newest question is deleted: its id must not come back after the rebuild.
    const last = gone.questions.at(-1)!.id;
    await server.db.deleteFrom('questions').where('id', '=', last).execute();
    const before = {
      questions: await count('questions'),
      options: await count('answer_options'),
      answers: await count('answer_attempts'),
    };

    await questionBanks.down(db);
    await questionBanks.up(db);

    expect({
      questions: await count('questions'),
      options: await count('answer_options'),
      answers: await count('answer_attempts'),
    }).toEqual(before);
    // The answer still points at its question and option.
    const answer = await server.db
      .selectFrom('answer_attempts')
      .innerJoin('questions', 'questions.id', 'answer_attempts.question_id')
      .select(['answer_attempts.answer_option_id', 'questions.exam_id'])
      .where('answer_attempts.question_id', '=', choice.id)
      .executeTakeFirstOrThrow();
    expect(answer).toEqual({ answer_option_id: choice.right, exam_id: kept.id });
    // A new question takes an id never used, and a bank's question may have no exam.
    const bank = await server.db
      .insertInto('question_banks')
      .values({ name: 'بنك', course_id: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fresh = await server.db
      .insertInto('questions')
      .values({
        exam_id: null,
        bank_id: bank.id,
        position: 0,
        type: 'essay',
        text: 'سؤال',
        image_path: null,
        mark: 1,
        answer_explain_text: null,
        answer_explain_image: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(fresh.id).toBeGreaterThan(last);
    // References hold both ways: an option of no question is refused, and deleting an exam
    // still takes its questions and their options with it.
    await expect(
      server.db
        .insertInto('answer_options')
        .values({ question_id: 999_999, position: 0, text: 'x', image_path: null, correct: 0 })
        .execute(),
    ).rejects.toThrow();
    const goneIds = gone.questions.slice(0, -1).map((q) => q.id);
    await server.db.deleteFrom('exams').where('id', '=', gone.id).execute();
    expect(
      await server.db
        .selectFrom('answer_options')
        .select('id')
        .where('question_id', 'in', goneIds)
        .execute(),
    ).toEqual([]);
  });
});
