import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getExamDetailsResponseSchema,
  getExamSessionResponseSchema,
  saveExamAnswersResponseSchema,
  submitExamSessionResponseSchema,
} from '@dars/contract';
import { manualClock } from '../../src/lib/clock';
import { putSettings } from '../../src/modules/settings/settings-service';
import { sweepOverdueSessions } from '../../src/modules/exams/exam-service';
import { ANSWER_GRACE_MS } from '../../src/modules/exams/exam-time';
import { startTestServer, type TestServer } from '../helpers';
import { makeExam } from '../factories/exams';
import { makeStudent } from '../factories/students';
import { examClient, markingValues, sessionRowOf } from './exam-client';

const clock = manualClock();
let server: TestServer;
let ahmed: ReturnType<typeof examClient>;
let mariam: ReturnType<typeof examClient>;

beforeAll(async () => {
  server = await startTestServer({ seed: false, clock });
  ahmed = examClient(server.app, (await makeStudent(server.db)).token);
  mariam = examClient(server.app, (await makeStudent(server.db)).token);
});
afterAll(() => server.close());

const minutes = (n: number) => n * 60_000;
const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

const sessionRow = (token: string) => sessionRowOf(server, token);

describe('exam details by code', () => {
  it('shows a general exam: duration, question count and no session yet', async () => {
    const exam = await makeExam(server.db, { duration: 20 });
    const res = await ahmed.details(exam.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    const { data } = getExamDetailsResponseSchema.parse(res.json());
    expect(data).toMatchObject({
      id: exam.id,
      duration: 20,
      questions_count: 3,
      active_session: false,
      has_session: false,
    });
  });

  it('answers EXAM_NOT_FOUND for an unknown code, and for a general exam while general exams are off', async () => {
    expect((await ahmed.details('NO-SUCH-CODE')).json()).toMatchObject({ code: 'EXAM_NOT_FOUND' });
    const exam = await makeExam(server.db);
    await putSettings(server.db, { enable_gen_exm: false });
    try {
      const res = await ahmed.details(exam.code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'EXAM_NOT_FOUND' });
      expect((await ahmed.start(exam.id)).json()).toMatchObject({ code: 'EXAM_NOT_FOUND' });
    } finally {
      await putSettings(server.db, { enable_gen_exm: true });
    }
  });

  it('answers EXAM_NOT_FOUND for an exam that is neither general nor under a lecture', async () => {
    const exam = await makeExam(server.db, { general: false });
    expect((await ahmed.details(exam.code)).json()).toMatchObject({ code: 'EXAM_NOT_FOUND' });
    expect((await ahmed.start(exam.id)).json()).toMatchObject({ code: 'EXAM_NOT_FOUND' });
  });

  it('refuses to open an exam before its window (EXAM_NOT_STARTED) and after it (EXAM_ENDED)', async () => {
    const early = await makeExam(server.db, { startsAt: at(minutes(10)) });
    const late = await makeExam(server.db, { endsAt: at(-minutes(1)) });
    expect((await ahmed.details(early.code)).json()).toMatchObject({ code: 'EXAM_NOT_STARTED' });
    expect((await ahmed.details(late.code)).json()).toMatchObject({ code: 'EXAM_ENDED' });
    expect((await ahmed.start(early.id)).json()).toMatchObject({ code: 'EXAM_NOT_ACTIVE' });
    expect((await ahmed.start(late.id)).json()).toMatchObject({ code: 'EXAM_NOT_ACTIVE' });
    expect(
      await server.db
        .selectFrom('exam_sessions')
        .select('id')
        .where('exam_id', 'in', [early.id, late.id])
        .execute(),
    ).toEqual([]);
  });

  it('keeps answering a student who has a session after the window closed', async () => {
    const exam = await makeExam(server.db, { endsAt: at(minutes(60)) });
    const token = await ahmed.tokenFor(exam.id);
    clock.advance(minutes(61));
    const res = await ahmed.details(exam.code);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ has_session: true, active_session: false });
    expect(await ahmed.tokenFor(exam.id)).toBe(token);
  });
});

describe('starting a session', () => {
  it('is idempotent: the same token every time, even when two starts race', async () => {
    const exam = await makeExam(server.db);
    const [a, b] = await Promise.all([ahmed.tokenFor(exam.id), ahmed.tokenFor(exam.id)]);
    expect(a).toBe(b);
    expect(await ahmed.tokenFor(exam.id)).toBe(a);
    const rows = await server.db
      .selectFrom('exam_sessions')
      .select('id')
      .where('exam_id', '=', exam.id)
      .execute();
    expect(rows).toHaveLength(1);
    const details = (await ahmed.details(exam.code)).json().data;
    expect(details).toMatchObject({ active_session: true, has_session: true });
  });

  it('answers every racing start the one session that won, with the exam total', async () => {
    // Six at once get past the check for an existing session before any of them writes: the
    // losers' inserts meet the unique index and must answer the winner's token, not fail.
    const exam = await makeExam(server.db);
    const tokens = await Promise.all(Array.from({ length: 6 }, () => mariam.tokenFor(exam.id)));
    expect(new Set(tokens).size).toBe(1);
    const rows = await server.db
      .selectFrom('exam_sessions')
      .select(['token', 'total_mark'])
      .where('exam_id', '=', exam.id)
      .execute();
    expect(rows).toEqual([{ token: tokens[0], total_mark: exam.total }]);
  });

  it('sets the deadline at start + duration, cut at the end of the window', async () => {
    const timed = await makeExam(server.db, { duration: 30 });
    const cut = await makeExam(server.db, { duration: 30, endsAt: at(minutes(10)) });
    const open = await makeExam(server.db, { duration: null });
    const now = clock.now().getTime();
    expect((await sessionRow(await ahmed.tokenFor(timed.id))).deadline_at).toBe(
      new Date(now + minutes(30)).toISOString(),
    );
    expect((await sessionRow(await ahmed.tokenFor(cut.id))).deadline_at).toBe(
      new Date(now + minutes(10)).toISOString(),
    );
    const openToken = await ahmed.tokenFor(open.id);
    expect((await sessionRow(openToken)).deadline_at).toBeNull();
    const view = getExamSessionResponseSchema.parse((await ahmed.session(openToken)).json());
    expect(view.session.remaining_seconds).toBeNull();
  });
});

describe('a running session', () => {
  it('carries no answer key, marks or result in any payload before submission', async () => {
    const exam = await makeExam(server.db, { detailed: true, showResult: true });
    const token = await ahmed.tokenFor(exam.id);
    const [choice, truefalse, essay] = exam.questions;
    const saved = await ahmed.answer(token, [
      { question_id: choice!.id, chosen_answer: choice!.right },
      { question_id: truefalse!.id, chosen_answer: truefalse!.wrong },
      { question_id: essay!.id, answer_text: 'إجابة مقالية' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect(markingValues(saved.json())).toEqual([]);
    const view = await ahmed.session(token);
    expect(view.statusCode).toBe(200);
    expect(markingValues(view.json())).toEqual([]);
    const parsed = getExamSessionResponseSchema.parse(view.json());
    expect(parsed.session).toMatchObject({ active: true, remaining_seconds: 30 * 60 });
    expect(parsed.answer_attempts.map((a) => a.question_id).sort()).toEqual(
      exam.questions.map((q) => q.id).sort(),
    );
    expect(markingValues((await ahmed.details(exam.code)).json())).toEqual([]);
  });

  it("answers SESSION_NOT_FOUND for another student's token on every session call", async () => {
    const exam = await makeExam(server.db);
    const token = await ahmed.tokenFor(exam.id);
    const q = exam.questions[0]!;
    for (const res of [
      await mariam.session(token),
      await mariam.answer(token, [{ question_id: q.id, chosen_answer: q.right }]),
      await mariam.submit(token),
      await mariam.imageAnswer({
        session_token: token,
        question_id: String(exam.questions[2]!.id),
      }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    }
    expect(
      await server.db
        .selectFrom('answer_attempts')
        .select('id')
        .where('question_id', '=', q.id)
        .execute(),
    ).toEqual([]);
    expect((await sessionRow(token)).finished_at).toBeNull();
  });

  it('refuses an option of another question, or a question of another exam, and saves nothing of that request', async () => {
    const exam = await makeExam(server.db);
    const other = await makeExam(server.db);
    const token = await ahmed.tokenFor(exam.id);
    const [choice, truefalse] = exam.questions;
    for (const bad of [
      { question_id: truefalse!.id, chosen_answer: choice!.right },
      { question_id: other.questions[0]!.id, chosen_answer: other.questions[0]!.right },
      { question_id: exam.questions[2]!.id, chosen_answer: choice!.right },
    ]) {
      const res = await ahmed.answer(token, [
        { question_id: choice!.id, chosen_answer: choice!.right },
        bad,
      ]);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const view = getExamSessionResponseSchema.parse((await ahmed.session(token)).json());
    expect(view.answer_attempts).toEqual([]);
  });

  it('keeps one row per question: a changed answer replaces it, two answers at once leave one', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'choices', options: 4 }] });
    const token = await ahmed.tokenFor(exam.id);
    const q = exam.questions[0]!;
    const results = await Promise.all(
      q.options.map((o) => ahmed.answer(token, [{ question_id: q.id, chosen_answer: o.id }])),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await server.db
      .selectFrom('answer_attempts')
      .selectAll()
      .where('question_id', '=', q.id)
      .execute();
    expect(rows).toHaveLength(1);
    await ahmed.answer(token, [{ question_id: q.id, chosen_answer: q.options[2]!.id }]);
    const view = getExamSessionResponseSchema.parse((await ahmed.session(token)).json());
    expect(view.answer_attempts).toHaveLength(1);
    expect(view.answer_attempts[0]!.answer_id).toBe(q.options[2]!.id);
  });

  it('answers two racing submits with answers the same result: the one that finishes second finds it ended', async () => {
    const exam = await makeExam(server.db);
    const token = await ahmed.tokenFor(exam.id);
    const q = exam.questions[0]!;
    const [a, b] = await Promise.all([
      ahmed.submit(token, [{ question_id: q.id, chosen_answer: q.right }]),
      ahmed.submit(token, [{ question_id: q.id, chosen_answer: q.right }]),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}`).toEqual([200, 200]);
    expect(b.json().result).toEqual(a.json().result);
    expect(a.json().result).toMatchObject({ correct_answer_attempts: 1 });
  });

  it('marks every answer that was saved when answers race the submit: none lands after the finish', async () => {
    const exam = await makeExam(server.db, {
      questions: Array.from({ length: 8 }, () => ({ type: 'choices' as const, options: 4 })),
    });
    const token = await ahmed.tokenFor(exam.id);
    const answers = exam.questions.map((q) =>
      ahmed.answer(token, [{ question_id: q.id, chosen_answer: q.right! }]),
    );
    const replies = await Promise.all([
      ...answers.slice(0, 4),
      ahmed.submit(token),
      ...answers.slice(4),
    ]);
    for (const r of replies) expect([200, 422]).toContain(r.statusCode);
    const session = await sessionRow(token);
    const rows = await server.db
      .selectFrom('answer_attempts')
      .select(['correct', 'updated_at'])
      .where('session_id', '=', session.id)
      .execute();
    // An answer written after the submission's marking would stay unmarked (correct null).
    for (const row of rows) {
      expect(Number(row.correct)).toBe(1);
      expect(row.updated_at <= session.finished_at!).toBe(true);
    }
    expect(session.correct_count).toBe(rows.length);
  });

  it('never lets a late replay of an older answer overwrite a newer one, and an identical answer changes nothing', async () => {
    const exam = await makeExam(server.db, { questions: [{ type: 'choices' }, { type: 'essay' }] });
    const token = await ahmed.tokenFor(exam.id);
    const [q, essay] = exam.questions;
    await ahmed.answer(token, [{ question_id: q!.id, chosen_answer: q!.options[1]!.id, seq: 7 }]);
    const late = await ahmed.answer(token, [
      { question_id: q!.id, chosen_answer: q!.options[3]!.id, seq: 5 },
    ]);
    expect(late.statusCode).toBe(200);
    const answers = saveExamAnswersResponseSchema.parse(late.json()).answer_attempts;
    expect(answers.find((a) => a.question_id === q!.id)).toMatchObject({
      answer_id: q!.options[1]!.id,
      // The seq kept, so another device continuing the session numbers above it (ADR 017).
      seq: 7,
    });
    const read = getExamSessionResponseSchema.parse((await ahmed.session(token)).json());
    expect(read.answer_attempts.find((a) => a.question_id === q!.id)!.seq).toBe(7);

    await ahmed.answer(token, [{ question_id: essay!.id, answer_text: 'النص الأخير', seq: 9 }]);
    await ahmed.answer(token, [{ question_id: essay!.id, answer_text: 'نص قديم', seq: 8 }]);
    const before = await server.db
      .selectFrom('answer_attempts')
      .selectAll()
      .where('question_id', '=', essay!.id)
      .executeTakeFirstOrThrow();
    expect(before.answer_text).toBe('النص الأخير');
    clock.advance(5_000);
    await ahmed.answer(token, [{ question_id: essay!.id, answer_text: 'النص الأخير', seq: 10 }]);
    const after = await server.db
      .selectFrom('answer_attempts')
      .selectAll()
      .where('question_id', '=', essay!.id)
      .executeTakeFirstOrThrow();
    expect(after.updated_at).toBe(before.updated_at);
    // Its seq still counts: an answer older than it is refused.
    await ahmed.answer(token, [{ question_id: essay!.id, answer_text: 'أقدم', seq: 9 }]);
    await ahmed.answer(token, [{ question_id: essay!.id, answer_text: 'أحدث', seq: 11 }]);
    const last = await server.db
      .selectFrom('answer_attempts')
      .selectAll()
      .where('question_id', '=', essay!.id)
      .executeTakeFirstOrThrow();
    expect(last.answer_text).toBe('أحدث');
    // An empty text clears the essay.
    await ahmed.answer(token, [{ question_id: essay!.id, answer_text: '  ', seq: 12 }]);
    const cleared = await server.db
      .selectFrom('answer_attempts')
      .selectAll()
      .where('question_id', '=', essay!.id)
      .execute();
    expect(cleared).toEqual([]);
  });
});

describe('time', () => {
  it('takes answers until deadline + grace, then refuses them and submits the session at the deadline', async () => {
    const exam = await makeExam(server.db, { duration: 10 });
    const token = await ahmed.tokenFor(exam.id);
    const { deadline_at: deadline } = await sessionRow(token);
    const q = exam.questions[0]!;
    clock.advance(minutes(10) + ANSWER_GRACE_MS - 1_000);
    const inGrace = await ahmed.answer(token, [{ question_id: q.id, chosen_answer: q.right }]);
    expect(inGrace.statusCode).toBe(200);
    expect(inGrace.json().remaining_seconds).toBe(0);
    clock.advance(2_000);
    const late = await ahmed.answer(token, [{ question_id: q.id, chosen_answer: q.wrong }]);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ code: 'SESSION_ENDED' });
    const row = await sessionRow(token);
    expect(row).toMatchObject({
      finished_at: deadline,
      finished_by: 'time',
      correct_count: 1,
      wrong_count: 0,
    });
    const view = getExamSessionResponseSchema.parse((await ahmed.session(token)).json());
    expect(view.session.active).toBe(false);
    expect(view.answer_attempts.find((a) => a.question_id === q.id)!.answer_id).toBe(q.right);
  });

  it("ends a student's own late submit at the deadline, not at the time it arrived", async () => {
    const exam = await makeExam(server.db, { duration: 5 });
    const token = await ahmed.tokenFor(exam.id);
    const { deadline_at: deadline } = await sessionRow(token);
    clock.advance(minutes(5) + 30_000);
    const res = await ahmed.submit(token);
    expect(res.statusCode).toBe(200);
    expect(await sessionRow(token)).toMatchObject({
      finished_at: deadline,
      finished_by: 'student',
    });
    expect(submitExamSessionResponseSchema.parse(res.json()).result!.time_taken).toBe(5 * 60);
  });

  it('the sweep submits abandoned sessions exactly once even when two sweeps race', async () => {
    const exam = await makeExam(server.db, { duration: 1 });
    const students = await Promise.all([1, 2, 3].map(() => makeStudent(server.db)));
    const tokens = await Promise.all(
      students.map((s) => examClient(server.app, s.token).tokenFor(exam.id)),
    );
    const q = exam.questions[0]!;
    await examClient(server.app, students[0]!.token).answer(tokens[0]!, [
      { question_id: q.id, chosen_answer: q.right },
    ]);
    clock.advance(minutes(1) + ANSWER_GRACE_MS + 1);
    const ctx = { db: server.db, clock };
    // Earlier tests of this file may have left sessions that are overdue by now as well.
    const overdue = await server.db
      .selectFrom('exam_sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('finished_at', 'is', null)
      .where('deadline_at', '<', new Date(clock.now().getTime() - ANSWER_GRACE_MS).toISOString())
      .executeTakeFirstOrThrow();
    expect(Number(overdue.n)).toBeGreaterThanOrEqual(3);
    const [a, b] = await Promise.all([sweepOverdueSessions(ctx), sweepOverdueSessions(ctx)]);
    // One winner per session: each overdue session is counted once between the two sweeps.
    expect(a + b).toBe(Number(overdue.n));
    const rows = await Promise.all(tokens.map(sessionRow));
    for (const row of rows)
      expect(row).toMatchObject({ finished_at: row.deadline_at, finished_by: 'time' });
    expect(rows[0]).toMatchObject({ correct_count: 1, correction_mark: 1 });
    expect(await sweepOverdueSessions(ctx)).toBe(0);
  });
});

describe('guessing codes', () => {
  it('answers 429 after 30 wrong codes in 15 minutes, even for a right one, and counts only wrong ones', async () => {
    const exam = await makeExam(server.db);
    const guesser = examClient(server.app, (await makeStudent(server.db)).token);
    for (let i = 0; i < 10; i++) expect((await guesser.details(exam.code)).statusCode).toBe(200);
    for (let i = 0; i < 30; i++) {
      expect((await guesser.details(`GUESS${i}`)).json()).toMatchObject({ code: 'EXAM_NOT_FOUND' });
    }
    const blocked = await guesser.details(exam.code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another student is not affected.
    expect((await mariam.details(exam.code)).statusCode).toBe(200);
  });
});
