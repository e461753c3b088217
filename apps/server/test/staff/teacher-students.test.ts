import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeTeacher } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { makeExam } from '../factories/exams';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeStaff } from './staff-factory';

/**
 * A teacher's students (issue 27, ADR 048), against rows this test makes, every figure by hand:
 * course X taught by أحمد and بسمة, Y by أحمد alone, Z by بسمة alone, each with an exam.
 * منى joined X then Y, holds X's first lecture, scored 7 of 8 in X's exam and 3 of 4 in Y's;
 * سلمى joined Z only; ياسر joined Y, and sat Z's exam (full marks) without joining Z.
 */

let server: TestServer;
let admin: string;
let leader: string;
let ahmed: { teacher: number; token: string };
let basma: { teacher: number; token: string };
let ids: { x: number; y: number; z: number };
let mona: TestStudent;
let salma: TestStudent;
let yasser: TestStudent;

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
      pay_by: 'wallet',
      price_paid: 0,
    })
    .execute();
}

async function examOf(course: number) {
  const exam = await makeExam(server.db);
  await server.db
    .updateTable('exams')
    .set({ course_id: course })
    .where('id', '=', exam.id)
    .execute();
  return exam.id;
}

let sessions = 0;
async function sat(student: TestStudent, exam: number, mark: number, total: number, at: string) {
  sessions += 1;
  await server.db
    .insertInto('exam_sessions')
    .values({
      token: `teacher-students-${sessions}`,
      user_id: student.userId,
      exam_id: exam,
      started_at: at,
      deadline_at: null,
      finished_at: at,
      finished_by: 'student',
      correction_mark: mark,
      total_mark: total,
      succeeded: 1,
      corrected: 1,
    })
    .execute();
}

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  admin = (await makeStaff(server.db, 'admin')).token;
  leader = (await makeStaff(server.db, 'leader')).token;
  const a = await makeTeacher(server.db, { name: 'أ. أحمد' });
  const b = await makeTeacher(server.db, { name: 'أ. بسمة' });
  ahmed = { teacher: a, token: (await makeStaff(server.db, 'teacher', { teacherId: a })).token };
  basma = { teacher: b, token: (await makeStaff(server.db, 'teacher', { teacherId: b })).token };
  const x = await makeCourse(server, { teacherIds: [a, b], payType: 'lectures', lectures: 2 });
  const y = await makeCourse(server, { teacherIds: [a] });
  const z = await makeCourse(server, { teacherIds: [b] });
  ids = { x: x.id, y: y.id, z: z.id };
  mona = await makeStudent(server.db, { name: 'منى', phone: '01011110001' });
  salma = await makeStudent(server.db, { name: 'سلمى', phone: '01011110002' });
  // ياسر has not chosen his grade yet.
  yasser = await makeStudent(server.db, { name: 'ياسر', phone: '01011110003', gradeId: null });
  await join(mona, x.id, '2026-10-01T10:00:00.000Z');
  await join(mona, y.id, '2026-10-05T10:00:00.000Z');
  await server.db
    .insertInto('lecture_purchases')
    .values({
      user_id: mona.userId,
      lecture_id: x.lectures[0]!.id,
      price_paid: 5_000,
      pay_by: 'wallet',
      created_at: '2026-10-01T10:00:00.000Z',
      expires_at: null,
    })
    .execute();
  await join(salma, z.id, '2026-10-02T10:00:00.000Z');
  await join(yasser, y.id, '2026-10-03T10:00:00.000Z');
  await sat(mona, await examOf(x.id), 7, 8, '2026-10-10T10:00:00.000Z');
  await sat(mona, await examOf(y.id), 3, 4, '2026-10-12T10:00:00.000Z');
  await sat(yasser, await examOf(z.id), 10, 10, '2026-10-11T10:00:00.000Z');
}, 120_000);
afterAll(() => server?.close());

describe('a teacher’s students', () => {
  it('lists the students of أحمد’s courses with what concerns him only, and no money', async () => {
    const res = await get(`/staff/teachers/${ahmed.teacher}/students`, ahmed.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBe(2);
    const [first, second] = res.json().data;
    // By name: منى before ياسر.
    expect(first).toEqual({
      id: mona.userId,
      name: 'منى',
      phone: '01011110001',
      grade: { id: expect.any(Number), name: expect.any(String) },
      courses: [
        { id: ids.x, name: expect.any(String) },
        { id: ids.y, name: expect.any(String) },
      ],
      first_joined_at: '2026-10-01T10:00:00.000Z',
      lectures: 1,
      exams_taken: 2,
      // (7/8 = 87.5 % + 3/4 = 75 %) / 2 = 81.25 → 81.3
      average_score: 81.3,
      last_exam_at: '2026-10-12T10:00:00.000Z',
    });
    // Z's exam is بسمة's: not in his figures.
    expect(second).toMatchObject({
      id: yasser.userId,
      grade: null,
      courses: [{ id: ids.y, name: expect.any(String) }],
      exams_taken: 0,
      average_score: null,
      last_exam_at: null,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/balance|wallet|email/);
  });

  it('gives بسمة hers: X’s and Z’s students, X’s exam only', async () => {
    const res = await get(`/staff/teachers/${basma.teacher}/students`, basma.token);
    const rows = res.json().data as { id: number; average_score: number | null }[];
    // سلمى before منى by name; ياسر sat Z's exam but joined none of her courses.
    expect(rows.map((r) => r.id)).toEqual([salma.userId, mona.userId]);
    expect(rows[1]!.average_score).toBe(87.5);
  });

  it('filters by one of the teacher’s courses and by name or phone (Arabic digits too)', async () => {
    const onY = await get(`/staff/teachers/${ahmed.teacher}/students?course_id=${ids.y}`, admin);
    expect(onY.json().data.map((r: { id: number }) => r.id)).toEqual([mona.userId, yasser.userId]);
    const notHis = await get(
      `/staff/teachers/${ahmed.teacher}/students?course_id=${ids.z}`,
      ahmed.token,
    );
    expect(notHis.json()).toEqual({ data: [], meta: { total: 0 } });
    const byPhone = await get(
      `/staff/teachers/${ahmed.teacher}/students?q=${encodeURIComponent('٠٠٠٣')}`,
      ahmed.token,
    );
    expect(byPhone.json().data.map((r: { id: number }) => r.id)).toEqual([yasser.userId]);
    // A phone typed in groups, with a dash and spaces around: the digits are what match.
    const grouped = await get(
      `/staff/teachers/${ahmed.teacher}/students?q=${encodeURIComponent(' 1111-0003 ')}`,
      ahmed.token,
    );
    expect(grouped.json().data.map((r: { id: number }) => r.id)).toEqual([yasser.userId]);
  });

  it('is the teacher’s own: another teacher’s answers 404; the admin and leaders read any', async () => {
    expect((await get(`/staff/teachers/${basma.teacher}/students`, ahmed.token)).statusCode).toBe(
      404,
    );
    expect(
      (await get(`/staff/teachers/${basma.teacher}/students.csv`, ahmed.token)).statusCode,
    ).toBe(404);
    expect((await get(`/staff/teachers/${basma.teacher}/students`, leader)).statusCode).toBe(200);
    expect((await get('/staff/teachers/999999/students', admin)).statusCode).toBe(404);
  });

  it('exports the list in Arabic, as Excel opens it', async () => {
    const res = await get(`/staff/teachers/${ahmed.teacher}/students.csv`, ahmed.token);
    expect(res.statusCode).toBe(200);
    const rows = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(rows[0]).toBe(
      'رقم الطالب,الاسم,الهاتف,الصف,الدورات,أول انضمام,المحاضرات,الامتحانات,متوسط الدرجات %,آخر امتحان',
    );
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="teacher-${ahmed.teacher}-students.csv"`,
    );
    expect(rows).toHaveLength(3);
    expect(rows[1]).toMatch(new RegExp(`^${mona.userId},منى,01011110001,[^,]+,`));
    expect(rows[1]).toMatch(/,1,2,81\.3,2026-10-12T10:00:00\.000Z$/);
    const [courseX, courseY] = (
      await server.db
        .selectFrom('courses')
        .select('name')
        .where('id', 'in', [ids.x, ids.y])
        .orderBy('id')
        .execute()
    ).map((c) => c.name);
    expect(rows[1]).toContain(`,${courseX}، ${courseY},`);
    // ياسر: no grade, no exam: empty cells, not words.
    expect(rows[2]).toBe(
      `${yasser.userId},ياسر,01011110003,,${courseY},2026-10-03T10:00:00.000Z,0,0,,`,
    );
  });
});
