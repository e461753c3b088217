import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, STAFF_MESSAGES, staffVideoSchema } from '@dars/contract';
import type { AppContext } from '../../src/app-context';
import { openJobs, pgBossSchemaOf } from '../../src/lib/jobs';
import { openStorage } from '../../src/storage';
import {
  registerTranscodeJobs,
  requestTranscode,
  RETRY_TEXT,
  TRANSCODE_JOB,
} from '../../src/modules/videos/transcode';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeTeacher } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { publishTestLadder } from '../factories/ladders';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';

// Issue 29's leftover (ADR 055): a video whose ladder's job failed is queued again from the
// console (`POST /staff/videos/:id/transcode`) for its current file, under the upload's own
// key, so a file's ladder is never made twice at once; the video waits again, its error
// cleared, audited. Refused, with the reason in Arabic, when there is nothing to retry. The
// server queues without running (JOBS_WORKER off): what is queued is read from the queue
// itself (SQLite's table, or pg-boss's with TEST_DATABASE_URL).

let server: TestServer;
let leader: string;
let ownTeacher: { token: string; teacherId: number };
let otherTeacher: string;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  server = await startTestServer({
    seed: false,
    env: { VIDEO_TRANSCODE: 'on', JOBS_WORKER: 'off' },
  });
  leader = (await makeStaff(server.db, 'leader')).token;
  const teacherId = await makeTeacher(server.db, { name: 'أ. منى' });
  ownTeacher = {
    token: (await makeStaff(server.db, 'teacher', { teacherId })).token,
    teacherId,
  };
  const other = await makeTeacher(server.db, { name: 'أ. سامي' });
  otherTeacher = (await makeStaff(server.db, 'teacher', { teacherId: other })).token;
}, 120_000);
afterAll(() => server?.close());

const ctx = () => ({ db: server.db, config: server.config, jobs: server.app.jobs }) as AppContext;

/** A lecture's video of `teacherIds`' course, on a file of its own (no other video shares it). */
async function video(teacherIds: number[] = []) {
  const course = await makeCourse(server, { teacherIds, lectures: 1 });
  const { id } = await server.db
    .selectFrom('videos')
    .select('id')
    .where('lecture_id', '=', course.lectures[0]!.id)
    .executeTakeFirstOrThrow();
  const source = `videos/${id}-lesson.mp4`;
  await server.db
    .updateTable('videos')
    .set({ source_path: source, duration_seconds: 60 })
    .where('id', '=', id)
    .execute();
  return { id, source };
}

/**
 * The video's ladder queued as an upload queues it and run to a failure by a worker of its
 * own (a file that is not a video): the video `failed`, the job finished and its key kept.
 */
async function failedVideo(teacherIds: number[] = []) {
  const v = await video(teacherIds);
  const worker = await openJobs({
    db: server.db,
    dialect: server.dialect,
    config: { worker: true, pollMs: 50, maintenanceSeconds: 1 },
    log: quiet,
  });
  const storage = openStorage(server.config.storage, server.config.dataDir);
  registerTranscodeJobs(
    { db: server.db, config: server.config, storage, jobs: worker } as unknown as AppContext,
    async () => null,
  );
  try {
    await worker.start();
    await requestTranscode(ctx(), v.id, v.source, 60);
    await worker.idle([TRANSCODE_JOB], 30_000);
  } finally {
    await worker.stop(5_000);
    storage.close();
  }
  expect(await row(v.id)).toMatchObject({ transcode_state: 'failed' });
  return v;
}

const row = (id: number) =>
  server.db
    .selectFrom('videos')
    .select(['source_path', 'transcode_state', 'transcode_progress', 'transcode_error'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The transcoding jobs the queue holds for a video: their state and the file each is for. */
async function jobsOf(videoId: number): Promise<{ state: string; source: string }[]> {
  const rows =
    server.dialect === 'sqlite'
      ? (
          await server.db
            .selectFrom('job_queue')
            .select(['state', 'data'])
            .where('name', '=', TRANSCODE_JOB)
            .execute()
        ).map((r) => ({ state: r.state, data: JSON.parse(r.data) as unknown }))
      : (
          await sql<{ state: string; data: unknown }>`select state, data from ${sql.raw(
            `${await pgBossSchemaOf(server.db)}.job`,
          )} where name = ${TRANSCODE_JOB}`.execute(server.db)
        ).rows;
  return rows
    .map((r) => ({ state: r.state, ...(r.data as { videoId: number; source: string }) }))
    .filter((r) => r.videoId === videoId)
    .map((r) => ({ state: r.state, source: r.source }));
}

const auditOf = (videoId: number) =>
  server.db
    .selectFrom('staff_audit_log')
    .selectAll()
    .where('resource', '=', 'videos')
    .where('resource_id', '=', String(videoId))
    .where('action', '=', 'transcode')
    .execute();

const retry = (id: number, token: string | null) =>
  server.app.inject({
    method: 'POST',
    url: `${API_BASE}/staff/videos/${id}/transcode`,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

/** A refusal: its status and Arabic reason, and nothing changed (the video, its jobs, the log). */
async function refused(id: number, token: string, status: number, message: string) {
  const state = async () => ({
    video: await row(id),
    jobs: await jobsOf(id),
    audit: await auditOf(id),
  });
  const before = await state();
  const res = await retry(id, token);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  expect(await state()).toEqual(before);
}

describe('retrying a failed transcode from the console', () => {
  it('queues the ladder of the current file once more: waiting, the error cleared, audited', async () => {
    const { id, source } = await failedVideo();
    const failed = await row(id);
    expect(failed.transcode_error).toEqual(expect.any(String));
    // The first job is over and its key kept: an upload's request would queue nothing now.
    expect(await jobsOf(id)).toEqual([{ state: 'completed', source }]);

    const res = await retry(id, leader);
    expect(res.statusCode, res.body).toBe(200);
    expect(staffVideoSchema.parse(res.json().data).transcode).toEqual({
      state: 'waiting',
      progress: 0,
      error: null,
      renditions: [],
    });
    expect(await row(id)).toEqual({
      source_path: source,
      transcode_state: 'waiting',
      transcode_progress: 0,
      transcode_error: null,
    });
    // One job, of this file, waiting to run: the finished one gave its key to it.
    expect(await jobsOf(id)).toEqual([{ state: 'created', source }]);

    const [audit, ...more] = await auditOf(id);
    expect(more).toEqual([]);
    expect(JSON.parse(audit!.before!).transcode).toMatchObject({
      state: 'failed',
      error: failed.transcode_error,
    });
    expect(JSON.parse(audit!.after!).transcode).toMatchObject({ state: 'waiting', error: null });

    // Asked again at once: it is waiting already, and still queued once.
    await refused(id, leader, 409, RETRY_TEXT.underWay);
    expect(await jobsOf(id)).toEqual([{ state: 'created', source }]);
  }, 60_000);

  it('refuses a video whose ladder is ready for its current file', async () => {
    const { id } = await video();
    await publishTestLadder(server, id);
    await refused(id, leader, 409, RETRY_TEXT.ready);
  });

  it('refuses a video whose ladder is being made', async () => {
    const { id } = await video();
    await server.db
      .updateTable('videos')
      .set({ transcode_state: 'running', transcode_progress: 40 })
      .where('id', '=', id)
      .execute();
    await refused(id, leader, 409, RETRY_TEXT.underWay);
  });

  it('queues nothing beside a job of the file still waiting, whatever the video says', async () => {
    const { id, source } = await video();
    await requestTranscode(ctx(), id, source, 60);
    // Failed, as a job of the same file would have left it, while this one waits its turn.
    await server.db
      .updateTable('videos')
      .set({ transcode_state: 'failed', transcode_error: 'تعذّر تحويل الفيديو' })
      .where('id', '=', id)
      .execute();
    await refused(id, leader, 409, RETRY_TEXT.underWay);
    expect(await jobsOf(id)).toEqual([{ state: 'created', source }]);
  });

  it('refuses a video without a file', async () => {
    const { id } = await video();
    await server.db
      .updateTable('videos')
      .set({ source_path: null, duration_seconds: null })
      .where('id', '=', id)
      .execute();
    await refused(id, leader, 409, RETRY_TEXT.noFile);
  });

  it('answers 404 for a video that does not exist', async () => {
    const res = await retry(999_999, leader);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(STAFF_MESSAGES.notFound);
  });

  it('is refused to whoever may not edit the video: a guest, a student, another teacher', async () => {
    const { id } = await failedVideo([ownTeacher.teacherId]);
    const guest = await retry(id, null);
    expect(guest.statusCode).toBe(401);
    const student = await makeStudent(server.db);
    await refused(id, student.token, 403, 'هذا الحساب ليس من حسابات فريق العمل');
    // Another teacher's video is one that does not exist for them (ADR 048).
    await refused(id, otherTeacher, 404, STAFF_MESSAGES.notFound);
    expect(await row(id)).toMatchObject({ transcode_state: 'failed' });

    // The teacher of its course may, as they may edit it.
    const own = await retry(id, ownTeacher.token);
    expect(own.statusCode, own.body).toBe(200);
    expect(await row(id)).toMatchObject({ transcode_state: 'waiting', transcode_error: null });
    expect(await auditOf(id)).toHaveLength(1);
  }, 60_000);
});

describe('on a server that does not transcode', () => {
  let off: TestServer;
  beforeAll(async () => {
    off = await startTestServer({ seed: false });
  }, 120_000);
  afterAll(() => off?.close());

  it('refuses, saying so, and leaves the video as it was', async () => {
    const admin = await makeStaff(off.db, 'admin');
    const course = await makeCourse(off, { lectures: 1 });
    const { id } = await off.db
      .selectFrom('videos')
      .select('id')
      .where('lecture_id', '=', course.lectures[0]!.id)
      .executeTakeFirstOrThrow();
    await off.db
      .updateTable('videos')
      .set({ transcode_state: 'failed', transcode_error: 'تعذّر تحويل الفيديو' })
      .where('id', '=', id)
      .execute();
    const res = await off.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/videos/${id}/transcode`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RETRY_TEXT.off);
    expect(
      await off.db
        .selectFrom('videos')
        .select(['transcode_state', 'transcode_error'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ transcode_state: 'failed', transcode_error: 'تعذّر تحويل الفيديو' });
  });
});
