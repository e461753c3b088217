import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffQuestionRegradeResultSchema } from '@dars/contract';
import { insertEnrollments } from '../../src/db/seed/enrollments';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { attachExam, makeExam, type TestExam } from '../factories/exams';
import { makeStaff } from '../staff/staff-factory';
import { attemptIdOf, examStudent } from './exam-client';
import { HELD, lectureState, OPEN } from './outcome-views';

/**
 * Regrading a question after students submitted (issue 26, ADR 045): every submitted session
 * is marked again in one audited step, the students whose result changed are told, a student
 * who now passes gets the lecture's videos, and one who now fails keeps what the pass opened.
 * Marks are worked out by hand: a must-pass exam of two choices of 1 mark each, pass at 50 %.
 */

let server: TestServer;
let staffToken: string;
let courseId: number;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  staffToken = (await makeStaff(server.db, 'leader', { name: 'المصحح' })).token;
  courseId = (await makeCourse(server, { payType: 'course', lectures: 1 })).id;
});
afterAll(() => server.close());

function regrade(questionId: number, payload: object) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/staff/questions/${questionId}/regrade`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${staffToken}` },
    payload,
  });
}

type Student = Awaited<ReturnType<typeof examStudent>>;

async function joined(course = courseId): Promise<Student> {
  const s = await examStudent(server);
  await insertEnrollments(server.db, [
    { userId: s.userId, courseId: course, at: new Date().toISOString() },
  ]);
  return s;
}

/** Submits with the options at these indexes (0 is the key's), one per question. */
async function take(s: Student, exam: TestExam, picks: number[]) {
  const token = await s.api.tokenFor(exam.id);
  const res = await s.api.submit(
    token,
    exam.questions.map((q, i) => ({ question_id: q.id, chosen_answer: q.options[picks[i]!]!.id })),
  );
  expect(res.statusCode, res.body).toBe(200);
  return token;
}

async function result(token: string) {
  return server.db
    .selectFrom('exam_sessions')
    .select(['correction_mark', 'total_mark', 'succeeded', 'correct_count', 'wrong_count'])
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
}

async function notices(userId: number) {
  return server.db
    .selectFrom('notifications')
    .select('data')
    .where('user_id', '=', userId)
    .where('type', '=', 'exam_marked')
    .execute();
}

describe('regrading a question', () => {
  it('fixes a wrong key: every submitted session is marked again, the changed ones are told, and the lecture follows', async () => {
    const course = await server.db
      .selectFrom('lectures')
      .select('id')
      .where('course_id', '=', courseId)
      .executeTakeFirstOrThrow();
    const exam = await makeExam(server.db, {
      general: false,
      passPercentage: 50,
      questions: [
        { type: 'choices', options: 3 },
        { type: 'choices', options: 3 },
      ],
    });
    await attachExam(server.db, course.id, exam.id, { mustPass: true });
    const [q1, q2] = exam.questions;
    // The second question's key is wrong: option 2 is the real answer.
    const [a, b, c] = [await joined(), await joined(), await joined()];
    const ta = await take(a, exam, [1, 2]); // 0 of 2 (q2's real answer): failed
    const tb = await take(b, exam, [0, 0]); // 2 of 2 (q2 by the wrong key): passed
    const tc = await take(c, exam, [0, 1]); // 1 of 2: 50 %, passed
    // A session still running is not marked again.
    const d = await joined();
    const td = await d.api.tokenFor(exam.id);
    expect(await result(ta)).toMatchObject({ correction_mark: 0, succeeded: 0 });
    expect(await lectureState(server, b.token, courseId, course.id)).toMatchObject(OPEN);
    expect(await lectureState(server, a.token, courseId, course.id)).toMatchObject(HELD);

    const res = await regrade(q2!.id, { correct_option_ids: [q2!.options[2]!.id] });
    expect(res.statusCode, res.body).toBe(200);
    const body = staffQuestionRegradeResultSchema.parse(res.json().data);
    // a: 0 → 1 of 2 (passed now); b: 2 → 1 (still passes at 50 %); c: 1 → 1 (unchanged).
    expect(body).toMatchObject({ sessions: 3, changed: 2, now_passed: 1, now_failed: 0 });
    expect(body.question.answers.map((o) => o.correct)).toEqual([false, false, true]);
    expect(await result(ta)).toMatchObject({
      correction_mark: 1,
      total_mark: 2,
      succeeded: 1,
      correct_count: 1,
      wrong_count: 1,
    });
    expect(await result(tb)).toMatchObject({ correction_mark: 1, succeeded: 1 });
    expect(await result(tc)).toMatchObject({ correction_mark: 1, succeeded: 1 });
    expect(await result(td)).toMatchObject({ correction_mark: null, succeeded: null });
    expect(await lectureState(server, a.token, courseId, course.id)).toMatchObject(OPEN);
    // Told: a and b (their marks changed), not c.
    expect(await notices(a.userId)).toHaveLength(1);
    const { name } = exam;
    expect(JSON.parse((await notices(a.userId))[0]!.data)).toMatchObject({
      title: 'تغيّرت نتيجة امتحانك',
      content: `أعاد المعلم تصحيح سؤال في «${name}»، فصارت درجتك 1 من 2، ونجحت في الامتحان.`,
      to: `/exams?exam_code=${exam.code}`,
    });
    // b still passes: the new mark, and no word of passing.
    expect(JSON.parse((await notices(b.userId))[0]!.data).content).toBe(
      `أعاد المعلم تصحيح سؤال في «${name}»، فصارت درجتك 1 من 2.`,
    );
    expect(await notices(b.userId)).toHaveLength(1);
    expect(await notices(c.userId)).toHaveLength(0);
    // One audit row for the whole step, naming the question before and after.
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource', '=', 'questions')
      .where('action', '=', 'regrade')
      .where('resource_id', '=', String(q2!.id))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.user_name).toBe('المصحح');
    expect(
      JSON.parse(audit[0]!.before!).answers.map((o: { correct: boolean }) => o.correct),
    ).toEqual([true, false, false]);
    expect(q1).toBeDefined();
  });

  it('raises a mark: totals follow, a pass can turn into a fail, and what the pass opened stays open', async () => {
    const course = await makeCourse(server, { payType: 'course', lectures: 1 });
    const lecture = course.lectures[0]!;
    const exam = await makeExam(server.db, {
      general: false,
      passPercentage: 50,
      questions: [
        { type: 'choices', options: 3 },
        { type: 'choices', options: 3 },
      ],
    });
    const alternative = await makeExam(server.db, { general: false });
    await attachExam(server.db, lecture.id, exam.id, {
      mustPass: true,
      alternativeId: alternative.id,
    });
    const [q1, q2] = exam.questions;
    const s = await joined(course.id);
    const token = await take(s, exam, [0, 1]); // 1 of 2: 50 %, passed
    const rightBefore = await take(await joined(course.id), exam, [1, 0]); // 1 of 2, q2 right
    expect(await lectureState(server, s.token, course.id, lecture.id)).toMatchObject(OPEN);
    // The second question is worth 3: 1 of 4 = 25 %, failed.
    const res = await regrade(q2!.id, { mark: 3 });
    expect(res.json().data).toMatchObject({
      sessions: 2,
      changed: 2,
      now_passed: 0,
      now_failed: 1,
    });
    expect(await result(token)).toMatchObject({ correction_mark: 1, total_mark: 4, succeeded: 0 });
    // Only the mark changed: the key stays, and a right answer to q2 is worth 3 of 4 now.
    expect(await result(rightBefore)).toMatchObject({
      correction_mark: 3,
      total_mark: 4,
      succeeded: 1,
    });
    // Still open: the access the pass gave is kept, and no alternative is asked for.
    const after = await lectureState(server, s.token, course.id, lecture.id);
    expect(after).toMatchObject(OPEN);
    expect(after.toAlternative).not.toContain(true);
    expect(JSON.parse((await notices(s.userId)).at(-1)!.data).content).toContain('يبقى مفتوحاً');
    // A right answer to a raised question earns the new mark.
    const t = await joined(course.id);
    const right = await take(t, exam, [1, 0]);
    expect(await result(right)).toMatchObject({ correction_mark: 3, total_mark: 4 });
    expect(q1).toBeDefined();
  });

  it('keeps an essay’s marks within a lowered mark and true/false by its side', async () => {
    const exam = await makeExam(server.db, {
      passPercentage: 50,
      questions: [{ type: 'truefalse' }, { type: 'essay', mark: 4 }],
    });
    const [tf, essay] = exam.questions;
    const s = await examStudent(server);
    const token = await s.api.tokenFor(exam.id);
    await s.api.submit(token, [
      { question_id: tf!.id, chosen_answer: tf!.wrong! },
      { question_id: essay!.id, answer_text: 'حل' },
    ]);
    const attempt = await server.db
      .selectFrom('answer_attempts')
      .select('id')
      .where('question_id', '=', essay!.id)
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('answer_attempts')
      .set({ correct: 1, correction_mark: 3 })
      .where('id', '=', attempt.id)
      .execute();
    // A second student chose «صواب», the key until now; a third's essay is not marked yet.
    const other = await examStudent(server);
    const otherToken = await other.api.tokenFor(exam.id);
    await other.api.submit(otherToken, [
      { question_id: tf!.id, chosen_answer: tf!.right! },
      { question_id: essay!.id, answer_text: 'حل آخر' },
    ]);
    const waiting = await examStudent(server);
    const waitingToken = await waiting.api.tokenFor(exam.id);
    await waiting.api.submit(waitingToken, [{ question_id: essay!.id, answer_text: 'لم يصحح' }]);
    await server.db
      .updateTable('answer_attempts')
      .set({ correct: 0, correction_mark: 1 })
      .where('id', '=', await attemptIdOf(server, otherToken, essay!.id))
      .execute();
    // «خطأ» was the right answer after all; the essay is worth 2, so its 3 marks become 2.
    expect((await regrade(tf!.id, { correct_true: false })).statusCode).toBe(200);
    expect((await regrade(essay!.id, { mark: 2 })).statusCode).toBe(200);
    expect(await result(token)).toMatchObject({ correction_mark: 3, total_mark: 3 });
    // «صواب» is wrong now: 0 for it; 1 of 2 is exactly half the essay's new mark, so right.
    expect(await result(otherToken)).toMatchObject({ correction_mark: 1, total_mark: 3 });
    const essayRows = async (token: string) =>
      server.db
        .selectFrom('answer_attempts')
        .innerJoin('exam_sessions', 'exam_sessions.id', 'answer_attempts.session_id')
        .select(['answer_attempts.correct', 'answer_attempts.correction_mark'])
        .where('exam_sessions.token', '=', token)
        .where('question_id', '=', essay!.id)
        .execute();
    expect(await essayRows(otherToken)).toEqual([{ correct: 1, correction_mark: 1 }]);
    // Below half of a mark of 3: wrong, its 1 mark kept.
    expect((await regrade(essay!.id, { mark: 3 })).statusCode).toBe(200);
    expect(await essayRows(otherToken)).toEqual([{ correct: 0, correction_mark: 1 }]);
    // An essay nobody marked yet stays waiting for its marks.
    expect(await essayRows(waitingToken)).toEqual([{ correct: null, correction_mark: null }]);
  });

  it('refuses a key of another question’s options, a key on an essay, true/false on a choice, and nothing to change', async () => {
    const exam = await makeExam(server.db, {
      questions: [{ type: 'choices' }, { type: 'essay' }, { type: 'choices' }],
    });
    const [choice, essay, other] = exam.questions;
    const refusals: [number, object, string | null][] = [
      [choice!.id, { correct_option_ids: [other!.options[0]!.id] }, 'correct_option_ids'],
      // One of its own options does not make another question's one right.
      [
        choice!.id,
        { correct_option_ids: [choice!.options[0]!.id, other!.options[0]!.id] },
        'correct_option_ids',
      ],
      [essay!.id, { correct_option_ids: [choice!.options[0]!.id] }, 'correct_option_ids'],
      [choice!.id, { correct_true: true }, 'correct_true'],
      [choice!.id, {}, null],
      [choice!.id, { correct_option_ids: [] }, 'correct_option_ids'],
      [choice!.id, { mark: 0 }, 'mark'],
    ];
    for (const [id, payload, field] of refusals) {
      const res = await regrade(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      if (field)
        expect(Object.keys(res.json().errors ?? {}), JSON.stringify(payload)).toEqual([field]);
    }
    expect((await regrade(999_999, { mark: 2 })).statusCode).toBe(404);
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .select('id')
      .where('action', '=', 'regrade')
      .where('resource_id', 'in', [choice!.id, essay!.id].map(String))
      .execute();
    expect(audit).toEqual([]);
  });
});
