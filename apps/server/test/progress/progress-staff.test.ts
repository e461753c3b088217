import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeGrade, makeTeacher } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { attachExam, makeExam } from '../factories/exams';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';

/**
 * Staff's progress reports (issue 28, ADR 054) against events this test makes, every figure by
 * hand. Course X (أحمد's): lecture 1 with a 600 s video, a PDF and a homework; lecture 2 with a
 * 300 s video and a PDF. Course Z (بسمة's): one lecture. منى (grade one) watched lecture 1's
 * video to the end (600 s), 150 s of lecture 2's, opened lecture 1's PDF and scored 8/10 in the
 * homework; she also joined Z. سلمى (grade two) watched 300 s of lecture 1's video (50 %) and
 * took nothing. ياسر (grade two) did nothing.
 */

let server: TestServer;
let tokens: { admin: string; leader: string; ahmed: string; basma: string };
let x: Awaited<ReturnType<typeof makeCourse>>;
let z: Awaited<ReturnType<typeof makeCourse>>;
let mona: TestStudent;
let salma: TestStudent;
let yasser: TestStudent;
let grades: { one: number; two: number };
let homework: number;

function get(path: string, token: string) {
  return server.app.inject({
    method: 'GET',
    url: API_BASE + path,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });
}

async function join(student: TestStudent, course: number, at: string) {
  await server.db
    .insertInto('enrollments')
    .values({
      user_id: student.userId,
      course_id: course,
      created_at: at,
      pay_by: 'grant',
      price_paid: 0,
    })
    .execute();
}

async function videoOf(lecture: number) {
  return (
    await server.db
      .selectFrom('videos')
      .select('id')
      .where('lecture_id', '=', lecture)
      .executeTakeFirstOrThrow()
  ).id;
}

async function attachmentOf(lecture: number) {
  return (
    await server.db
      .selectFrom('attachments')
      .select('id')
      .where('lecture_id', '=', lecture)
      .executeTakeFirstOrThrow()
  ).id;
}

const ids = (res: { json(): { data: { id: number }[] } }) =>
  res
    .json()
    .data.map((r) => r.id)
    .sort((a, b) => a - b);

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const a = await makeTeacher(server.db, { name: 'أ. أحمد' });
  const b = await makeTeacher(server.db, { name: 'أ. بسمة' });
  tokens = {
    admin: (await makeStaff(server.db, 'admin')).token,
    leader: (await makeStaff(server.db, 'leader')).token,
    ahmed: (await makeStaff(server.db, 'teacher', { teacherId: a })).token,
    basma: (await makeStaff(server.db, 'teacher', { teacherId: b })).token,
  };
  x = await makeCourse(server, { teacherIds: [a], lectures: 2 });
  z = await makeCourse(server, { teacherIds: [b], lectures: 1 });
  const [l1, l2] = x.lectures;
  await server.db
    .updateTable('videos')
    .set({ duration_seconds: 300 })
    .where('lecture_id', '=', l2!.id)
    .execute();
  homework = (await makeExam(server.db, { kind: 'homework' })).id;
  await attachExam(server.db, l1!.id, homework);
  grades = { one: await makeGrade(server.db), two: await makeGrade(server.db) };
  mona = await makeStudent(server.db, { name: 'منى', phone: '01022220001', gradeId: grades.one });
  salma = await makeStudent(server.db, { name: 'سلمى', phone: '01022220002', gradeId: grades.two });
  yasser = await makeStudent(server.db, {
    name: 'ياسر',
    phone: '01022220003',
    gradeId: grades.two,
  });
  await join(mona, x.id, '2026-10-01T10:00:00.000Z');
  await join(salma, x.id, '2026-10-02T10:00:00.000Z');
  await join(yasser, x.id, '2026-10-03T10:00:00.000Z');
  await join(mona, z.id, '2026-10-04T10:00:00.000Z');
  // The events, through the recorder the player's reports and the downloads feed.
  const recorder = server.app.progress;
  const v1 = await videoOf(l1!.id);
  const v2 = await videoOf(l2!.id);
  for (let i = 0; i < 5; i += 1)
    recorder.videoPlayed({
      userId: mona.userId,
      videoId: v1,
      watched: 120,
      position: 120 * (i + 1),
    });
  recorder.videoPlayed({ userId: mona.userId, videoId: v2, watched: 90, position: 90 });
  recorder.videoPlayed({ userId: mona.userId, videoId: v2, watched: 60, position: 150 });
  recorder.videoPlayed({ userId: salma.userId, videoId: v1, watched: 120, position: 120 });
  recorder.videoPlayed({ userId: salma.userId, videoId: v1, watched: 120, position: 240 });
  recorder.videoPlayed({ userId: salma.userId, videoId: v1, watched: 60, position: 300 });
  recorder.attachmentOpened({
    userId: mona.userId,
    attachmentId: await attachmentOf(l1!.id),
    lectureId: l1!.id,
    token: 'the-download-link',
  });
  await recorder.flush();
  await server.db
    .insertInto('exam_sessions')
    .values({
      token: 'progress-staff-1',
      user_id: mona.userId,
      exam_id: homework,
      started_at: '2026-10-05T09:00:00.000Z',
      deadline_at: null,
      finished_at: '2026-10-05T10:00:00.000Z',
      finished_by: 'student',
      correction_mark: 8,
      total_mark: 10,
      succeeded: 1,
      corrected: 1,
    })
    .execute();
}, 120_000);
afterAll(() => server?.close());

describe('a course’s progress report', () => {
  it('lists every student who joined with their figures, for a leader', async () => {
    const res = await get(`/staff/courses/${x.id}/progress?sort=id`, tokens.leader);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBe(3);
    const [m, s, y] = res.json().data;
    // منى: videos 1 of 2 (600/600 yes, 150/300 = 50 % no), PDFs 1 of 2, exams 1 of 1: 3 of 5 = 60 %.
    expect(m).toMatchObject({
      id: mona.userId,
      name: 'منى',
      phone: '01022220001',
      grade: { id: grades.one },
      summary: {
        videos: { done: 1, total: 2 },
        attachments: { done: 1, total: 2 },
        exams: { done: 1, total: 1 },
        percent: 60,
      },
      // 600 + 150 = 750 s = 12.5 → 12 whole minutes.
      watched_minutes: 12,
      average_score: 80,
      joined_at: '2026-10-01T10:00:00.000Z',
    });
    // Her latest event: a play or the open (written now), or the homework, whichever is later.
    const latest = [
      ...(await server.db
        .selectFrom('video_progress')
        .select('last_at as at')
        .where('user_id', '=', mona.userId)
        .execute()),
      ...(await server.db
        .selectFrom('attachment_opens')
        .select('last_at as at')
        .where('user_id', '=', mona.userId)
        .execute()),
      { at: '2026-10-05T10:00:00.000Z' },
    ]
      .map((r) => r.at)
      .sort()
      .at(-1);
    expect(m.last_activity_at).toBe(latest);
    // سلمى: 300 of 600 s, nothing done of 5: 0 %, 5 minutes.
    expect(s).toMatchObject({
      id: salma.userId,
      summary: { videos: { done: 0, total: 2 }, percent: 0 },
      watched_minutes: 5,
      average_score: null,
    });
    expect(y).toMatchObject({
      id: yasser.userId,
      summary: { videos: { done: 0, total: 2 }, percent: 0 },
      watched_minutes: 0,
      average_score: null,
      last_activity_at: null,
    });
  });

  it('finds who has not watched lecture 1, who has, who missed its homework, who did nothing', async () => {
    const l1 = x.lectures[0]!.id;
    const l2 = x.lectures[1]!.id;
    const report = (q: string) => get(`/staff/courses/${x.id}/progress?${q}`, tokens.admin);
    expect(ids(await report(`lecture_id=${l1}&status=not_watched`))).toEqual([
      salma.userId,
      yasser.userId,
    ]);
    expect(ids(await report(`lecture_id=${l1}&status=watched`))).toEqual([mona.userId]);
    // Lecture 2's video: منى saw 50 % of it.
    expect(ids(await report(`lecture_id=${l2}&status=not_watched`))).toEqual([
      mona.userId,
      salma.userId,
      yasser.userId,
    ]);
    expect(ids(await report(`lecture_id=${l1}&status=missed_exam`))).toEqual([
      salma.userId,
      yasser.userId,
    ]);
    // Lecture 2 has no exam: nobody missed one.
    expect(ids(await report(`lecture_id=${l2}&status=missed_exam`))).toEqual([]);
    expect(ids(await report('status=no_activity'))).toEqual([yasser.userId]);
    expect(ids(await report(`lecture_id=${l2}&status=no_activity`))).toEqual([
      salma.userId,
      yasser.userId,
    ]);
    expect(ids(await report(`grade_id=${grades.two}`))).toEqual([salma.userId, yasser.userId]);
    expect(ids(await report('q=01022220003'))).toEqual([yasser.userId]);
    // One lecture's figures only.
    const one = (await report(`lecture_id=${l2}&sort=id`)).json().data[0];
    expect(one.summary).toEqual({
      videos: { done: 0, total: 1 },
      attachments: { done: 0, total: 1 },
      exams: { done: 0, total: 0 },
      percent: 0,
    });
    expect(one.watched_minutes).toBe(2);
    const paged = await report('sort=id&per_page=2&page=2');
    expect(paged.json().meta.total).toBe(3);
    expect(ids(paged)).toEqual([yasser.userId]);
  });

  it('answers 404 for a lecture of another course and for a course that does not exist', async () => {
    const other = await get(
      `/staff/courses/${x.id}/progress?lecture_id=${z.lectures[0]!.id}`,
      tokens.admin,
    );
    expect(other.statusCode).toBe(404);
    expect((await get('/staff/courses/999999/progress', tokens.admin)).statusCode).toBe(404);
  });

  it('opens a teacher’s own course to their login, and not another teacher’s (404)', async () => {
    const own = await get(`/staff/courses/${x.id}/progress`, tokens.ahmed);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().meta.total).toBe(3);
    expect((await get(`/staff/courses/${z.id}/progress`, tokens.ahmed)).statusCode).toBe(404);
    expect((await get(`/staff/courses/${x.id}/progress`, tokens.basma)).statusCode).toBe(404);
    expect((await get(`/staff/courses/${x.id}/progress.csv`, tokens.basma)).statusCode).toBe(404);
  });

  it('refuses a student’s token', async () => {
    const res = await get(`/staff/courses/${x.id}/progress`, mona.token);
    expect(res.statusCode).toBe(403);
    expect((await get(`/staff/students/${mona.userId}/progress`, mona.token)).statusCode).toBe(403);
  });

  it('exports the same rows as CSV with Arabic headers', async () => {
    const res = await get(`/staff/courses/${x.id}/progress.csv?sort=id`, tokens.ahmed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="course-${x.id}-progress.csv"`,
    );
    const lines = res.body.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(
      '\uFEFFرقم الطالب,الاسم,الهاتف,هاتف ولي الأمر,الصف,الفيديوهات المشاهدة,عدد الفيديوهات,الملفات المفتوحة,عدد الملفات,الامتحانات المحلولة,عدد الامتحانات,نسبة الإنجاز %,دقائق المشاهدة,متوسط الدرجات %,آخر نشاط,تاريخ الانضمام',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${mona.userId},منى,01022220001,,[^,]+,1,2,1,2,1,1,60,12,80,[^,]+,2026-10-01T10:00:00.000Z$`,
      ),
    );
    const filtered = await get(
      `/staff/courses/${x.id}/progress.csv?status=no_activity`,
      tokens.leader,
    );
    expect(filtered.body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('writes no audit row: these are reads', async () => {
    const count = async () =>
      Number(
        (
          await server.db
            .selectFrom('staff_audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await get(`/staff/courses/${x.id}/progress`, tokens.admin);
    await get(`/staff/courses/${x.id}/progress.csv`, tokens.admin);
    await get(`/staff/students/${mona.userId}/progress`, tokens.admin);
    expect(await count()).toBe(before);
  });
});

describe('a student’s progress report', () => {
  it('shows every course the student joined to the school', async () => {
    const res = await get(`/staff/students/${mona.userId}/progress`, tokens.leader);
    expect(res.statusCode, res.body).toBe(200);
    const { student, courses } = res.json().data;
    expect(student).toEqual({ id: mona.userId, name: 'منى' });
    expect(courses.map((c: { course: { id: number } }) => c.course.id)).toEqual([x.id, z.id]);
    expect(courses[0].summary.percent).toBe(60);
    expect(courses[0].lectures[0].exams[0]).toMatchObject({
      id: homework,
      kind: 'homework',
      taken: true,
      score_percent: 80,
      passed: true,
    });
  });

  it('keeps a teacher to their own courses, and 404 for a student of none of them', async () => {
    const ahmed = await get(`/staff/students/${mona.userId}/progress`, tokens.ahmed);
    expect(ahmed.statusCode, ahmed.body).toBe(200);
    expect(ahmed.json().data.courses.map((c: { course: { id: number } }) => c.course.id)).toEqual([
      x.id,
    ]);
    const basma = await get(`/staff/students/${mona.userId}/progress`, tokens.basma);
    expect(basma.json().data.courses.map((c: { course: { id: number } }) => c.course.id)).toEqual([
      z.id,
    ]);
    expect((await get(`/staff/students/${yasser.userId}/progress`, tokens.basma)).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for no such student, and for a staff account', async () => {
    expect((await get('/staff/students/999999/progress', tokens.admin)).statusCode).toBe(404);
    const staff = await makeStaff(server.db, 'leader');
    expect((await get(`/staff/students/${staff.userId}/progress`, tokens.admin)).statusCode).toBe(
      404,
    );
  });
});
