import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { API_BASE, endpoints, type EndpointDef } from '@dars/contract';
import {
  scopeTeacherCalls,
  TEACHER_SCOPE_RULES,
} from '../../src/modules/staff/teacher-scope-rules';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeTeacher } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { attachExam, makeExam } from '../factories/exams';
import { makeStudent } from '../factories/students';
import { multipartForm } from '../factories/uploads';
import { makeStaff } from './staff-factory';

/**
 * A teacher's login sees and changes only what is theirs (issue 27, ADR 048): two teachers,
 * each with a course, its lecture, video and attachment, an exam of the course, an exam under
 * the lecture with its alternative, a question bank with a question, a draw rule, a student's
 * extra time and extra attempt, and a finished session with an essay waiting for marking.
 * Every call that names a record answers the other teacher 404 with the words of an id that
 * does not exist, and changes nothing; every list holds exactly the teacher's own rows, its
 * total counting only them. The tables of routes and of what each list holds are written here
 * by hand from the ADR, not read from the server.
 */

let server: TestServer;
let base: string;
let admin: string;
let student: number;

const NOT_FOUND = 'العنصر غير موجود';
const TEACHERS_FORBIDDEN = 'تعديل مدرسي الكورس متاح للإدارة فقط';
const PRICES = 'تعديل الأسعار متاح للمدير فقط';
const REQUIRED = 'هذا الحقل مطلوب';
const NO_VIDEO = 'الفيديو غير موجود، أنشئه أولاً ثم ارفع ملفه';

type World = Awaited<ReturnType<typeof world>>;
let a: World;
let b: World;

async function world(label: string) {
  const db = server.db;
  const teacher = await makeTeacher(db, { name: `أ. ${label}` });
  const login = await makeStaff(db, 'teacher', { teacherId: teacher });
  const course = await makeCourse(server, { teacherIds: [teacher], lectures: 1 });
  const lecture = course.lectures[0]!.id;
  const video = (
    await db
      .selectFrom('videos')
      .select('id')
      .where('lecture_id', '=', lecture)
      .executeTakeFirstOrThrow()
  ).id;
  const attachment = (
    await db
      .selectFrom('attachments')
      .select('id')
      .where('lecture_id', '=', lecture)
      .executeTakeFirstOrThrow()
  ).id;
  // An exam of the course, one under the lecture only, and that one's alternative.
  const exam = await makeExam(db, { general: false, questions: [{ type: 'essay' }] });
  await db.updateTable('exams').set({ course_id: course.id }).where('id', '=', exam.id).execute();
  const underLecture = await makeExam(db, { general: false, questions: [{ type: 'choices' }] });
  const alternative = await makeExam(db, { general: false, questions: [{ type: 'truefalse' }] });
  await attachExam(db, lecture, underLecture.id, { mustPass: true, alternativeId: alternative.id });
  const lectureExam = (
    await db
      .selectFrom('lecture_exams')
      .select('id')
      .where('lecture_id', '=', lecture)
      .executeTakeFirstOrThrow()
  ).id;
  const now = new Date().toISOString();
  const bank = (
    await db
      .insertInto('question_banks')
      .values({ course_id: course.id, name: `بنك ${label}`, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const bankQuestion = (
    await db
      .insertInto('questions')
      .values({
        exam_id: null,
        bank_id: bank,
        position: 0,
        type: 'truefalse',
        text: `سؤال بنك ${label}`,
        image_path: null,
        mark: 1,
        answer_explain_text: null,
        answer_explain_image: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const rule = (
    await db
      .insertInto('exam_draw_rules')
      .values({
        exam_id: underLecture.id,
        bank_id: bank,
        tag: null,
        difficulty: null,
        mark: 1,
        count: 1,
        position: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const accommodation = (
    await db
      .insertInto('exam_accommodations')
      .values({
        user_id: student,
        exam_id: exam.id,
        extra_minutes: 10,
        extra_percent: 0,
        starts_at: null,
        ends_at: null,
        note: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const grant = (
    await db
      .insertInto('exam_attempt_grants')
      .values({
        user_id: student,
        exam_id: exam.id,
        extra_attempts: 1,
        note: null,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const session = (
    await db
      .insertInto('exam_sessions')
      .values({
        token: `scope-${label}-${Date.now()}`,
        user_id: student,
        exam_id: exam.id,
        started_at: now,
        deadline_at: null,
        finished_at: now,
        finished_by: 'student',
        correction_mark: null,
        succeeded: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const answer = (
    await db
      .insertInto('answer_attempts')
      .values({
        session_id: session,
        question_id: exam.questions[0]!.id,
        answer_option_id: null,
        answer_text: `جواب ${label}`,
        image_path: null,
        correct: null,
        correction_mark: null,
        comment: null,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  return {
    token: login.token,
    userId: login.userId,
    ids: {
      teacher,
      course: course.id,
      lecture,
      video,
      attachment,
      exam: exam.id,
      underLecture: underLecture.id,
      alternative: alternative.id,
      examQuestion: exam.questions[0]!.id,
      underLectureQuestion: underLecture.questions[0]!.id,
      alternativeQuestion: alternative.questions[0]!.id,
      choice: underLecture.questions[0]!.right!,
      lectureExam,
      bank,
      bankQuestion,
      rule,
      accommodation,
      grant,
      session,
      answer,
    },
  };
}
type Key = keyof World['ids'];

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  admin = (await makeStaff(server.db, 'admin')).token;
  student = (await makeStudent(server.db)).userId;
  await staggerIds();
  a = await world('أحمد');
  b = await world('بسمة');
}, 120_000);

/**
 * Rows of no teacher, a different number in each table, made first: with every table's ids
 * starting together, a teacher's lecture 1 and video 1 (or bank 1 and draw rule 1) would share
 * an id, and a scope that read one table's ids for another's would still pass.
 */
async function staggerIds() {
  const db = server.db;
  const now = new Date().toISOString();
  const filler = await makeCourse(server, {
    lectures: Array.from({ length: 3 }, () => ({ videos: [], attachments: 0 })),
  });
  const exam = await makeExam(db, { general: false, questions: [{ type: 'essay' }] });
  for (let i = 0; i < 2; i++) {
    await db
      .insertInto('question_banks')
      .values({ course_id: null, name: `بنك عام ${i}`, created_at: now })
      .execute();
    await attachExam(db, filler.lectures[i]!.id, exam.id);
    await db
      .insertInto('exam_attempt_grants')
      .values({
        user_id: student,
        exam_id: exam.id,
        extra_attempts: 1,
        note: null,
        created_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  // Three sessions, four accommodations and five attempt grants in all (one above).
  for (let i = 0; i < 4; i++) {
    const other = (await makeStudent(db)).userId;
    if (i === 3) {
      await db
        .insertInto('exam_attempt_grants')
        .values({
          user_id: other,
          exam_id: exam.id,
          extra_attempts: 1,
          note: null,
          created_at: now,
        })
        .execute();
      await db
        .insertInto('exam_accommodations')
        .values({
          user_id: other,
          exam_id: exam.id,
          extra_minutes: 5,
          extra_percent: 0,
          starts_at: null,
          ends_at: null,
          note: null,
          created_at: now,
        })
        .execute();
      continue;
    }
    await db
      .insertInto('exam_sessions')
      .values({
        token: `filler-${i}-${Date.now()}`,
        user_id: other,
        exam_id: exam.id,
        started_at: now,
        deadline_at: null,
        finished_at: null,
        finished_by: null,
        correction_mark: null,
        succeeded: null,
      })
      .execute();
    await db
      .insertInto('exam_accommodations')
      .values({
        user_id: other,
        exam_id: exam.id,
        extra_minutes: 5,
        extra_percent: 0,
        starts_at: null,
        ends_at: null,
        note: null,
        created_at: now,
      })
      .execute();
    await db
      .insertInto('exam_attempt_grants')
      .values({ user_id: other, exam_id: exam.id, extra_attempts: 1, note: null, created_at: now })
      .execute();
  }
}
afterAll(() => server?.close());

function send(method: string, path: string, token: string, payload?: object) {
  return server.app.inject({
    method: method as 'POST',
    url: API_BASE + path,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const png = () => multipartForm([{ name: 'file', value: PNG, filename: 'a.png' }]);
function sendImage(path: string, token: string) {
  const form = png();
  return server.app.inject({
    method: 'POST',
    url: API_BASE + path,
    headers: { ...WEB_HEADERS, ...form.headers, authorization: `Bearer ${token}` },
    payload: form.payload,
  });
}

/**
 * Every teacher-open call that names a record by its id: the record it names, and a body valid
 * for the call (so the answer is the scope's, not the validation's). Images go as a picture.
 */
const BY_ID: [route: string, key: Key, body?: (w: World) => object][] = [
  ['GET /staff/teachers/:id', 'teacher'],
  ['PATCH /staff/teachers/:id', 'teacher', () => ({ bio: 'نبذة' })],
  ['POST /staff/teachers/:id/avatar', 'teacher'],
  ['POST /staff/teachers/:id/banner', 'teacher'],
  ['GET /staff/courses/:id', 'course'],
  ['PATCH /staff/courses/:id', 'course', () => ({ description: 'وصف جديد' })],
  ['DELETE /staff/courses/:id', 'course'],
  ['POST /staff/courses/:id/image', 'course'],
  ['POST /staff/courses/:id/lectures/order', 'course', (w) => ({ ids: [w.ids.lecture] })],
  ['GET /staff/lectures/:id', 'lecture'],
  ['PATCH /staff/lectures/:id', 'lecture', () => ({ name: 'محاضرة' })],
  ['DELETE /staff/lectures/:id', 'lecture'],
  ['GET /staff/videos/:id', 'video'],
  ['PATCH /staff/videos/:id', 'video', () => ({ name: 'فيديو' })],
  ['DELETE /staff/videos/:id', 'video'],
  ['POST /staff/videos/:id/transcode', 'video'],
  ['GET /staff/attachments/:id', 'attachment'],
  ['PATCH /staff/attachments/:id', 'attachment', () => ({ name: 'ملف' })],
  ['DELETE /staff/attachments/:id', 'attachment'],
  ['GET /staff/exams/:id', 'exam'],
  ['GET /staff/exams/:id', 'underLecture'],
  ['GET /staff/exams/:id', 'alternative'],
  ['PATCH /staff/exams/:id', 'exam', () => ({ description: 'وصف' })],
  ['PATCH /staff/exams/:id', 'underLecture', () => ({ description: 'وصف' })],
  ['DELETE /staff/exams/:id', 'exam'],
  ['GET /staff/exams/:id/item-analysis', 'exam'],
  ['GET /staff/exams/:id/item-analysis.csv', 'exam'],
  ['GET /staff/exams/:id/results.csv', 'exam'],
  ['GET /staff/exams/:id/draw-preview', 'underLecture'],
  ['GET /staff/questions/:id', 'examQuestion'],
  ['GET /staff/questions/:id', 'bankQuestion'],
  ['GET /staff/questions/:id', 'alternativeQuestion'],
  ['PATCH /staff/questions/:id', 'examQuestion', () => ({ text: 'سؤال معدل' })],
  ['PATCH /staff/questions/:id', 'bankQuestion', () => ({ text: 'سؤال معدل' })],
  ['DELETE /staff/questions/:id', 'bankQuestion'],
  ['POST /staff/questions/:id/image', 'examQuestion'],
  ['POST /staff/questions/:id/explain-image', 'examQuestion'],
  ['POST /staff/questions/:id/regrade', 'underLectureQuestion', () => ({ mark: 2 })],
  ['GET /staff/lecture-exams/:id', 'lectureExam'],
  ['PATCH /staff/lecture-exams/:id', 'lectureExam', () => ({ must_pass: false })],
  ['DELETE /staff/lecture-exams/:id', 'lectureExam'],
  ['GET /staff/question-banks/:id', 'bank'],
  ['PATCH /staff/question-banks/:id', 'bank', () => ({ name: 'بنك' })],
  ['DELETE /staff/question-banks/:id', 'bank'],
  ['GET /staff/exam-draw-rules/:id', 'rule'],
  ['PATCH /staff/exam-draw-rules/:id', 'rule', () => ({ count: 1 })],
  ['DELETE /staff/exam-draw-rules/:id', 'rule'],
  ['GET /staff/exam-accommodations/:id', 'accommodation'],
  ['PATCH /staff/exam-accommodations/:id', 'accommodation', () => ({ extra_minutes: 5 })],
  ['DELETE /staff/exam-accommodations/:id', 'accommodation'],
  ['GET /staff/exam-attempt-grants/:id', 'grant'],
  ['PATCH /staff/exam-attempt-grants/:id', 'grant', () => ({ extra_attempts: 2 })],
  ['DELETE /staff/exam-attempt-grants/:id', 'grant'],
  ['POST /staff/marking/:id', 'answer', () => ({ mark: 1 })],
  ['GET /staff/exam-sessions/:id/events', 'session'],
  ['GET /staff/exam-sessions/:id/answers', 'session'],
];

function callById(route: string, key: Key, owner: World, as: string, body?: (w: World) => object) {
  const [method, path] = route.split(' ') as [string, string];
  const url = path.replace(':id', String(owner.ids[key]));
  if (/\/(avatar|banner|image|explain-image)$/.test(path)) return sendImage(url, as);
  return send(
    method,
    url,
    as,
    body?.(owner) ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
  );
}

const auditRowsBy = async (userId: number) =>
  Number(
    (
      await server.db
        .selectFrom('staff_audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** What each list holds for a teacher: their own rows, written from the worlds by hand. */
const LISTS: [path: string, keys: Key[]][] = [
  ['/staff/teachers', ['teacher']],
  ['/staff/courses', ['course']],
  ['/staff/lectures', ['lecture']],
  ['/staff/videos', ['video']],
  ['/staff/attachments', ['attachment']],
  ['/staff/exams', ['exam', 'underLecture', 'alternative']],
  [
    '/staff/questions',
    ['examQuestion', 'underLectureQuestion', 'alternativeQuestion', 'bankQuestion'],
  ],
  ['/staff/lecture-exams', ['lectureExam']],
  ['/staff/question-banks', ['bank']],
  ['/staff/exam-draw-rules', ['rule']],
  ['/staff/exam-accommodations', ['accommodation']],
  ['/staff/exam-attempt-grants', ['grant']],
  ['/staff/marking', ['answer']],
  ['/staff/exam-sessions', ['session']],
];

// First: marking an answer (below) takes it off the marking queue.
describe('lists', () => {
  const idsOf = async (path: string, token: string) => {
    const res = await send('GET', `${path}?per_page=100`, token);
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json() as { data: { id: number }[]; meta: { total: number } };
    return { ids: data.map((row) => row.id).sort((x, y) => x - y), total: meta.total };
  };
  it.for(LISTS)(
    '%s holds only the teacher’s own rows, and counts only them',
    async ([path, keys]) => {
      for (const me of [a, b]) {
        const own = keys.map((k) => me.ids[k]).sort((x, y) => x - y);
        expect(await idsOf(path, me.token)).toEqual({ ids: own, total: own.length });
      }
      // An admin's list has both teachers' rows.
      const all = await idsOf(path, admin);
      for (const k of keys) expect(all.ids).toEqual(expect.arrayContaining([a.ids[k], b.ids[k]]));
    },
  );
});

describe("another teacher's record", () => {
  it.for(BY_ID)(
    '%s (%s) answers 404, as an id that does not exist, and changes nothing',
    async ([route, key, body]) => {
      const before = await auditRowsBy(a.userId);
      const res = await callById(route, key, b, a.token, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(NOT_FOUND);
      expect(await auditRowsBy(a.userId)).toBe(before);
      // B's record is still there for B.
      const [method] = route.split(' ');
      if (method === 'DELETE') {
        const path = route.split(' ')[1]!.replace(':id', String(b.ids[key]));
        expect((await send('GET', path, b.token)).statusCode).toBe(200);
      }
    },
  );

  // A ladder asked for again needs a failed job and a server that transcodes: a teacher's own
  // is done in videos/transcode-retry.test.ts.
  const doneHere = ([route]: (typeof BY_ID)[number]) =>
    !route.startsWith('DELETE') && route !== 'POST /staff/videos/:id/transcode';
  it.for(BY_ID.filter(doneHere))('%s (%s) of their own is done', async ([route, key, body]) => {
    const res = await callById(route, key, a, a.token, body);
    expect(res.statusCode, `${route}: ${res.body.slice(0, 200)}`).toBe(200);
  });
});

describe('the courses export', () => {
  it('holds the teacher’s own course, not another teacher’s', async () => {
    const name = async (w: World) =>
      (
        await server.db
          .selectFrom('courses')
          .select('name')
          .where('id', '=', w.ids.course)
          .executeTakeFirstOrThrow()
      ).name;
    const res = await send('GET', '/staff/courses.csv', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(await name(a));
    expect(res.body).not.toContain(await name(b));
  });
});

describe('ids in a body', () => {
  const refused = async (path: string, payload: object, status = 404) => {
    const before = await auditRowsBy(a.userId);
    const res = await send('POST', path, a.token, payload);
    expect(res.statusCode, res.body).toBe(status);
    expect(await auditRowsBy(a.userId)).toBe(before);
    return res;
  };

  it('cannot put a lecture, a video or an exam into another teacher’s course or lecture', async () => {
    await refused('/staff/lectures', { course_id: b.ids.course, name: 'دخيلة' });
    await refused('/staff/videos', { lecture_id: b.ids.lecture, name: 'دخيل' });
    await refused('/staff/exams', {
      name: 'دخيل',
      exam_code: 'INTRUDE1',
      kind: 'exam',
      course_id: b.ids.course,
    });
    await refused('/staff/questions', {
      exam_id: b.ids.exam,
      type: 'essay',
      text: 'دخيل',
      mark: 1,
    });
    await refused('/staff/questions', {
      bank_id: b.ids.bank,
      type: 'essay',
      text: 'دخيل',
      mark: 1,
    });
    await refused('/staff/question-banks', { course_id: b.ids.course, name: 'دخيل' });
  });

  it('cannot link another teacher’s exam or bank to their own', async () => {
    await refused('/staff/lecture-exams', { lecture_id: a.ids.lecture, exam_id: b.ids.exam });
    await refused('/staff/lecture-exams', {
      lecture_id: a.ids.lecture,
      exam_id: a.ids.exam,
      alternative_exam_id: b.ids.alternative,
    });
    await refused('/staff/exam-draw-rules', {
      exam_id: a.ids.exam,
      bank_id: b.ids.bank,
      count: 1,
      mark: 1,
    });
    await refused('/staff/exam-accommodations', {
      user_id: student,
      exam_id: b.ids.exam,
      extra_minutes: 5,
    });
    await refused('/staff/exam-attempt-grants', {
      user_id: student,
      exam_id: b.ids.exam,
      extra_attempts: 1,
    });
  });

  it('cannot make what belongs to no teacher: a general exam, a school-wide bank, time for every exam', async () => {
    const exam = await refused(
      '/staff/exams',
      { name: 'عام', exam_code: 'GENERAL1', kind: 'exam' },
      422,
    );
    expect(exam.json().errors.course_id).toEqual([REQUIRED]);
    const bank = await refused('/staff/question-banks', { name: 'عام' }, 422);
    expect(bank.json().errors.course_id).toEqual([REQUIRED]);
    const time = await refused(
      '/staff/exam-accommodations',
      { user_id: student, extra_minutes: 5 },
      422,
    );
    expect(time.json().errors.exam_id).toEqual([REQUIRED]);
    // Nor turn their exam into one of no course.
    const patch = await send('PATCH', `/staff/exams/${a.ids.exam}`, a.token, { course_id: null });
    expect(patch.statusCode, patch.body).toBe(422);
  });

  it('cannot attach a file to another teacher’s lecture: nothing is stored', async () => {
    const form = multipartForm([
      { name: 'lecture_id', value: String(b.ids.lecture) },
      { name: 'name', value: 'دخيل' },
      { name: 'file', value: Buffer.from('%PDF-1.4\n%%EOF\n'), filename: 'a.pdf' },
    ]);
    const before = await server.db.selectFrom('attachments').select('id').execute();
    const res = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/attachments`,
      headers: { ...WEB_HEADERS, ...form.headers, authorization: `Bearer ${a.token}` },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(await server.db.selectFrom('attachments').select('id').execute()).toEqual(before);
  });
});

describe('their own courses', () => {
  it('makes a course that lists the teacher, audited as theirs, and not another teacher’s list', async () => {
    const before = await auditRowsBy(a.userId);
    const made = await send('POST', '/staff/courses', a.token, {
      name: 'دورة أحمد',
      pay_type: 'course',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.teacher_ids).toEqual([a.ids.teacher]);
    expect(await auditRowsBy(a.userId)).toBe(before + 1);
    const mine = await send('GET', `/staff/courses/${made.json().data.id}`, a.token);
    expect(mine.statusCode).toBe(200);
    expect((await send('GET', `/staff/courses/${made.json().data.id}`, b.token)).statusCode).toBe(
      404,
    );
    const other = await send('POST', '/staff/courses', a.token, {
      name: 'دورة لغيري',
      pay_type: 'course',
      teacher_ids: [b.ids.teacher],
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(TEACHERS_FORBIDDEN);
  });

  it('cannot change who teaches a course, nor its price; the same list back is no change', async () => {
    const path = `/staff/courses/${a.ids.course}`;
    const add = await send('PATCH', path, a.token, { teacher_ids: [a.ids.teacher, b.ids.teacher] });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(TEACHERS_FORBIDDEN);
    const leave = await send('PATCH', path, a.token, { teacher_ids: [] });
    expect(leave.statusCode).toBe(403);
    const same = await send('PATCH', path, a.token, { teacher_ids: [a.ids.teacher] });
    expect(same.statusCode, same.body).toBe(200);
    const price = await send('PATCH', path, a.token, { price: 99 });
    expect(price.statusCode).toBe(403);
    expect(price.json().message).toBe(PRICES);
    // An admin may do both.
    expect((await send('PATCH', path, admin, { price: 99 })).statusCode).toBe(200);
  });

  it('deletes a video of their own', async () => {
    const made = await send('POST', '/staff/videos', a.token, {
      lecture_id: a.ids.lecture,
      name: 'مؤقت',
    });
    expect(made.statusCode, made.body).toBe(200);
    const gone = await send('DELETE', `/staff/videos/${made.json().data.id}`, a.token);
    expect(gone.statusCode, gone.body).toBe(200);
  });
});

describe('video uploads (tus)', () => {
  const open = (token: string, video: number) =>
    fetch(`${base}${API_BASE}/staff/uploads/videos`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${token}`,
        'upload-length': '1000',
        'upload-metadata': `video_id ${Buffer.from(String(video)).toString('base64')}`,
      },
    });
  it('opens an upload for their own video, and answers another teacher’s as one that does not exist', async () => {
    expect((await open(a.token, a.ids.video)).status).toBe(201);
    const other = await open(a.token, b.ids.video);
    expect(other.status).toBe(422);
    expect(await other.text()).toBe(NO_VIDEO);
  });
});

describe('the rules', () => {
  it('name only calls the contract opens to teachers', () => {
    const open = new Set(
      (Object.values(endpoints) as EndpointDef[])
        .filter((def) => 'teacher' in def && def.teacher === true)
        .map((def) => `${def.method} ${def.path}`),
    );
    for (const route of Object.keys(TEACHER_SCOPE_RULES)) expect(open, route).toContain(route);
  });

  it('stop the start of a server with a call open to teachers and no rule', async () => {
    const app = Fastify();
    scopeTeacherCalls(app, server.db);
    expect(() =>
      app.get('/api/v1/staff/new-thing', { config: { teacher: true } }, async () => ({})),
    ).toThrow('GET /staff/new-thing is open to teachers without a teacher scope rule');
    // A call closed to teachers needs none.
    expect(() => app.get('/api/v1/staff/other-thing', async () => ({}))).not.toThrow();
    await app.close();
  });
});

describe('teacher logins made by the admin', () => {
  const login = async (email: string, password: string) => {
    const res = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/login`,
      headers: WEB_HEADERS,
      payload: { email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { token: string; user: { role: string; teacher_id?: number } };
  };
  const courseIds = async (token: string) =>
    ((await send('GET', '/staff/courses?per_page=100', token)).json().data as { id: number }[]).map(
      (c) => c.id,
    );

  it('makes a teacher’s login for one profile, moves it to another, and makes it a leader', async () => {
    const account = {
      name: 'حساب مدرس',
      email: 'new.teacher@school.example',
      phone: '01234567890',
      role: 'teacher',
      password: 'teacher-pass-1',
    };
    const without = await send('POST', '/staff/accounts', admin, account);
    expect(without.statusCode).toBe(422);
    expect(without.json().errors.teacher_id).toEqual(['اختر المدرس الذي يعمل به هذا الحساب']);
    const nobody = await send('POST', '/staff/accounts', admin, {
      ...account,
      teacher_id: 999_999,
    });
    expect(nobody.statusCode).toBe(422);

    const made = await send('POST', '/staff/accounts', admin, {
      ...account,
      teacher_id: a.ids.teacher,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ role: 'teacher', teacher_id: a.ids.teacher });
    const id = made.json().data.id as number;
    const first = await login(account.email, account.password);
    expect(first.user).toMatchObject({ role: 'teacher', teacher_id: a.ids.teacher });
    expect(await courseIds(first.token)).toContain(a.ids.course);
    expect(await courseIds(first.token)).not.toContain(b.ids.course);
    const teachers = await send('GET', '/staff/accounts?role=teacher&per_page=100', admin);
    expect(teachers.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, teacher_id: a.ids.teacher })]),
    );

    // Moved to بسمة's profile: signed out, then in with her courses only.
    const moved = await send('PATCH', `/staff/accounts/${id}`, admin, {
      teacher_id: b.ids.teacher,
    });
    expect(moved.json().data.teacher_id).toBe(b.ids.teacher);
    expect((await send('GET', '/staff/me', first.token)).statusCode).toBe(401);
    const second = await login(account.email, account.password);
    expect(await courseIds(second.token)).toContain(b.ids.course);
    expect(await courseIds(second.token)).not.toContain(a.ids.course);

    // A leader works as no teacher: the link goes, and the whole school is theirs.
    const leader = await send('PATCH', `/staff/accounts/${id}`, admin, { role: 'leader' });
    expect(leader.json().data).toMatchObject({ role: 'leader', teacher_id: null });
    const third = await login(account.email, account.password);
    expect(await courseIds(third.token)).toEqual(
      expect.arrayContaining([a.ids.course, b.ids.course]),
    );
    const link = await server.db
      .selectFrom('teacher_logins')
      .select('teacher_id')
      .where('user_id', '=', id)
      .executeTakeFirst();
    expect(link).toBeUndefined();
    // Back to a teacher needs a profile again.
    const back = await send('PATCH', `/staff/accounts/${id}`, admin, { role: 'teacher' });
    expect(back.statusCode).toBe(422);
    expect(back.json().errors.teacher_id).toEqual(['اختر المدرس الذي يعمل به هذا الحساب']);
  });
});
