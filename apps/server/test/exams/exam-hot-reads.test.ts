import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExamResultsResponseSchema, saveExamAnswersResponseSchema } from '@dars/contract';
import { manualClock } from '../../src/lib/clock';
import { writeAnswers } from '../../src/modules/exams/exam-service';
import { startTestServer, type TestServer } from '../helpers';
import { makeExam } from '../factories/exams';
import { examStudent, PNG_UPLOAD, sessionRowOf } from './exam-client';

// Issue 30: a results read is one statement unless something of the student's is overdue, and
// one answer is saved by one statement that writes only while its session runs. These hold the
// rules those shortcuts must keep; every figure below is worked out by hand.

const clock = manualClock('2026-03-01T09:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: false, clock });
});
afterAll(() => server.close());

const student = () => examStudent(server);
const minutes = (n: number) => n * 60_000;

const sessionRow = (token: string) => sessionRowOf(server, token);

async function list(api: Awaited<ReturnType<typeof student>>['api'], kind: 'exam' | 'homework') {
  const res = kind === 'exam' ? await api.results() : await api.homeworkResults();
  expect(res.statusCode).toBe(200);
  return getExamResultsResponseSchema.parse(res.json()).data;
}

describe('the results lists submit what is overdue before they answer', () => {
  it('shows a session running through the grace, then submitted at its deadline on the next read', async () => {
    const exam = await makeExam(server.db, {
      duration: 10,
      passPercentage: 50,
      questions: [
        { type: 'choices', mark: 2 },
        { type: 'choices', mark: 1 },
      ],
    });
    const [two, one] = exam.questions;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const started = clock.now().toISOString();
    expect(
      (
        await api.answer(token, [
          { question_id: two!.id, chosen_answer: two!.right },
          { question_id: one!.id, chosen_answer: one!.wrong },
        ])
      ).statusCode,
    ).toBe(200);

    // At deadline + grace exactly the answers are still taken: the session runs.
    clock.advance(minutes(10) + 60_000);
    expect(await list(api, 'exam')).toEqual([
      {
        id: expect.any(Number),
        exam: { exam_code: exam.code, name: expect.any(String), show_result: true },
        start_time: started,
        corrected: false,
        succeeded: null,
        correction_mark: null,
        total_mark: 3,
        active: true,
        attempt: 1,
        counts: false,
        attempts_allowed: 1,
        session_token: token,
      },
    ]);
    expect((await sessionRow(token)).finished_at).toBeNull();

    // A second later it is overdue: this read submits it at its deadline and lists it marked,
    // 2 of 3 (66.67 %) passing at 50 %.
    clock.advance(1_000);
    const [row] = await list(api, 'exam');
    expect(row).toMatchObject({
      start_time: started,
      corrected: true,
      succeeded: true,
      correction_mark: 2,
      total_mark: 3,
      active: false,
      attempt: 1,
      counts: true,
      attempts_allowed: 1,
      session_token: token,
    });
    expect(await sessionRow(token)).toMatchObject({
      finished_at: new Date(Date.parse(started) + minutes(10)).toISOString(),
      finished_by: 'time',
      correct_count: 1,
      wrong_count: 1,
      correction_mark: 2,
    });
  });

  it("submits the student's overdue homework from the exam list, lists nothing twice, and leaves other students alone", async () => {
    const exam = await makeExam(server.db, { duration: 10 });
    const homework = await makeExam(server.db, { kind: 'homework', duration: 5 });
    const other = await makeExam(server.db, { duration: 5 });
    const a = await student();
    const b = await student();
    const examToken = await a.api.tokenFor(exam.id);
    const homeworkToken = await a.api.tokenFor(homework.id);
    const othersToken = await b.api.tokenFor(other.id);
    const start = clock.now().getTime();
    const at = (ms: number) => new Date(start + ms).toISOString();

    // 5 minutes + the grace + 1 s: the homework and the other student's exam are overdue.
    clock.advance(minutes(5) + 61_000);
    const exams = await list(a.api, 'exam');
    expect(exams.map((r) => [r.session_token, r.active])).toEqual([[examToken, true]]);
    expect(await sessionRow(homeworkToken)).toMatchObject({
      finished_at: at(minutes(5)),
      finished_by: 'time',
    });
    // Nobody else's session is submitted by this student's read (the sweep does that).
    expect((await sessionRow(othersToken)).finished_at).toBeNull();
    expect((await list(a.api, 'homework')).map((r) => [r.session_token, r.active])).toEqual([
      [homeworkToken, false],
    ]);

    // Past the exam's own deadline + grace: it is submitted and listed once, ended.
    clock.advance(minutes(5));
    expect((await list(a.api, 'exam')).map((r) => [r.session_token, r.active])).toEqual([
      [examToken, false],
    ]);
    expect(await sessionRow(examToken)).toMatchObject({
      finished_at: at(minutes(10)),
      finished_by: 'time',
    });
  });

  it('lists newest first and keeps the order when a read has settled something first', async () => {
    const first = await makeExam(server.db, { duration: 2 });
    const second = await makeExam(server.db, { duration: 60 });
    const third = await makeExam(server.db, { duration: 60 });
    const { api } = await student();
    const tokens: string[] = [];
    for (const exam of [first, second, third]) {
      tokens.push(await api.tokenFor(exam.id));
      clock.advance(1_000);
    }
    const before = (await list(api, 'exam')).map((r) => r.session_token);
    expect(before).toEqual([tokens[2], tokens[1], tokens[0]]);
    // 3 s of starts, then 2 minutes + the grace: the first is past its deadline + grace.
    clock.advance(minutes(2) + 60_000);
    const after = await list(api, 'exam');
    expect(after.map((r) => [r.session_token, r.active])).toEqual([
      [tokens[2], true],
      [tokens[1], true],
      [tokens[0], false],
    ]);
  });
});

describe('one answer saved in one statement', () => {
  it('refuses an answer to a session that ended after it was read, and writes nothing', async () => {
    const exam = await makeExam(server.db, {
      questions: [{ type: 'choices' }, { type: 'choices' }],
    });
    const [q1, q2] = exam.questions;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const session = await sessionRow(token);
    expect((await api.submit(token)).statusCode).toBe(200);
    const ctx = { db: server.db, clock };
    const one = { questionId: q1!.id, optionId: q1!.right!, text: null, seq: 1 };
    const two = { questionId: q2!.id, optionId: q2!.right!, text: null, seq: 2 };
    // One answer (the single statement) and two (the transaction): both refused.
    await expect(writeAnswers(ctx, session, [one])).rejects.toMatchObject({
      code: 'SESSION_ENDED',
    });
    await expect(writeAnswers(ctx, session, [one, two])).rejects.toMatchObject({
      code: 'SESSION_ENDED',
    });
    const rows = await server.db
      .selectFrom('answer_attempts')
      .select('id')
      .where('session_id', '=', session.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('writes one chosen option or one essay text by one statement, and the rest in a transaction', async () => {
    const exam = await makeExam(server.db, {
      questions: [{ type: 'choices' }, { type: 'essay' }, { type: 'choices' }],
    });
    const [choice, essay, other] = exam.questions;
    const { api } = await student();
    const session = await sessionRow(await api.tokenFor(exam.id));
    const pick = (q: typeof choice, seq: number) => ({
      questionId: q!.id,
      optionId: q!.right!,
      text: null,
      seq,
    });
    const text = (value: string | null, seq: number) => ({
      questionId: essay!.id,
      optionId: null,
      text: value,
      seq,
    });
    // Every statement run, built or precompiled, passes a plugin's transformResult; a
    // transaction is asked of the database object itself.
    const saveCounting = async (answers: Parameters<typeof writeAnswers>[2]) => {
      const seen = { statements: 0, transactions: 0 };
      const counted = server.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: (args) => {
          seen.statements += 1;
          return Promise.resolve(args.result);
        },
      });
      const db = new Proxy(counted, {
        get(target, prop) {
          if (prop === 'transaction') seen.transactions += 1;
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
        },
      });
      await writeAnswers({ db, clock }, session, answers);
      return seen;
    };
    // Written by hand: the upsert alone, no transaction.
    expect(await saveCounting([pick(choice, 1)])).toEqual({ statements: 1, transactions: 0 });
    expect(await saveCounting([text('الإجابة', 2)])).toEqual({ statements: 1, transactions: 0 });
    // Two chosen options: the claim on the session and one upsert each, nothing deleted.
    expect(await saveCounting([pick(choice, 3), pick(other, 4)])).toEqual({
      transactions: 1,
      statements: 3,
    });
    // An essay cleared to nothing: the claim, the upsert and the delete of the empty row.
    expect(await saveCounting([text(null, 5)])).toMatchObject({ transactions: 1, statements: 3 });
    // An image given (or removed) with an answer goes through the transaction as well.
    expect(await saveCounting([{ ...pick(choice, 6), image: null }])).toMatchObject({
      transactions: 1,
    });
    const rows = await server.db
      .selectFrom('answer_attempts')
      .select(['question_id', 'answer_option_id', 'answer_text'])
      .where('session_id', '=', session.id)
      .orderBy('question_id')
      .execute();
    expect(rows).toEqual([
      { question_id: choice!.id, answer_option_id: choice!.right, answer_text: null },
      { question_id: other!.id, answer_option_id: other!.right, answer_text: null },
    ]);
  });

  it('takes an older or identical answer to a running session as saved, changing nothing', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'choices' }] });
    const q = exam.questions[0]!;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    const session = await sessionRow(token);
    const ctx = { db: server.db, clock };
    await writeAnswers(ctx, session, [
      { questionId: q.id, optionId: q.options[1]!.id, text: null, seq: 8 },
    ]);
    const saved = await server.db
      .selectFrom('answer_attempts')
      .selectAll()
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    clock.advance(3_000);
    // Older: nothing written, no error.
    await writeAnswers(ctx, session, [
      { questionId: q.id, optionId: q.options[2]!.id, text: null, seq: 7 },
    ]);
    // The same answer again without a seq: nothing to change, no error.
    await writeAnswers(ctx, session, [
      { questionId: q.id, optionId: q.options[1]!.id, text: null, seq: undefined },
    ]);
    const after = await server.db
      .selectFrom('answer_attempts')
      .selectAll()
      .where('session_id', '=', session.id)
      .execute();
    expect(after).toEqual([saved]);
  });

  it("answers every saved answer by question, with its question's mark, its text as sent and its image link", async () => {
    const exam = await makeExam(server.db, {
      imagesAnswers: true,
      questions: [
        { type: 'choices', mark: 4 },
        { type: 'essay', mark: 3 },
        { type: 'truefalse', mark: 2 },
        { type: 'choices', mark: 1 },
      ],
    });
    const [choice, essay, truefalse, unanswered] = exam.questions;
    const { api } = await student();
    const token = await api.tokenFor(exam.id);
    // Quotes, a backslash, a line break, a tab and a character outside the BMP, as typed.
    const text = 'السطر الأول\n"مقتبس" \\ علامة\tو😀';
    const first = await api.answer(token, [
      { question_id: truefalse!.id, chosen_answer: truefalse!.wrong, seq: 3 },
      { question_id: essay!.id, answer_text: text, seq: 4 },
    ]);
    expect(first.statusCode).toBe(200);
    const image = await api.imageAnswer(
      { session_token: token, question_id: String(essay!.id), seq: '5' },
      PNG_UPLOAD,
    );
    expect(image.statusCode).toBe(200);
    const res = await api.answer(token, [
      { question_id: choice!.id, chosen_answer: choice!.right, seq: 6 },
    ]);
    expect(res.statusCode).toBe(200);
    const body = saveExamAnswersResponseSchema.parse(res.json());
    const ids = new Map(
      (
        await server.db
          .selectFrom('answer_attempts')
          .innerJoin('exam_sessions', 'exam_sessions.id', 'answer_attempts.session_id')
          .select(['answer_attempts.id', 'answer_attempts.question_id'])
          .where('exam_sessions.token', '=', token)
          .execute()
      ).map((r) => [r.question_id, r.id]),
    );
    expect(body).toEqual({
      remaining_seconds: 30 * 60,
      answer_attempts: [
        {
          id: ids.get(choice!.id),
          question_id: choice!.id,
          answer_id: choice!.right,
          answer_text: null,
          answer_image: null,
          correct: null,
          question_mark: 4,
          correction_mark: null,
          seq: 6,
        },
        {
          id: ids.get(essay!.id),
          question_id: essay!.id,
          answer_id: null,
          answer_text: text,
          answer_image: expect.stringMatching(
            new RegExp(`^/api/v1/exams/answers/${ids.get(essay!.id)}/image\\?at=`),
          ),
          correct: null,
          question_mark: 3,
          correction_mark: null,
          seq: 5,
        },
        {
          id: ids.get(truefalse!.id),
          question_id: truefalse!.id,
          answer_id: truefalse!.wrong,
          answer_text: null,
          answer_image: null,
          correct: null,
          question_mark: 2,
          correction_mark: null,
          seq: 3,
        },
      ],
    });
    expect(ids.has(unanswered!.id)).toBe(false);
    // The image link works for its owner.
    const link = body.answer_attempts[1]!.answer_image!;
    expect((await server.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
  });
});
