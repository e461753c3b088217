import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getExamDetailsResponseSchema,
  staffExamSessionSchema,
  staffListResponse,
} from '@dars/contract';
import { insertEnrollments } from '../../src/db/seed/enrollments';
import { manualClock } from '../../src/lib/clock';
import { cairoDay } from '../../src/modules/reports/stats-period';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { attachExam, makeExam, type ExamSpec, type TestExam } from '../factories/exams';
import { makeStaff } from '../staff/staff-factory';
import { examStudent } from './exam-client';
import { HELD, lectureState, OPEN, staffApi, studentListRow } from './outcome-views';

/**
 * More than one attempt at an exam (issue 26, ADR 047): when the next attempt may start (the
 * last one finished, one left, the wait over, the window open), one more for one student by
 * staff, which attempt counts (best, last, average) in every list, the results file and the
 * dashboard, and the lecture's must-pass rule. Every figure is worked out by hand.
 */

const MIN = 60_000;
const clock = manualClock('2026-11-30T08:00:00.000Z');
let server: TestServer;
let staffToken: string;
let staff: ReturnType<typeof staffApi>;

beforeAll(async () => {
  server = await startTestServer({ seed: false, clock });
  staffToken = (await makeStaff(server.db, 'leader')).token;
  staff = staffApi(server, staffToken);
});
afterAll(() => server?.close());

type Student = Awaited<ReturnType<typeof examStudent>>;

/** Four one-mark choices: 4 marks, pass at 50 % (2 of 4). */
function fourChoices(spec: ExamSpec = {}) {
  return makeExam(server.db, {
    passPercentage: 50,
    questions: [{ type: 'choices' }, { type: 'choices' }, { type: 'choices' }, { type: 'choices' }],
    ...spec,
  });
}

/** Starts (or resumes) the student's attempt and submits it with `rights` answers right. */
async function sit(s: Student, exam: TestExam, rights: number): Promise<string> {
  const token = await s.api.tokenFor(exam.id);
  const res = await s.api.submit(
    token,
    exam.questions.map((q, i) => ({
      question_id: q.id,
      chosen_answer: i < rights ? q.right : q.wrong,
    })),
  );
  expect(res.statusCode, res.body).toBe(200);
  return token;
}

async function attemptsOf(s: Student, exam: TestExam) {
  const res = await s.api.details(exam.code);
  expect(res.statusCode, res.body).toBe(200);
  return getExamDetailsResponseSchema.parse(res.json()).data;
}

async function sessionsOf(userId: number, examId: number) {
  return server.db
    .selectFrom('exam_sessions')
    .select(['token', 'attempt', 'finished_at'])
    .where('user_id', '=', userId)
    .where('exam_id', '=', examId)
    .orderBy('attempt')
    .execute();
}

function staffCall(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${staffToken}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

describe('the next attempt', () => {
  it('starts only once the last is submitted and the wait after it is over, up to the number allowed', async () => {
    const exam = await fourChoices({ attempts: 3, attemptWait: 60, attemptRule: 'best' });
    const s = await examStudent(server);
    expect((await attemptsOf(s, exam)).attempts).toEqual({
      current: 0,
      allowed: 3,
      rule: 'best',
      can_start: true,
      next_at: null,
    });

    const first = await s.api.tokenFor(exam.id);
    // A second start while it runs resumes it.
    expect(await s.api.tokenFor(exam.id)).toBe(first);
    const running = await attemptsOf(s, exam);
    expect(running.active_session).toBe(true);
    expect(running.attempts).toMatchObject({ current: 1, can_start: false, next_at: null });

    clock.advance(10 * MIN); // submitted at 08:10; the next opens at 09:10
    await sit(s, exam, 1);
    const waiting = await attemptsOf(s, exam);
    expect(waiting).toMatchObject({ has_session: true, active_session: false });
    expect(waiting.attempts).toEqual({
      current: 1,
      allowed: 3,
      rule: 'best',
      can_start: false,
      next_at: '2026-11-30T09:10:00.000Z',
    });
    // Starting while waiting answers the finished attempt (its result), no new session.
    expect(await s.api.tokenFor(exam.id)).toBe(first);
    clock.advance(59 * MIN);
    expect(await s.api.tokenFor(exam.id)).toBe(first);
    clock.advance(MIN);
    expect((await attemptsOf(s, exam)).attempts).toMatchObject({ can_start: true, next_at: null });
    const second = await s.api.tokenFor(exam.id);
    expect(second).not.toBe(first);

    await sit(s, exam, 2);
    clock.advance(60 * MIN);
    const third = await s.api.tokenFor(exam.id);
    expect(new Set([first, second, third]).size).toBe(3);
    await sit(s, exam, 3);
    clock.advance(24 * 60 * MIN);
    // Three of three: the last one's token, whatever the time.
    expect(await s.api.tokenFor(exam.id)).toBe(third);
    expect((await attemptsOf(s, exam)).attempts).toEqual({
      current: 3,
      allowed: 3,
      rule: 'best',
      can_start: false,
      next_at: null,
    });
    const rows = await sessionsOf(s.userId, exam.id);
    expect(rows.map((r) => [r.token, r.attempt])).toEqual([
      [first, 1],
      [second, 2],
      [third, 3],
    ]);
  });

  it('makes one session of racing starts of the next attempt', async () => {
    const exam = await fourChoices({ attempts: 2 });
    const s = await examStudent(server);
    const first = await sit(s, exam, 1);
    const tokens = await Promise.all(Array.from({ length: 6 }, () => s.api.tokenFor(exam.id)));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(first);
    expect((await sessionsOf(s.userId, exam.id)).map((r) => r.attempt)).toEqual([1, 2]);
    // The student's page in the console lists both, newest first, by number.
    const page = await staff.get(`/students/${s.userId}/exam-sessions?per_page=10`);
    expect(
      (page.json().data as { exam: { id: number }; attempt: number }[])
        .filter((r) => r.exam.id === exam.id)
        .map((r) => r.attempt),
    ).toEqual([2, 1]);
  });

  it('starts no attempt after the window closes, attempts left or not', async () => {
    const exam = await fourChoices({
      attempts: 2,
      duration: 10,
      endsAt: new Date(clock.now().getTime() + 30 * MIN).toISOString(),
    });
    const s = await examStudent(server);
    const first = await sit(s, exam, 1);
    clock.advance(31 * MIN);
    expect(await s.api.tokenFor(exam.id)).toBe(first);
    expect((await attemptsOf(s, exam)).attempts).toMatchObject({
      current: 1,
      allowed: 2,
      can_start: false,
      next_at: null,
    });
  });

  it('answers an attempt whose time ran out as ended, and starts the next only when asked again', async () => {
    const exam = await fourChoices({ attempts: 2, duration: 5 });
    const s = await examStudent(server);
    const first = await s.api.tokenFor(exam.id);
    clock.advance(60 * MIN); // long past the deadline and its grace: nobody submitted it
    expect(await s.api.tokenFor(exam.id)).toBe(first);
    const rows = await sessionsOf(s.userId, exam.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.finished_at).not.toBeNull();
    const second = await s.api.tokenFor(exam.id);
    expect(second).not.toBe(first);
  });

  it('starts no new attempt at an exam the student can no longer reach', async () => {
    // Not general and under no lecture: the first attempt was made while it was reachable.
    const exam = await fourChoices({ attempts: 3, general: false });
    const s = await examStudent(server);
    const at = clock.now().toISOString();
    await server.db
      .insertInto('exam_sessions')
      .values({
        token: `unreachable-${s.userId}`,
        user_id: s.userId,
        exam_id: exam.id,
        started_at: at,
        finished_at: at,
        finished_by: 'student',
      })
      .execute();
    expect((await attemptsOf(s, exam)).attempts).toMatchObject({
      current: 1,
      allowed: 3,
      can_start: false,
      next_at: null,
    });
    expect(await s.api.tokenFor(exam.id)).toBe(`unreachable-${s.userId}`);
  });

  it('keeps one attempt for an exam that allows one, as every exam did', async () => {
    const exam = await fourChoices();
    const s = await examStudent(server);
    const only = await sit(s, exam, 4);
    expect(await s.api.tokenFor(exam.id)).toBe(only);
    expect((await attemptsOf(s, exam)).attempts).toMatchObject({
      current: 1,
      allowed: 1,
      can_start: false,
    });
  });
});

describe('one more attempt from staff', () => {
  it('gives it to one student only, audited; raising and taking it back follow', async () => {
    const exam = await fourChoices();
    const [given, classmate] = [await examStudent(server), await examStudent(server)];
    const givenFirst = await sit(given, exam, 1);
    const classmateFirst = await sit(classmate, exam, 1);

    const res = await staffCall('POST', '/exam-attempt-grants', {
      user_id: given.userId,
      exam_id: exam.id,
      note: 'انقطعت الكهرباء',
    });
    expect(res.statusCode, res.body).toBe(200);
    const grant = res.json().data;
    expect(grant).toMatchObject({ extra_attempts: 1, note: 'انقطعت الكهرباء' });
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .select(['action', 'resource_id'])
      .where('resource', '=', 'exam-attempt-grants')
      .execute();
    expect(audit).toContainEqual({ action: 'create', resource_id: String(grant.id) });

    expect((await attemptsOf(given, exam)).attempts).toMatchObject({ allowed: 2, can_start: true });
    expect((await attemptsOf(classmate, exam)).attempts).toMatchObject({
      allowed: 1,
      can_start: false,
    });
    // The results list says how many attempts each student may make.
    expect((await staff.sessionRow(exam.id, given.userId)).attempts_allowed).toBe(2);
    expect((await staff.sessionRow(exam.id, classmate.userId)).attempts_allowed).toBe(1);
    // So does the student's own list, with each attempt's session to open its result.
    expect(await studentListRow(server, given.token, exam.code)).toMatchObject({
      attempts_allowed: 2,
      session_token: givenFirst,
    });
    expect(await studentListRow(server, classmate.token, exam.code)).toMatchObject({
      attempts_allowed: 1,
      session_token: classmateFirst,
    });
    const givenSecond = await given.api.tokenFor(exam.id);
    expect(givenSecond).not.toBe(givenFirst);
    expect(await classmate.api.tokenFor(exam.id)).toBe(classmateFirst);

    // A second grant for the same student and exam is refused: the first is raised instead.
    const again = await staffCall('POST', '/exam-attempt-grants', {
      user_id: given.userId,
      exam_id: exam.id,
    });
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['exam_id']);
    expect(again.body).toContain(
      'لهذا الطالب محاولات إضافية في هذا الامتحان بالفعل؛ عدّل عددها بدلاً من إضافة أخرى',
    );
    await sit(given, exam, 2);
    const raised = await staffCall('PATCH', `/exam-attempt-grants/${grant.id}`, {
      extra_attempts: 2,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect((await attemptsOf(given, exam)).attempts).toMatchObject({
      current: 2,
      allowed: 3,
      can_start: true,
    });

    // Taken back: the attempts made stay, no new one starts.
    expect((await staffCall('DELETE', `/exam-attempt-grants/${grant.id}`)).statusCode).toBe(200);
    expect((await attemptsOf(given, exam)).attempts).toMatchObject({
      current: 2,
      allowed: 1,
      can_start: false,
    });
    expect(await given.api.tokenFor(exam.id)).toBe(givenSecond);
    expect((await sessionsOf(given.userId, exam.id)).length).toBe(2);
  });

  it('lists a student’s grants, or an exam’s, by name, newest first when asked', async () => {
    const [physics, maths] = [await fourChoices(), await fourChoices()];
    const [hoda, omar] = [await examStudent(server), await examStudent(server)];
    const give = async (userId: number, examId: number, extra: number) => {
      const res = await staffCall('POST', '/exam-attempt-grants', {
        user_id: userId,
        exam_id: examId,
        extra_attempts: extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as number;
    };
    const a = await give(hoda.userId, physics.id, 1);
    const b = await give(hoda.userId, maths.id, 3);
    const c = await give(omar.userId, physics.id, 2);
    const names = await server.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('id', 'in', [hoda.userId, omar.userId])
      .execute();
    const nameOf = (id: number) => names.find((n) => n.id === id)!.name;
    const exams = await server.db
      .selectFrom('exams')
      .select(['id', 'name'])
      .where('id', 'in', [physics.id, maths.id])
      .execute();
    const examName = (id: number) => exams.find((x) => x.id === id)!.name;

    const byStudent = await staff.get(
      `/exam-attempt-grants?user_id=${hoda.userId}&sort=id&order=desc`,
    );
    expect(byStudent.json()).toEqual({
      data: [
        expect.objectContaining({
          id: b,
          exam_id: maths.id,
          extra_attempts: 3,
          student_name: nameOf(hoda.userId),
          exam_name: examName(maths.id),
        }),
        expect.objectContaining({
          id: a,
          exam_id: physics.id,
          extra_attempts: 1,
          student_name: nameOf(hoda.userId),
          exam_name: examName(physics.id),
        }),
      ],
      meta: { total: 2 },
    });
    const byExam = await staff.get(
      `/exam-attempt-grants?exam_id=${physics.id}&sort=user_id&order=asc`,
    );
    expect(byExam.json().data.map((g: { id: number }) => g.id)).toEqual(
      hoda.userId < omar.userId ? [a, c] : [c, a],
    );
    const one = await staff.get(`/exam-attempt-grants/${c}`);
    expect(one.json().data).toMatchObject({
      id: c,
      student_name: nameOf(omar.userId),
      exam_name: examName(physics.id),
    });
  });

  it('refuses a grant for a staff member or an unknown exam', async () => {
    const exam = await fourChoices();
    const s = await examStudent(server);
    const leader = await makeStaff(server.db, 'leader');
    const onStaff = await staffCall('POST', '/exam-attempt-grants', {
      user_id: leader.userId,
      exam_id: exam.id,
    });
    expect(onStaff.statusCode).toBe(422);
    expect(Object.keys(onStaff.json().errors)).toEqual(['user_id']);
    const unknown = await staffCall('POST', '/exam-attempt-grants', {
      user_id: s.userId,
      exam_id: 9_999_999,
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['exam_id']);
    expect(
      await server.db
        .selectFrom('exam_attempt_grants')
        .select('id')
        .where('user_id', '=', s.userId)
        .execute(),
    ).toEqual([]);
  });
});

describe('which attempt counts', () => {
  /** A student's two attempts: 3 of 4 (75 %), then 1 of 4 (25 %). */
  async function twoAttempts(rule: 'best' | 'last' | 'average') {
    const exam = await fourChoices({ attempts: 2, attemptRule: rule });
    const s = await examStudent(server);
    const first = await sit(s, exam, 3);
    const second = await sit(s, exam, 1);
    const ids = await server.db
      .selectFrom('exam_sessions')
      .select(['id', 'token'])
      .where('token', 'in', [first, second])
      .execute();
    const idOf = (token: string) => ids.find((r) => r.token === token)!.id;
    return { exam, s, first: idOf(first), second: idOf(second) };
  }

  async function staffRows(examId: number, counting?: boolean) {
    const filter = counting === undefined ? '' : `&counting=${counting}`;
    const res = await staff.get(`/exam-sessions?exam_id=${examId}&per_page=100${filter}`);
    expect(res.statusCode, res.body).toBe(200);
    return staffListResponse(staffExamSessionSchema).parse(res.json()).data;
  }

  async function studentRows(s: Student) {
    const res = await s.api.results();
    return (res.json() as { data: { id: number; attempt?: number; counts?: boolean }[] }).data;
  }

  // The attempt that counts under each rule, written out: best → the 75 %, last → the 25 %,
  // average → both (their mean, 50 %, is the result).
  const cases = [
    { rule: 'best', counting: ['first'] },
    { rule: 'last', counting: ['second'] },
    { rule: 'average', counting: ['first', 'second'] },
  ] as const;

  for (const { rule, counting } of cases) {
    it(`marks the counting attempt for '${rule}' in the student's list, the staff list, its filter and the results file`, async () => {
      const t = await twoAttempts(rule);
      const expected = counting.map((k) => t[k]).sort();
      const others = [t.first, t.second].filter((id) => !expected.includes(id));

      const mine = (await studentRows(t.s)).filter((r) => [t.first, t.second].includes(r.id));
      expect(mine.map((r) => [r.id, r.attempt, r.counts]).sort()).toEqual(
        [
          [t.first, 1, expected.includes(t.first)],
          [t.second, 2, expected.includes(t.second)],
        ].sort(),
      );
      const rows = await staffRows(t.exam.id);
      expect(
        rows
          .filter((r) => r.counts)
          .map((r) => r.id)
          .sort(),
      ).toEqual(expected);
      expect((await staffRows(t.exam.id, true)).map((r) => r.id).sort()).toEqual(expected);
      expect((await staffRows(t.exam.id, false)).map((r) => r.id).sort()).toEqual(others);

      const res = await staff.get(`/exams/${t.exam.id}/results.csv`);
      const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
      const header = lines[0]!.split(',');
      expect(header.slice(-2)).toEqual(['المحاولة', 'المحاولة المحتسبة']);
      const cells = (id: number) =>
        lines
          .find((l) => l.split(',')[0] === String(id))!
          .split(',')
          .slice(-2);
      expect(cells(t.first)).toEqual(['1', expected.includes(t.first) ? 'نعم' : 'لا']);
      expect(cells(t.second)).toEqual(['2', expected.includes(t.second) ? 'نعم' : 'لا']);
    });
  }

  it('counts the earlier of two equal best attempts, and no running attempt', async () => {
    const exam = await fourChoices({ attempts: 3, attemptRule: 'best' });
    const s = await examStudent(server);
    await sit(s, exam, 2);
    await sit(s, exam, 2);
    await s.api.tokenFor(exam.id); // the third, running
    const rows = await staffRows(exam.id);
    expect(rows.map((r) => [r.attempt, r.counts]).sort()).toEqual([
      [1, true],
      [2, false],
      [3, false],
    ]);
  });

  it("puts only the counting attempt of a 'best' exam into the dashboard's average", async () => {
    const own = await startTestServer({ seed: false });
    try {
      const ownStaff = staffApi(own, (await makeStaff(own.db, 'admin')).token);
      const exam = await makeExam(own.db, {
        attempts: 2,
        attemptRule: 'best',
        questions: [
          { type: 'choices' },
          { type: 'choices' },
          { type: 'choices' },
          { type: 'choices' },
        ],
      });
      const s = await examStudent(own);
      const sitOwn = async (rights: number) => {
        const token = await s.api.tokenFor(exam.id);
        await s.api.submit(
          token,
          exam.questions.map((q, i) => ({
            question_id: q.id,
            chosen_answer: i < rights ? q.right : q.wrong,
          })),
        );
      };
      await sitOwn(1); // 25 %
      await sitOwn(3); // 75 %: the best
      const figures = await ownStaff.examFigures(cairoDay(new Date()));
      // Two exams taken; the average is the best attempt's 75 %, not (25 + 75) / 2 = 50.
      expect(figures).toMatchObject({ taken: 2, average_score: 75 });
    } finally {
      await own.close();
    }
  });
});

describe('a regrade of an exam sat more than once', () => {
  it('marks every submitted attempt again and names the attempt in what the student is told', async () => {
    const exam = await fourChoices({ attempts: 2, attemptRule: 'best' });
    const s = await examStudent(server);
    // The first question's key is wrong: the student chose the real answer (option 2) once,
    // the keyed one (option 1) the other time; the other three wrong both times.
    const [q1, ...rest] = exam.questions;
    const sitWith = async (option: number) => {
      const token = await s.api.tokenFor(exam.id);
      await s.api.submit(token, [
        { question_id: q1!.id, chosen_answer: q1!.options[option]!.id },
        ...rest.map((q) => ({ question_id: q.id, chosen_answer: q.wrong })),
      ]);
      return token;
    };
    const first = await sitWith(1); // 0 of 4 by the wrong key
    const second = await sitWith(0); // 1 of 4 by the wrong key
    const res = await staffCall('POST', `/questions/${q1!.id}/regrade`, {
      correct_option_ids: [q1!.options[1]!.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ sessions: 2, changed: 2 });
    const marks = await server.db
      .selectFrom('exam_sessions')
      .select(['token', 'correction_mark'])
      .where('token', 'in', [first, second])
      .execute();
    expect(Object.fromEntries(marks.map((m) => [m.token, Number(m.correction_mark)]))).toEqual({
      [first]: 1,
      [second]: 0,
    });
    // The best attempt is now the first (1 of 4), no longer the second.
    const rows = (await s.api.results()).json() as {
      data: { id: number; attempt: number; counts: boolean }[];
    };
    expect(rows.data.map((r) => [r.attempt, r.counts]).sort()).toEqual([
      [1, true],
      [2, false],
    ]);
    const told = await server.db
      .selectFrom('notifications')
      .select('data')
      .where('user_id', '=', s.userId)
      .where('type', '=', 'exam_marked')
      .execute();
    const texts = told.map((n) => (JSON.parse(n.data) as { content: string }).content);
    expect(texts).toHaveLength(2);
    expect(texts.filter((t) => t.includes('(المحاولة 2)'))).toHaveLength(1);
    expect(texts.find((t) => t.includes('(المحاولة 2)'))).toContain('0 من 4');
  });
});

describe("a lecture's must-pass exam with attempts", () => {
  let courseId: number;
  let lectureId: number;
  let lastCounts: TestExam;

  beforeAll(async () => {
    const course = await makeCourse(server, { payType: 'course', lectures: 1 });
    courseId = course.id;
    lectureId = course.lectures[0]!.id;
    lastCounts = await fourChoices({ general: false, attempts: 2, attemptRule: 'last' });
    await attachExam(server.db, lectureId, lastCounts.id, { mustPass: true });
  });

  async function joined() {
    const s = await examStudent(server);
    await insertEnrollments(server.db, [
      { userId: s.userId, courseId, at: clock.now().toISOString() },
    ]);
    return s;
  }

  it('opens the videos when a later attempt passes', async () => {
    const s = await joined();
    await sit(s, lastCounts, 1); // 25 %: failed
    expect(await lectureState(server, s.token, courseId, lectureId)).toMatchObject(HELD);
    await sit(s, lastCounts, 2); // 50 %: passed
    expect(await lectureState(server, s.token, courseId, lectureId)).toMatchObject(OPEN);
  });

  it('keeps them open when a later attempt fails, though the last one counts for the result', async () => {
    const s = await joined();
    await sit(s, lastCounts, 4);
    expect(await lectureState(server, s.token, courseId, lectureId)).toMatchObject(OPEN);
    await sit(s, lastCounts, 0);
    expect(await lectureState(server, s.token, courseId, lectureId)).toMatchObject(OPEN);
    const row = await studentListRow(server, s.token, lastCounts.code);
    // The newest first: the failed second attempt, which counts.
    expect(row).toMatchObject({ attempt: 2, counts: true, succeeded: false });
  });

  it("opens them for an 'average' exam when the average passes, not when one attempt does", async () => {
    // Pass at 60 %: 25 %, then 75 % (passes on its own; the average, 50 %, does not), then
    // 100 %: the average of the three, (25 + 75 + 100) / 3 = 66.7 %, passes.
    const course = await makeCourse(server, { payType: 'course', lectures: 1 });
    const exam = await fourChoices({
      general: false,
      attempts: 3,
      attemptRule: 'average',
      passPercentage: 60,
    });
    const alternative = await fourChoices({ general: false });
    const lecture = course.lectures[0]!.id;
    await attachExam(server.db, lecture, exam.id, {
      mustPass: true,
      alternativeId: alternative.id,
    });
    const s = await examStudent(server);
    await insertEnrollments(server.db, [
      { userId: s.userId, courseId: course.id, at: clock.now().toISOString() },
    ]);
    const state = () => lectureState(server, s.token, course.id, lecture);
    await sit(s, exam, 1);
    expect(await state()).toMatchObject({ ...HELD, toAlternative: [true] });
    await sit(s, exam, 3);
    expect(await state()).toMatchObject({ ...HELD, toAlternative: [true] });
    await sit(s, exam, 4);
    expect(await state()).toMatchObject({ ...OPEN, toAlternative: [false] });
  });

  it("keeps them open for an 'average' exam when a later attempt pulls the average down", async () => {
    const course = await makeCourse(server, { payType: 'course', lectures: 1 });
    const exam = await fourChoices({
      general: false,
      attempts: 2,
      attemptRule: 'average',
      passPercentage: 60,
    });
    const lecture = course.lectures[0]!.id;
    await attachExam(server.db, lecture, exam.id, { mustPass: true });
    const s = await examStudent(server);
    await insertEnrollments(server.db, [
      { userId: s.userId, courseId: course.id, at: clock.now().toISOString() },
    ]);
    await sit(s, exam, 4); // 100 %: the average of one passes
    expect(await lectureState(server, s.token, course.id, lecture)).toMatchObject(OPEN);
    await sit(s, exam, 0); // the average is 50 %: the result fails, the videos stay open
    expect(await lectureState(server, s.token, course.id, lecture)).toMatchObject(OPEN);
  });

  it('sends a student to the alternative only while no attempt at the main exam has passed', async () => {
    const course = await makeCourse(server, { payType: 'course', lectures: 1 });
    const main = await fourChoices({ general: false, attempts: 2 });
    const alternative = await fourChoices({ general: false });
    await attachExam(server.db, course.lectures[0]!.id, main.id, {
      mustPass: true,
      alternativeId: alternative.id,
    });
    const s = await examStudent(server);
    await insertEnrollments(server.db, [
      { userId: s.userId, courseId: course.id, at: clock.now().toISOString() },
    ]);
    const state = () => lectureState(server, s.token, course.id, course.lectures[0]!.id);
    await sit(s, main, 0);
    expect(await state()).toMatchObject({ ...HELD, toAlternative: [true] });
    await sit(s, main, 3);
    expect(await state()).toMatchObject({ ...OPEN, toAlternative: [false] });
  });
});
