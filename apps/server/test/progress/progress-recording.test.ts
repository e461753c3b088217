import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE } from '@dars/contract';
import { hashToken } from '../../src/lib/tokens';
import { systemClock } from '../../src/lib/clock';
import { createProgressRecorder } from '../../src/modules/progress/progress-recorder';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { studentClient } from '../denial-client';
import { makeCourse } from '../factories/courses';
import { attachExam, makeExam } from '../factories/exams';
import { makeStudent, type TestStudent } from '../factories/students';

/**
 * Progress from real events (issue 28, ADR 054), every figure by hand. A free course of two
 * lectures: the first with video A (600 s), video B (no length yet), a PDF, an exam counted by
 * its average and a homework counted by the best attempt; the second with one video (600 s)
 * and a PDF. منى joins it, plays, opens, and sits the exams; what she sees is checked against
 * the sums written here.
 */

let server: TestServer;
let as: ReturnType<typeof studentClient>;
let mona: TestStudent;
let course: Awaited<ReturnType<typeof makeCourseForTest>>;
let ids: { a: number; b: number; c: number; exam: number; homework: number };

async function makeCourseForTest() {
  return makeCourse(server, {
    payType: 'course',
    price: 0,
    lectures: [
      { name: 'المحاضرة الأولى', videos: [null, null], attachments: 1, exam: 'quiz' },
      { name: 'المحاضرة الثانية' },
    ],
  });
}

function report(body: object) {
  return server.app.inject({ method: 'POST', url: `${API_BASE}/video/progress`, payload: body });
}

const videoRow = (user: number, video: number) =>
  server.db
    .selectFrom('video_progress')
    .selectAll()
    .where('user_id', '=', user)
    .where('video_id', '=', video)
    .executeTakeFirst();

let sessions = 0;
async function sat(user: number, exam: number, attempt: number, mark: number, total: number) {
  sessions += 1;
  const at = `2026-10-1${attempt}T10:00:00.000Z`;
  await server.db
    .insertInto('exam_sessions')
    .values({
      token: `progress-${sessions}`,
      user_id: user,
      exam_id: exam,
      started_at: at,
      deadline_at: null,
      finished_at: at,
      finished_by: 'student',
      correction_mark: mark,
      total_mark: total,
      succeeded: mark * 2 >= total ? 1 : 0,
      corrected: 1,
      attempt,
    })
    .execute();
}

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  as = studentClient(server);
  mona = await makeStudent(server.db, { name: 'منى' });
  course = await makeCourseForTest();
  const [first, second] = course.lectures;
  const videos = await server.db
    .selectFrom('videos')
    .select(['id', 'lecture_id'])
    .where('lecture_id', 'in', [first.id, second.id])
    .orderBy('lecture_id')
    .orderBy('position')
    .execute();
  const [a, b, c] = videos.map((v) => v.id) as [number, number, number];
  // Video B's length is not known yet: the player's first report gives it.
  await server.db
    .updateTable('videos')
    .set({ duration_seconds: null })
    .where('id', '=', b)
    .execute();
  const exam = await server.db
    .selectFrom('lecture_exams')
    .select('exam_id')
    .where('lecture_id', '=', first.id)
    .executeTakeFirstOrThrow();
  await server.db
    .updateTable('exams')
    .set({ attempt_rule: 'average', max_attempts: 3 })
    .where('id', '=', exam.exam_id)
    .execute();
  const homework = await makeExam(server.db, {
    kind: 'homework',
    attempts: 3,
    attemptRule: 'best',
  });
  await attachExam(server.db, first.id, homework.id);
  await server.db
    .updateTable('lecture_exams')
    .set({ position: 1 })
    .where('exam_id', '=', homework.id)
    .execute();
  ids = { a, b, c, exam: exam.exam_id, homework: homework.id };
  expect((await as.post(`/courses/${course.id}/join`, mona.token)).statusCode).toBe(200);
}, 120_000);
afterAll(() => server?.close());

describe('POST /video/progress', () => {
  it('adds the seconds played, keeps the last position, and never passes the video’s length', async () => {
    const { vt } = await as.openVideo(ids.a, mona.token);
    for (const [watched, position] of [
      [100, 100],
      [100, 200],
      [100.4, 300],
    ] as const) {
      const res = await report({ vt, watched, position, duration: 600 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ accepted: true });
    }
    await server.app.progress.flush();
    // 100 + 100 + 100.4 = 300.4 → 300 s of 600: 50 %.
    expect(await videoRow(mona.userId, ids.a)).toMatchObject({
      watched_seconds: 300,
      position_seconds: 300,
      lecture_id: course.lectures[0].id,
    });
    const first = (await videoRow(mona.userId, ids.a))!;
    // Five more reports of 120 s: 300 + 600 = 900, capped at the 600 s the video lasts.
    for (let i = 0; i < 5; i += 1)
      expect((await report({ vt, watched: 120, position: 590 })).statusCode).toBe(200);
    await server.app.progress.flush();
    const capped = (await videoRow(mona.userId, ids.a))!;
    expect(capped.watched_seconds).toBe(600);
    expect(capped.position_seconds).toBe(590);
    expect(capped.first_at).toBe(first.first_at);
    expect(capped.last_at >= first.last_at).toBe(true);
  });

  it('refuses a report of more than 120 s (the contract’s longest stretch) and writes nothing', async () => {
    const { vt } = await as.openVideo(ids.c, mona.token);
    const res = await report({ vt, watched: 121, position: 121 });
    expect(res.statusCode).toBe(422);
    await server.app.progress.flush();
    expect(await videoRow(mona.userId, ids.c)).toBeUndefined();
  });

  it('stores the first length the player heard for a video that had none, once', async () => {
    const { vt } = await as.openVideo(ids.b, mona.token);
    expect((await report({ vt, watched: 30, position: 30, duration: 200.4 })).statusCode).toBe(200);
    await server.app.progress.flush();
    expect((await report({ vt, watched: 10, position: 40, duration: 900 })).statusCode).toBe(200);
    await server.app.progress.flush();
    const video = await server.db
      .selectFrom('videos')
      .select('duration_seconds')
      .where('id', '=', ids.b)
      .executeTakeFirstOrThrow();
    expect(video.duration_seconds).toBe(200);
    expect((await videoRow(mona.userId, ids.b))!.watched_seconds).toBe(40);
  });

  it('refuses a forged token and the token of a sign-in that has ended (ADR 051)', async () => {
    const forged = await report({
      vt: `${'x'.repeat(40)}.${'y'.repeat(40)}`,
      watched: 10,
      position: 10,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toMatch(/[\u0600-\u06FF]/);
    // Another student's token on a device they then sign out of.
    const other = await makeStudent(server.db);
    expect((await as.post(`/courses/${course.id}/join`, other.token)).statusCode).toBe(200);
    const { vt } = await as.openVideo(ids.c, other.token);
    expect((await report({ vt, watched: 10, position: 10 })).statusCode).toBe(200);
    await server.db
      .deleteFrom('auth_tokens')
      .where('token_hash', '=', hashToken(other.token))
      .execute();
    const signedOut = await report({ vt, watched: 20, position: 30 });
    expect(signedOut.statusCode).toBe(403);
    expect(signedOut.json().message).toContain('سُجّل الخروج');
    await server.app.progress.flush();
    // Only the report made while signed in counted.
    expect((await videoRow(other.userId, ids.c))!.watched_seconds).toBe(10);
  });

  it('answers 429 past 30 reports a minute from one player token', async () => {
    const other = await makeStudent(server.db);
    expect((await as.post(`/courses/${course.id}/join`, other.token)).statusCode).toBe(200);
    const { vt } = await as.openVideo(ids.c, other.token);
    for (let i = 0; i < 30; i += 1)
      expect((await report({ vt, watched: 1, position: i })).statusCode).toBe(200);
    const over = await report({ vt, watched: 1, position: 31 });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/[\u0600-\u06FF]/);
    // Another opening of the same video has its own count.
    const { vt: again } = await as.openVideo(ids.c, other.token);
    expect((await report({ vt: again, watched: 1, position: 32 })).statusCode).toBe(200);
  });
});

describe('the player page', () => {
  it('hands its script where to report, and reports by a beacon when the page goes', async () => {
    const { vt } = await as.openVideo(ids.a, mona.token);
    const page = await server.app.inject({ url: `/player/${ids.a}?vt=${vt}` });
    expect(page.statusCode).toBe(200);
    const block = /<script type="application\/json" id="cfg">([\s\S]*?)<\/script>/.exec(page.body);
    expect(JSON.parse(block![1]!)).toMatchObject({
      progressUrl: '/api/v1/video/progress',
      token: vt,
    });
    // Seconds from timeupdate's steps, a seek (over 2 s, or backwards) counting nothing.
    expect(page.body).toContain("addEventListener('timeupdate'");
    expect(page.body).toContain('step > 0 && step <= 2');
    expect(page.body).toContain('if (played >= 15) report(false)');
    expect(page.body).toContain("addEventListener('pagehide'");
    expect(page.body).toContain('navigator.sendBeacon(cfg.progressUrl');
  });
});

describe('attachments opened', () => {
  it('counts one open per download link, at its whole file or first range', async () => {
    const contents = (await as.contents(course.lectures[0].id, mona.token)).json();
    const url = contents.attachments[0].url as string;
    const attachmentId = contents.attachments[0].id as number;
    // A viewer's ranges on one link: one open.
    for (const range of ['bytes=0-99', 'bytes=100-199', 'bytes=0-']) {
      const res = await server.app.inject({ method: 'GET', url, headers: { range } });
      expect(res.statusCode, res.body).toBe(206);
    }
    // A later range alone on a new link is not an open; the whole file on a third one is.
    const second = (await as.contents(course.lectures[0].id, mona.token)).json().attachments[0]
      .url as string;
    await new Promise((r) => setTimeout(r, 5));
    const third = (await as.contents(course.lectures[0].id, mona.token)).json().attachments[0]
      .url as string;
    expect(new Set([url, second, third]).size).toBe(3);
    expect(
      (await server.app.inject({ method: 'GET', url: second, headers: { range: 'bytes=50-' } }))
        .statusCode,
    ).toBe(206);
    expect((await server.app.inject({ method: 'GET', url: third })).statusCode).toBe(200);
    await server.app.progress.flush();
    const row = await server.db
      .selectFrom('attachment_opens')
      .selectAll()
      .where('user_id', '=', mona.userId)
      .where('attachment_id', '=', attachmentId)
      .executeTakeFirstOrThrow();
    expect(row.opens).toBe(2);
    expect(row.lecture_id).toBe(course.lectures[0].id);
  });
});

describe('GET /courses/:id/progress', () => {
  it('answers what منى watched, opened and took, lecture by lecture, with the counting scores', async () => {
    // The exam counts the average: 6/10 and 8/10 → 70 %. The homework the best: 3/4 over 2/4.
    await sat(mona.userId, ids.exam, 1, 6, 10);
    await sat(mona.userId, ids.exam, 2, 8, 10);
    await sat(mona.userId, ids.homework, 1, 3, 4);
    await sat(mona.userId, ids.homework, 2, 2, 4);
    const res = await server.app.inject({
      url: `${API_BASE}/courses/${course.id}/progress`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${mona.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.course).toEqual({ id: course.id, name: course.name });
    const [first, second] = data.lectures;
    expect(data.lectures.map((l: { id: number }) => l.id)).toEqual(
      course.lectures.map((l) => l.id),
    );
    expect(first.open).toBe(true);
    // A: 600 of 600 s; B: 40 of 200 s = 20 %; C (second lecture): nothing.
    expect(
      first.videos.map((v: object) => ({ ...v, first_watched_at: 'x', last_watched_at: 'x' })),
    ).toEqual([
      expect.objectContaining({
        id: ids.a,
        duration_seconds: 600,
        watched_seconds: 600,
        position_seconds: 590,
        percent: 100,
        watched: true,
        plays: 0,
      }),
      expect.objectContaining({
        id: ids.b,
        duration_seconds: 200,
        watched_seconds: 40,
        position_seconds: 40,
        percent: 20,
        watched: false,
      }),
    ]);
    expect(second.videos[0]).toMatchObject({
      id: ids.c,
      watched_seconds: 0,
      percent: 0,
      watched: false,
      first_watched_at: null,
    });
    expect(first.attachments[0].opened_at).not.toBeNull();
    expect(second.attachments[0].opened_at).toBeNull();
    expect(first.exams).toEqual([
      {
        id: ids.exam,
        name: expect.any(String),
        kind: 'exam',
        taken: true,
        score_percent: 70,
        waiting_mark: false,
        passed: true,
        finished_at: '2026-10-12T10:00:00.000Z',
      },
      {
        id: ids.homework,
        name: expect.any(String),
        kind: 'homework',
        taken: true,
        score_percent: 75,
        waiting_mark: false,
        passed: true,
        finished_at: '2026-10-11T10:00:00.000Z',
      },
    ]);
    // Videos 1 of 3, attachments 1 of 2, exams 2 of 2: 4 of 7 items → 57 %.
    expect(data.summary).toEqual({
      videos: { done: 1, total: 3 },
      attachments: { done: 1, total: 2 },
      exams: { done: 2, total: 2 },
      percent: 57,
    });
  });

  it('counts the views since the access began (the view limit’s count)', async () => {
    const { vt } = await as.openVideo(ids.c, mona.token);
    expect((await as.countView(vt!)).statusCode).toBe(200);
    const res = await server.app.inject({
      url: `${API_BASE}/courses/${course.id}/progress`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${mona.token}` },
    });
    expect(res.json().data.lectures[1].videos[0].plays).toBe(1);
  });

  it('answers a student who holds a lecture of the course without having joined it', async () => {
    // A lecture bought from a course's preview: no enrolment row, the lecture held.
    const byLecture = await makeCourse(server, {
      payType: 'lectures',
      price: 0,
      lectures: [{ name: 'الدرس المشترى' }, { name: 'الدرس الآخر' }],
    });
    const buyer = await makeStudent(server.db);
    await server.db
      .insertInto('lecture_purchases')
      .values({
        user_id: buyer.userId,
        lecture_id: byLecture.lectures[0]!.id,
        price_paid: 0,
        pay_by: 'free',
        created_at: new Date().toISOString(),
        expires_at: null,
      })
      .execute();
    const res = await server.app.inject({
      url: `${API_BASE}/courses/${byLecture.id}/progress`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${buyer.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().data.lectures.map((l: { name: string; open: boolean }) => [l.name, l.open]),
    ).toEqual([
      ['الدرس المشترى', true],
      ['الدرس الآخر', false],
    ]);
  });

  it('answers 404 for a course the student has not joined, and 401 without a sign-in', async () => {
    const stranger = await makeStudent(server.db);
    const res = await server.app.inject({
      url: `${API_BASE}/courses/${course.id}/progress`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${stranger.token}` },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('الدورة غير موجودة');
    const guest = await server.app.inject({
      url: `${API_BASE}/courses/${course.id}/progress`,
      headers: WEB_HEADERS,
    });
    expect(guest.statusCode).toBe(401);
  });
});

/** A recorder whose tick never comes within a test: only `flush()` (or 500 reports) writes. */
function untickedRecorder(db = server.db) {
  return createProgressRecorder({
    db,
    dialect: server.dialect,
    clock: systemClock,
    flushMs: 3_600_000,
  });
}

describe('the recorder', () => {
  it('takes many reports into one write, visible only after it', async () => {
    const recorder = untickedRecorder();
    const student = await makeStudent(server.db);
    for (let i = 0; i < 200; i += 1)
      recorder.videoPlayed({ userId: student.userId, videoId: ids.c, watched: 1.5, position: i });
    for (let i = 0; i < 3; i += 1)
      recorder.videoPlayed({ userId: student.userId, videoId: ids.a, watched: 10, position: 10 });
    expect(await videoRow(student.userId, ids.c)).toBeUndefined();
    expect(recorder.stats).toMatchObject({ events: 203, flushes: 0 });
    await recorder.flush();
    // One transaction, two rows: 200 × 1.5 = 300 s and 3 × 10 = 30 s.
    expect(recorder.stats).toMatchObject({ flushes: 1, rows: 2, failures: 0 });
    expect(await videoRow(student.userId, ids.c)).toMatchObject({
      watched_seconds: 300,
      position_seconds: 199,
    });
    expect((await videoRow(student.userId, ids.a))!.watched_seconds).toBe(30);
    await recorder.close();
  });

  it('writes at once at 500 reports, without waiting for its tick', async () => {
    const recorder = untickedRecorder();
    const student = await makeStudent(server.db);
    for (let i = 0; i < 499; i += 1)
      recorder.videoPlayed({ userId: student.userId, videoId: ids.c, watched: 1, position: i });
    await new Promise((r) => setTimeout(r, 50));
    expect(recorder.stats.flushes).toBe(0);
    recorder.videoPlayed({ userId: student.userId, videoId: ids.c, watched: 1, position: 499 });
    await vi.waitFor(() => expect(recorder.stats.flushes).toBe(1));
    expect((await videoRow(student.userId, ids.c))!.watched_seconds).toBe(500);
    await recorder.close();
  });

  it('keeps a batch whose write failed and writes it, once, at the next try', async () => {
    let down = true;
    const db = new Proxy(server.db, {
      get(target, property) {
        if (property === 'transaction' && down) {
          down = false;
          return () => ({
            execute: () => Promise.reject(new Error('the database is away')),
          });
        }
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
      },
    });
    const recorder = untickedRecorder(db);
    const student = await makeStudent(server.db);
    recorder.videoPlayed({ userId: student.userId, videoId: ids.c, watched: 40, position: 40 });
    await expect(recorder.flush()).resolves.toBeUndefined();
    expect(recorder.stats).toMatchObject({ flushes: 0, failures: 1 });
    expect(await videoRow(student.userId, ids.c)).toBeUndefined();
    recorder.videoPlayed({ userId: student.userId, videoId: ids.c, watched: 5, position: 45 });
    await recorder.flush();
    expect(recorder.stats).toMatchObject({ flushes: 1, failures: 1 });
    expect(await videoRow(student.userId, ids.c)).toMatchObject({
      watched_seconds: 45,
      position_seconds: 45,
    });
    await recorder.close();
  });

  it('writes what waits when the app closes', async () => {
    const own = await startTestServer({ seed: false });
    try {
      const student = await makeStudent(own.db);
      const { lectures } = await makeCourse(own, { lectures: 1 });
      const video = await own.db
        .selectFrom('videos')
        .select('id')
        .where('lecture_id', '=', lectures[0]!.id)
        .executeTakeFirstOrThrow();
      own.app.progress.videoPlayed({
        userId: student.userId,
        videoId: video.id,
        watched: 12,
        position: 12,
      });
      await own.app.close();
      const row = await own.db
        .selectFrom('video_progress')
        .select('watched_seconds')
        .where('user_id', '=', student.userId)
        .executeTakeFirst();
      expect(row?.watched_seconds).toBe(12);
    } finally {
      await own.close().catch(() => undefined);
    }
  });
});
