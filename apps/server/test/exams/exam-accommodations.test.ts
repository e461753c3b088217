import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getExamDetailsResponseSchema, getExamSessionResponseSchema } from '@dars/contract';
import { manualClock } from '../../src/lib/clock';
import { sweepOverdueSessions } from '../../src/modules/exams/exam-service';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeExam } from '../factories/exams';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { examClient } from './exam-client';

/**
 * A student's own exam time (issue 26, ADR 042): extra minutes, a percentage of the duration,
 * an own window, for one exam or all; the deadline, the sweep, the countdown and the details
 * follow it, and a change reaches a session already running. Every figure below is worked out
 * by hand from the exam's duration and the clock.
 */

const clock = manualClock();
let server: TestServer;
let staffToken: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false, clock });
  staffToken = (await makeStaff(server.db, 'leader')).token;
});
afterAll(() => server.close());

const MIN = 60_000;
const at = (offsetMs: number) => new Date(clock.now().getTime() + offsetMs).toISOString();

function staff(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) {
  return server.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${staffToken}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function accommodate(body: object): Promise<number> {
  const res = await staff('POST', '/exam-accommodations', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function student() {
  const s = await makeStudent(server.db);
  return { id: s.userId, api: examClient(server.app, s.token) };
}

async function deadlineOf(token: string) {
  const row = await server.db
    .selectFrom('exam_sessions')
    .select(['deadline_at', 'finished_at', 'finished_by'])
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  return row;
}

async function remaining(api: ReturnType<typeof examClient>, token: string) {
  const res = await api.session(token);
  return getExamSessionResponseSchema.parse(res.json()).session.remaining_seconds;
}

describe('extra time moves the deadline and the countdown', () => {
  it('adds minutes, a percentage of the duration, or both; a classmate keeps the exam time', async () => {
    const exam = await makeExam(server.db, { duration: 40 });
    const [plain, minutes, percent, both] = await Promise.all([
      student(),
      student(),
      student(),
      student(),
    ]);
    await accommodate({ user_id: minutes.id, exam_id: exam.id, extra_minutes: 15 });
    await accommodate({ user_id: percent.id, exam_id: exam.id, extra_percent: 50 });
    await accommodate({ user_id: both.id, extra_minutes: 10, extra_percent: 25 });
    // 40 min; 40 + 15 = 55; 40 + 20 (50% of 40) = 60; 40 + 10 + 10 (25% of 40) = 60.
    const expected = [
      [plain, 40],
      [minutes, 55],
      [percent, 60],
      [both, 60],
    ] as const;
    for (const [s, total] of expected) {
      const token = await s.api.tokenFor(exam.id);
      expect((await deadlineOf(token)).deadline_at).toBe(at(total * MIN));
      expect(await remaining(s.api, token)).toBe(total * 60);
      const details = getExamDetailsResponseSchema.parse((await s.api.details(exam.code)).json());
      expect(details.data.duration).toBe(total);
    }
  });

  it('shows whole minutes when a percentage adds part of one, and keeps the seconds in the deadline', async () => {
    const exam = await makeExam(server.db, { duration: 45 });
    const s = await student();
    await accommodate({ user_id: s.id, exam_id: exam.id, extra_percent: 10 });
    const details = getExamDetailsResponseSchema.parse((await s.api.details(exam.code)).json());
    expect(details.data.duration).toBe(49); // 45 + 4.5
    const token = await s.api.tokenFor(exam.id);
    expect((await deadlineOf(token)).deadline_at).toBe(at(49.5 * MIN));
  });

  it('takes the accommodation for the exam over the one for every exam', async () => {
    const [exam, other] = await Promise.all([
      makeExam(server.db, { duration: 30 }),
      makeExam(server.db, { duration: 30 }),
    ]);
    const s = await student();
    await accommodate({ user_id: s.id, extra_minutes: 5 });
    await accommodate({ user_id: s.id, exam_id: exam.id, extra_minutes: 20 });
    expect((await deadlineOf(await s.api.tokenFor(exam.id))).deadline_at).toBe(at(50 * MIN));
    expect((await deadlineOf(await s.api.tokenFor(other.id))).deadline_at).toBe(at(35 * MIN));
  });
});

describe('the window', () => {
  it('moves a fixed window’s end by the extra time: the student still starts and finishes after the others are shut out', async () => {
    const exam = await makeExam(server.db, { duration: null, endsAt: at(30 * MIN) });
    const [plain, extra] = await Promise.all([student(), student()]);
    await accommodate({ user_id: extra.id, exam_id: exam.id, extra_minutes: 10 });
    clock.advance(35 * MIN);
    try {
      expect((await plain.api.details(exam.code)).json()).toMatchObject({ code: 'EXAM_ENDED' });
      expect((await plain.api.start(exam.id)).json()).toMatchObject({ code: 'EXAM_NOT_ACTIVE' });
      const token = await extra.api.tokenFor(exam.id);
      // The exam ended 5 min ago; this student's end is 10 min after it.
      expect((await deadlineOf(token)).deadline_at).toBe(at(5 * MIN));
    } finally {
      clock.advance(-35 * MIN);
    }
  });

  it('lets a student with an own window start before the exam opens, and no one else', async () => {
    const exam = await makeExam(server.db, { duration: 30, startsAt: at(24 * 60 * MIN) });
    const [plain, early] = await Promise.all([student(), student()]);
    await accommodate({
      user_id: early.id,
      exam_id: exam.id,
      starts_at: at(-MIN),
      ends_at: at(60 * MIN),
    });
    expect((await plain.api.details(exam.code)).json()).toMatchObject({
      code: 'EXAM_NOT_STARTED',
    });
    const token = await early.api.tokenFor(exam.id);
    expect((await deadlineOf(token)).deadline_at).toBe(at(30 * MIN));
  });

  it('cuts the extended duration at an own window’s end', async () => {
    const exam = await makeExam(server.db, { duration: 60 });
    const s = await student();
    await accommodate({
      user_id: s.id,
      exam_id: exam.id,
      extra_minutes: 30,
      ends_at: at(70 * MIN),
    });
    expect((await deadlineOf(await s.api.tokenFor(exam.id))).deadline_at).toBe(at(70 * MIN));
  });
});

describe('the sweep and a running session', () => {
  it('submits the classmate at the exam’s deadline and the student with extra time at theirs', async () => {
    const exam = await makeExam(server.db, { duration: 20 });
    const [plain, extra] = await Promise.all([student(), student()]);
    await accommodate({ user_id: extra.id, exam_id: exam.id, extra_minutes: 10 });
    const plainToken = await plain.api.tokenFor(exam.id);
    const extraToken = await extra.api.tokenFor(exam.id);
    const plainDeadline = at(20 * MIN);
    const extraDeadline = at(30 * MIN);
    clock.advance(22 * MIN); // past 20 min + the minute of grace
    try {
      await sweepOverdueSessions({ db: server.db, clock });
      expect(await deadlineOf(plainToken)).toMatchObject({
        finished_at: plainDeadline,
        finished_by: 'time',
      });
      expect((await deadlineOf(extraToken)).finished_at).toBeNull();
      expect(await remaining(extra.api, extraToken)).toBe(8 * 60);
      clock.advance(10 * MIN);
      await sweepOverdueSessions({ db: server.db, clock });
      expect(await deadlineOf(extraToken)).toMatchObject({
        finished_at: extraDeadline,
        finished_by: 'time',
      });
    } finally {
      clock.advance(-32 * MIN);
    }
  });

  it('moves a running session’s deadline when staff give, change or take back the time, never into the past', async () => {
    const exam = await makeExam(server.db, { duration: 30 });
    const s = await student();
    const token = await s.api.tokenFor(exam.id);
    const started = clock.now().getTime();
    const iso = (offset: number) => new Date(started + offset).toISOString();
    expect((await deadlineOf(token)).deadline_at).toBe(iso(30 * MIN));
    const id = await accommodate({ user_id: s.id, exam_id: exam.id, extra_minutes: 15 });
    expect((await deadlineOf(token)).deadline_at).toBe(iso(45 * MIN));
    expect(
      (await staff('PATCH', `/exam-accommodations/${id}`, { extra_percent: 100 })).statusCode,
    ).toBe(200);
    expect((await deadlineOf(token)).deadline_at).toBe(iso(75 * MIN)); // 30 + 15 + 30
    clock.advance(40 * MIN);
    try {
      expect((await staff('DELETE', `/exam-accommodations/${id}`)).statusCode).toBe(200);
      // Back to 30 minutes would be 10 minutes ago: it ends now instead.
      expect((await deadlineOf(token)).deadline_at).toBe(iso(40 * MIN));
    } finally {
      clock.advance(-40 * MIN);
    }
  });

  it('moves a running session’s deadline by an accommodation for every exam too', async () => {
    const exam = await makeExam(server.db, { duration: 30 });
    const s = await student();
    const token = await s.api.tokenFor(exam.id);
    const started = Date.parse((await deadlineOf(token)).deadline_at!) - 30 * MIN;
    await accommodate({ user_id: s.id, extra_minutes: 10 });
    expect((await deadlineOf(token)).deadline_at).toBe(new Date(started + 40 * MIN).toISOString());
  });

  it('leaves another student’s running session and a finished one alone', async () => {
    const exam = await makeExam(server.db, { duration: 30 });
    const [s, other] = await Promise.all([student(), student()]);
    const otherToken = await other.api.tokenFor(exam.id);
    const doneToken = await s.api.tokenFor(exam.id);
    expect((await s.api.submit(doneToken)).statusCode).toBe(200);
    const before = await deadlineOf(doneToken);
    await accommodate({ user_id: s.id, exam_id: exam.id, extra_minutes: 60 });
    expect(await deadlineOf(doneToken)).toEqual(before);
    expect((await deadlineOf(otherToken)).deadline_at).toBe(at(30 * MIN));
  });
});

describe('what staff may record', () => {
  it('refuses nothing to give, a window that ends before it starts, a staff account, an unknown exam, and a second one for the same exam', async () => {
    const exam = await makeExam(server.db);
    const s = await student();
    const refusals: [object, string, string][] = [
      [
        { user_id: s.id, exam_id: exam.id },
        'extra_minutes',
        'أضف وقتاً إضافياً أو موعداً خاصاً للطالب',
      ],
      [
        { user_id: s.id, exam_id: exam.id, starts_at: at(60 * MIN), ends_at: at(10 * MIN) },
        'ends_at',
        'يجب أن يكون موعد النهاية بعد موعد البداية',
      ],
      [
        { user_id: (await makeStaff(server.db, 'admin')).userId, extra_minutes: 5 },
        'user_id',
        'القيمة المختارة غير صحيحة',
      ],
      [
        { user_id: s.id, exam_id: 999_999, extra_minutes: 5 },
        'exam_id',
        'القيمة المختارة غير صحيحة',
      ],
      [{ user_id: s.id, extra_minutes: -1 }, 'extra_minutes', ''],
      [{ user_id: s.id, extra_percent: 301 }, 'extra_percent', ''],
    ];
    for (const [body, field, message] of refusals) {
      const res = await staff('POST', '/exam-accommodations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      expect(Object.keys(errors)).toContain(field);
      if (message) expect(errors[field]).toContain(message);
    }
    await accommodate({ user_id: s.id, exam_id: exam.id, extra_minutes: 5 });
    await accommodate({ user_id: s.id, extra_minutes: 5 });
    const again = await staff('POST', '/exam-accommodations', {
      user_id: s.id,
      exam_id: exam.id,
      extra_minutes: 10,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.exam_id).toContain(
      'لهذا الطالب وقت خاص في هذا الامتحان بالفعل؛ عدّله بدلاً من إضافة آخر',
    );
    const allAgain = await staff('POST', '/exam-accommodations', {
      user_id: s.id,
      extra_percent: 5,
    });
    expect(allAgain.json().errors.exam_id).toContain(
      'لهذا الطالب وقت خاص لكل الامتحانات بالفعل؛ عدّله بدلاً من إضافة آخر',
    );
    const rows = await server.db
      .selectFrom('exam_accommodations')
      .select('id')
      .where('user_id', '=', s.id)
      .execute();
    expect(rows).toHaveLength(2);
  });

  it('takes an own window with only a start or only an end, and refuses one that ends as it starts', async () => {
    const exam = await makeExam(server.db);
    const [a, b, c] = [await student(), await student(), await student()];
    await accommodate({ user_id: a.id, exam_id: exam.id, starts_at: at(-60 * MIN) });
    await accommodate({ user_id: b.id, exam_id: exam.id, ends_at: at(60 * MIN) });
    const same = await staff('POST', '/exam-accommodations', {
      user_id: c.id,
      exam_id: exam.id,
      starts_at: at(10 * MIN),
      ends_at: at(10 * MIN),
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.ends_at).toContain('يجب أن يكون موعد النهاية بعد موعد البداية');
  });

  it('refuses an update that would leave nothing to give', async () => {
    const s = await student();
    const id = await accommodate({ user_id: s.id, extra_minutes: 5 });
    const res = await staff('PATCH', `/exam-accommodations/${id}`, { extra_minutes: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.extra_minutes).toContain('أضف وقتاً إضافياً أو موعداً خاصاً للطالب');
  });

  it('lists a student’s accommodations with the student’s and the exam’s names', async () => {
    const exam = await makeExam(server.db);
    const s = await student();
    // A classmate's, for the same exam: not in this student's list, in the exam's.
    const classmate = await student();
    const theirs = await accommodate({ user_id: classmate.id, exam_id: exam.id, extra_minutes: 9 });
    await accommodate({ user_id: s.id, exam_id: exam.id, extra_minutes: 5, note: 'شهادة طبية' });
    await accommodate({ user_id: s.id, extra_percent: 25 });
    const byExam = await staff(
      'GET',
      `/exam-accommodations?exam_id=${exam.id}&sort=user_id&order=desc`,
    );
    expect(byExam.json().data.map((r: { user_id: number }) => r.user_id)).toEqual([
      classmate.id,
      s.id,
    ]);
    expect(byExam.json().data[0].id).toBe(theirs);
    const res = await staff('GET', `/exam-accommodations?user_id=${s.id}&sort=id&order=ASC`);
    expect(res.statusCode).toBe(200);
    const examName = exam.name;
    const name = (
      await server.db
        .selectFrom('users')
        .select('name')
        .where('id', '=', s.id)
        .executeTakeFirstOrThrow()
    ).name;
    expect(res.json()).toMatchObject({
      data: [
        {
          user_id: s.id,
          exam_id: exam.id,
          extra_minutes: 5,
          extra_percent: 0,
          note: 'شهادة طبية',
          student_name: name,
          exam_name: examName,
        },
        { user_id: s.id, exam_id: null, extra_minutes: 0, extra_percent: 25, exam_name: null },
      ],
      meta: { total: 2 },
    });
  });

  it('names each change in the audit log by the student and the exam, also once deleted', async () => {
    const exam = await makeExam(server.db);
    const s = await student();
    const id = await accommodate({ user_id: s.id, exam_id: exam.id, extra_minutes: 5 });
    const forAll = await accommodate({ user_id: s.id, extra_minutes: 5 });
    expect((await staff('DELETE', `/exam-accommodations/${id}`)).statusCode).toBe(200);
    const user = await server.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    // The audit log is the admins'.
    const admin = await makeStaff(server.db, 'admin');
    const log = await server.app.inject({
      method: 'GET',
      url: '/api/v1/staff/audit-log?resource=exam-accommodations&per_page=100',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
    });
    expect(log.statusCode).toBe(200);
    const names = (
      log.json().data as { resource_id: string; action: string; resource_name: string }[]
    )
      .filter((r) => [String(id), String(forAll)].includes(r.resource_id))
      .map((r) => [r.resource_id, r.action, r.resource_name]);
    expect(names).toEqual(
      expect.arrayContaining([
        [String(id), 'create', `${user.name} — ${exam.name}`],
        [String(id), 'delete', `${user.name} — ${exam.name}`],
        [String(forAll), 'create', `${user.name} — كل الامتحانات`],
      ]),
    );
  });
});
