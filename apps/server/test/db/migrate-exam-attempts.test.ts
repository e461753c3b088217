import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as examAttempts from '../../src/db/migrations/2026-11-30-022-exam-attempts';
import * as devices from '../../src/db/migrations/2026-11-30-027-devices';
import { startTestServer, type TestServer } from '../helpers';
import { makeExam, type TestExam } from '../factories/exams';
import { examStudent } from '../exams/exam-client';

/**
 * Migration 022 (ADR 047) makes one session per attempt instead of one per student: SQLite
 * rebuilds `exam_sessions` to change its unique constraint. Run down to 021's shape and up again
 * on a database with sessions, answers and integrity events (the test's database: SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): first attempts and their answers stay, references hold,
 * no id is given twice, and each shape's constraint holds.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
}, 120_000);
afterAll(() => server?.close());

type Db = Parameters<typeof examAttempts.up>[0];

async function sit(s: Awaited<ReturnType<typeof examStudent>>, exam: TestExam) {
  const token = await s.api.tokenFor(exam.id);
  const q = exam.questions[0]!;
  const res = await s.api.submit(token, [{ question_id: q.id, chosen_answer: q.right }]);
  expect(res.statusCode, res.body).toBe(200);
  return token;
}

const sessions = () =>
  server.db
    .selectFrom('exam_sessions')
    .select(['id', 'token', 'user_id', 'exam_id'])
    .orderBy('id')
    .execute();

describe('migration 022: exam attempts', () => {
  it('keeps each first attempt with its answers through down and up; the constraint follows', async () => {
    const db = server.db as unknown as Db;
    const exam = await makeExam(server.db);
    await server.db
      .updateTable('exams')
      .set({ max_attempts: 2 })
      .where('id', '=', exam.id)
      .execute();
    const s = await examStudent(server);
    const first = await sit(s, exam);
    const second = await sit(s, exam);
    expect(second).not.toBe(first);
    const firstId = (await sessions()).find((r) => r.token === first)!.id;
    const secondId = (await sessions()).find((r) => r.token === second)!.id;
    await server.db
      .insertInto('exam_session_events')
      .values({
        session_id: firstId,
        client_id: 'm-1',
        kind: 'hidden',
        client_at: null,
        detail: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const answersOf = (id: number) =>
      server.db
        .selectFrom('answer_attempts')
        .select(['question_id', 'answer_option_id'])
        .where('session_id', '=', id)
        .execute();
    const firstAnswers = await answersOf(firstId);
    expect(firstAnswers).toHaveLength(1);

    // Down in order: migration 027 (ADR 051) added a column to exam_sessions after 022's; a
    // PostgreSQL connection keeps its prepared `select *` of the table, which refuses a table
    // whose columns came back in another order.
    await devices.down(db);
    await examAttempts.down(db);
    // 021's shape: the second attempt is gone with its answers; the first stays whole.
    expect((await sessions()).map((r) => r.token)).toEqual([first]);
    expect(await answersOf(secondId)).toEqual([]);
    expect(await answersOf(firstId)).toEqual(firstAnswers);
    const copy = {
      token: 'one-per-student',
      user_id: s.userId,
      exam_id: exam.id,
      started_at: new Date().toISOString(),
    };
    await expect(server.db.insertInto('exam_sessions').values(copy).execute()).rejects.toThrow();

    await examAttempts.up(db);
    await devices.up(db);
    const rows = await server.db.selectFrom('exam_sessions').select(['id', 'attempt']).execute();
    expect(rows).toEqual([{ id: firstId, attempt: 1 }]);
    expect(await answersOf(firstId)).toEqual(firstAnswers);
    const events = await server.db
      .selectFrom('exam_session_events')
      .select('session_id')
      .where('client_id', '=', 'm-1')
      .execute();
    expect(events).toEqual([{ session_id: firstId }]);
    // One session per attempt again: the same attempt twice is refused, the next is not.
    await expect(
      server.db
        .insertInto('exam_sessions')
        .values({ ...copy, attempt: 1 })
        .execute(),
    ).rejects.toThrow();
    // The exam allows one attempt again (its column came back with its default): a grant adds one.
    await server.db
      .insertInto('exam_attempt_grants')
      .values({
        user_id: s.userId,
        exam_id: exam.id,
        extra_attempts: 1,
        note: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const again = await sit(s, exam);
    const latest = await server.db
      .selectFrom('exam_sessions')
      .select(['id', 'attempt'])
      .where('token', '=', again)
      .executeTakeFirstOrThrow();
    // The rebuilt table gives no id twice: the deleted second attempt's id stays unused.
    expect(latest.attempt).toBe(2);
    expect(latest.id).toBeGreaterThan(secondId);
  });
});
