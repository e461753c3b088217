import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, endpoints, type EndpointDef } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeCourse } from '../factories/courses';
import { makePendingRecharge, makeStaff } from './staff-factory';
import { STAFF_ROLE_TABLE, VIDEO_UPLOAD_ROLE_TABLE } from './staff-role-table';

/**
 * The role matrix of ADR 022 on every staff call, each call's role taken from the hand-written
 * table of staff-role-table.ts (the product's rules), never from the contract: a guest gets
 * 401, a student 403, a leader 403 on the admin's calls and in on the rest, a teacher 403 on
 * every call not opened to teachers (ADR 048), an admin in everywhere. "In" means past the role check: any answer but 401/403, and never a 5xx. The
 * rules that depend on the body (prices, approving above the claim) are tested on both sides.
 */

let server: TestServer;
let tokens: { student: string; leader: string; admin: string; teacher: string };

beforeAll(async () => {
  server = await startTestServer();
  tokens = {
    student: (await makeStudent(server.db)).token,
    leader: (await makeStaff(server.db, 'leader')).token,
    admin: (await makeStaff(server.db, 'admin')).token,
    teacher: (await makeStaff(server.db, 'teacher')).token,
  };
}, 120_000);
afterAll(() => server?.close());

const NOT_STAFF = 'هذا الحساب ليس من حسابات فريق العمل';
const FORBIDDEN = 'ليس لديك صلاحية لهذا الإجراء';
const PRICES = 'تعديل الأسعار متاح للمدير فقط';
const ABOVE_CLAIM = 'قبول مبلغ أكبر مما طلبه الطالب متاح للمدير فقط';

/**
 * The calls a teacher may make (ADR 048), written here by hand from the ADR, not read from the
 * contract: their own sign-in; the school's grades and categories (read); their own profile;
 * their courses' content, exams, question banks, draw rules, students' exam time and attempts,
 * marking, results and item analysis. Every other call refuses a teacher whatever its role
 * (settings, money, students, support, accounts, the audit log, the slider, and
 * making or removing teacher profiles). What is theirs is teacher-scope.test.ts's.
 */
const TEACHER_OPEN = new Set([
  'GET /staff/me',
  'POST /staff/logout',
  'GET /staff/grades',
  'GET /staff/grades/:id',
  'GET /staff/categories',
  'GET /staff/categories/:id',
  'GET /staff/teachers',
  'GET /staff/teachers/:id',
  'PATCH /staff/teachers/:id',
  'POST /staff/teachers/:id/avatar',
  'POST /staff/teachers/:id/banner',
  'GET /staff/teachers/:id/statement',
  'GET /staff/teachers/:id/statement.csv',
  'GET /staff/teachers/:id/students',
  'GET /staff/teachers/:id/students.csv',
  // Progress in their own courses (progress-staff.test.ts).
  'GET /staff/courses/:id/progress',
  'GET /staff/courses/:id/progress.csv',
  'GET /staff/students/:id/progress',
  // The dashboard, of their own courses (teacher-statements.test.ts).
  'GET /staff/stats',
  // The tickets about their own courses (teacher-support.test.ts).
  'GET /staff/support-tickets',
  'GET /staff/support-tickets/:id',
  'POST /staff/support-tickets/:id/replies',
  'POST /staff/support-tickets/:id/close',
  'POST /staff/support-tickets/:id/reopen',
  'GET /staff/courses',
  'GET /staff/courses/:id',
  'GET /staff/courses.csv',
  'POST /staff/courses',
  'PATCH /staff/courses/:id',
  'DELETE /staff/courses/:id',
  'POST /staff/courses/:id/image',
  'POST /staff/courses/:id/lectures/order',
  'GET /staff/lectures',
  'GET /staff/lectures/:id',
  'POST /staff/lectures',
  'PATCH /staff/lectures/:id',
  'DELETE /staff/lectures/:id',
  'GET /staff/videos',
  'GET /staff/videos/:id',
  'POST /staff/videos',
  'PATCH /staff/videos/:id',
  'DELETE /staff/videos/:id',
  'POST /staff/videos/:id/transcode',
  'GET /staff/attachments',
  'GET /staff/attachments/:id',
  'POST /staff/attachments',
  'PATCH /staff/attachments/:id',
  'DELETE /staff/attachments/:id',
  'GET /staff/exams',
  'GET /staff/exams/:id',
  'POST /staff/exams',
  'PATCH /staff/exams/:id',
  'DELETE /staff/exams/:id',
  'GET /staff/questions',
  'GET /staff/questions/:id',
  'POST /staff/questions',
  'PATCH /staff/questions/:id',
  'DELETE /staff/questions/:id',
  'POST /staff/questions/:id/image',
  'POST /staff/questions/:id/explain-image',
  'POST /staff/questions/:id/regrade',
  'GET /staff/lecture-exams',
  'GET /staff/lecture-exams/:id',
  'POST /staff/lecture-exams',
  'PATCH /staff/lecture-exams/:id',
  'DELETE /staff/lecture-exams/:id',
  'GET /staff/exams/:id/item-analysis',
  'GET /staff/exams/:id/item-analysis.csv',
  'GET /staff/exams/:id/results.csv',
  'GET /staff/exams/:id/draw-preview',
  'GET /staff/question-banks',
  'GET /staff/question-banks/:id',
  'POST /staff/question-banks',
  'PATCH /staff/question-banks/:id',
  'DELETE /staff/question-banks/:id',
  'GET /staff/exam-draw-rules',
  'GET /staff/exam-draw-rules/:id',
  'POST /staff/exam-draw-rules',
  'PATCH /staff/exam-draw-rules/:id',
  'DELETE /staff/exam-draw-rules/:id',
  'GET /staff/exam-accommodations',
  'GET /staff/exam-accommodations/:id',
  'POST /staff/exam-accommodations',
  'PATCH /staff/exam-accommodations/:id',
  'DELETE /staff/exam-accommodations/:id',
  'GET /staff/exam-attempt-grants',
  'GET /staff/exam-attempt-grants/:id',
  'POST /staff/exam-attempt-grants',
  'PATCH /staff/exam-attempt-grants/:id',
  'DELETE /staff/exam-attempt-grants/:id',
  'GET /staff/marking',
  'POST /staff/marking/:id',
  'GET /staff/exam-sessions',
  'GET /staff/exam-sessions/:id/events',
  'GET /staff/exam-sessions/:id/answers',
  // The resumable video upload (tus): only for a video of theirs (teacher-scope.test.ts).
  'POST /staff/uploads/videos',
  'PATCH /staff/uploads/videos/:id',
  'HEAD /staff/uploads/videos/:id',
  'DELETE /staff/uploads/videos/:id',
]);

const key = (def: { method: string; path: string }) => `${def.method} ${def.path}`;
const staffCalls = (Object.entries(endpoints) as [string, EndpointDef][]).filter(
  ([, def]) => def.staff !== undefined || def.path.startsWith('/staff/'),
);
// Calls that end the session they are made with go last, each with a token of its own.
const sessionEnding = new Set(['POST /staff/logout']);

function send(method: string, path: string, token: string | null, payload?: object) {
  return server.app.inject({
    method: method as 'POST',
    url: API_BASE + path,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

function call(method: string, path: string, token: string | null) {
  const withIds = path.replace(/:[A-Za-z_]+/g, '1');
  const body = method === 'GET' || method === 'DELETE' || method === 'HEAD' ? undefined : {};
  return send(method, withIds, token, body);
}

/** The role matrix of one call, the role being the table's. */
async function expectRoles(route: string, role: 'leader' | 'admin') {
  const [method, path] = route.split(' ') as [string, string];
  const guest = await call(method, path, null);
  expect(guest.statusCode, `${route} guest`).toBe(401);
  if (method !== 'HEAD') expect(guest.json().message).toMatch(/[\u0600-\u06FF]/);

  const student = await call(method, path, tokens.student);
  expect(student.statusCode, `${route} student`).toBe(403);
  if (method !== 'HEAD') expect(student.json().message).toBe(NOT_STAFF);

  const own = sessionEnding.has(route);
  const leaderToken = own ? (await makeStaff(server.db, 'leader')).token : tokens.leader;
  const leader = await call(method, path, leaderToken);
  if (role === 'admin') {
    expect(leader.statusCode, `${route} leader`).toBe(403);
    expect(leader.json().message).toBe(FORBIDDEN);
  } else {
    expect([401, 403], `${route} leader: ${leader.body.slice(0, 200)}`).not.toContain(
      leader.statusCode,
    );
    expect(leader.statusCode, `${route} leader`).toBeLessThan(500);
  }

  const teacherToken = own ? (await makeStaff(server.db, 'teacher')).token : tokens.teacher;
  const teacher = await call(method, path, teacherToken);
  if (TEACHER_OPEN.has(route)) {
    expect([401, 403], `${route} teacher`).not.toContain(teacher.statusCode);
    expect(teacher.statusCode, `${route} teacher`).toBeLessThan(500);
  } else {
    expect(teacher.statusCode, `${route} teacher`).toBe(403);
    if (method !== 'HEAD') expect(teacher.json().message).toBe(FORBIDDEN);
  }

  const adminToken = own ? (await makeStaff(server.db, 'admin')).token : tokens.admin;
  const admin = await call(method, path, adminToken);
  expect([401, 403], `${route} admin: ${admin.body.slice(0, 200)}`).not.toContain(admin.statusCode);
  expect(admin.statusCode, `${route} admin`).toBeLessThan(500);
  if (method === 'GET' && !path.includes(':')) expect(admin.statusCode, route).toBe(200);
}

describe('the role table', () => {
  it('lists exactly the staff calls of the contract, each with the role the contract gives it', () => {
    const contract = Object.fromEntries(
      staffCalls.map(([, def]) => [key(def), def.staff ?? 'none']),
    );
    expect(Object.keys(contract).sort()).toEqual(Object.keys(STAFF_ROLE_TABLE).sort());
    for (const [route, role] of Object.entries(STAFF_ROLE_TABLE))
      expect(contract[route], route).toBe(role);
  });

  it('has both roles and the sign-in, as the product has them', () => {
    const roles = Object.values(STAFF_ROLE_TABLE);
    // The sign-in, and the invitation's check and acceptance.
    expect(roles.filter((r) => r === 'none')).toHaveLength(3);
    expect(roles.filter((r) => r === 'admin')).toHaveLength(47);
    expect(roles.filter((r) => r === 'leader')).toHaveLength(118);
  });
});

describe('every staff call checks the role on the server', () => {
  const rows = Object.entries(STAFF_ROLE_TABLE).filter(
    (row): row is [string, 'leader' | 'admin'] => row[1] !== 'none',
  );
  it.for(rows)('%s: %s', async ([route, role]) => {
    const [method, path] = route.split(' ') as [string, string];
    // Every row of the table is served (a call declared but not served would be a 404 here).
    expect(server.app.hasRoute({ method: method as 'GET', url: API_BASE + path }), route).toBe(
      true,
    );
    await expectRoles(route, role);
  });

  it.for(Object.entries(VIDEO_UPLOAD_ROLE_TABLE))('%s (tus): %s', async ([route, role]) => {
    await expectRoles(route, role);
  });

  it('signs a teacher in as a teacher; a login with no teacher profile sees no course (ADR 048)', async () => {
    const teacher = await makeStaff(server.db, 'teacher', { password: 'teacher-pass-1' });
    const email = (
      await server.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', teacher.userId)
        .executeTakeFirstOrThrow()
    ).email;
    const login = await send('POST', '/staff/login', null, { email, password: 'teacher-pass-1' });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.user.role).toBe('teacher');
    const token = login.json().data.token as string;
    expect((await send('GET', '/staff/me', token)).json().data.role).toBe('teacher');
    // Not linked to a teacher profile: in, and sees no course of the school's.
    const courses = await send('GET', '/staff/courses', token);
    expect(courses.statusCode, courses.body).toBe(200);
    expect(courses.json().meta.total).toBe(0);
    const settings = await send('GET', '/staff/settings', token);
    expect(settings.statusCode).toBe(403);
    expect(settings.json().message).toBe(FORBIDDEN);
  });

  it('lets no one in without a staff group: a student with group 4 is refused like any student', async () => {
    const other = await makeStudent(server.db);
    await server.db
      .updateTable('users')
      .set({ group_id: 4 })
      .where('id', '=', other.userId)
      .execute();
    const res = await send('GET', '/staff/me', other.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_STAFF);
  });
});

describe('rules that depend on the body', () => {
  const pendingRecharge = (student: TestStudent, piasters: number) =>
    makePendingRecharge(server.db, student.userId, piasters);
  const balanceOf = async (userId: number) =>
    (
      await server.db
        .selectFrom('users')
        .select('balance')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).balance;

  it('a leader approves a recharge up to the claim; above it only an admin', async () => {
    const student = await makeStudent(server.db);
    const approve = (token: string, id: number, payload?: object) =>
      send('POST', `/staff/mobile-payments/${id}/approve`, token, payload);

    // Above the claim by one piaster: a leader is refused and nothing is credited.
    const above = await pendingRecharge(student, 10_000);
    const refused = await approve(tokens.leader, above, { amount: 100.01, note: 'زيادة' });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(ABOVE_CLAIM);
    expect(await balanceOf(student.userId)).toBe(0);
    // The same body from an admin credits 100.01 pounds.
    const byAdmin = await approve(tokens.admin, above, { amount: 100.01, note: 'زيادة' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await balanceOf(student.userId)).toBe(10_001);

    // Exactly the claim, with or without the amount, and less: a leader may.
    const exact = await pendingRecharge(student, 5_000);
    expect((await approve(tokens.leader, exact, { amount: 50 })).statusCode).toBe(200);
    const claim = await pendingRecharge(student, 2_500);
    expect((await approve(tokens.leader, claim)).statusCode).toBe(200);
    const less = await pendingRecharge(student, 3_000);
    const lower = await approve(tokens.leader, less, { amount: 29.99, note: 'رسوم' });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(await balanceOf(student.userId)).toBe(10_001 + 5_000 + 2_500 + 2_999);
  });

  it('a leader may not set a course price; an admin may; the current price sent back is no change', async () => {
    const course = await makeCourse(server, { price: 120, payType: 'course' });
    const leaderNew = await send('POST', '/staff/courses', tokens.leader, {
      name: 'دورة مسعرة',
      pay_type: 'course',
      price: 10,
    });
    expect(leaderNew.statusCode, leaderNew.body).toBe(403);
    expect(leaderNew.json().message).toBe(PRICES);
    const leaderFree = await send('POST', '/staff/courses', tokens.leader, {
      name: 'دورة مجانية',
      pay_type: 'course',
    });
    expect(leaderFree.statusCode, leaderFree.body).toBe(200);

    const leaderChange = await send('PATCH', `/staff/courses/${course.id}`, tokens.leader, {
      price: 99,
    });
    expect(leaderChange.statusCode).toBe(403);
    expect(leaderChange.json().message).toBe(PRICES);
    const same = await send('PATCH', `/staff/courses/${course.id}`, tokens.leader, {
      price: 120,
      name: 'اسم جديد',
    });
    expect(same.statusCode, same.body).toBe(200);
    const byAdmin = await send('PATCH', `/staff/courses/${course.id}`, tokens.admin, {
      price: 99,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const row = await server.db
      .selectFrom('courses')
      .select(['price', 'name'])
      .where('id', '=', course.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price: 9_900, name: 'اسم جديد' });
  });

  it.for([
    ['price', { free: false, price: 15 }],
    ['repurchase_price', { repurchasable: true, repurchase_price: 5 }],
    ['free', { free: true }],
  ] as const)('a leader may not set a lecture’s %s; an admin may', async ([, fields]) => {
    const course = await makeCourse(server, { payType: 'lectures', lectures: 1 });
    const lecture = course.lectures[0]!;
    const created = await send('POST', '/staff/lectures', tokens.leader, {
      course_id: course.id,
      name: 'محاضرة',
      ...fields,
    });
    expect(created.statusCode, created.body).toBe(403);
    expect(created.json().message).toBe(PRICES);
    const changed = await send('PATCH', `/staff/lectures/${lecture.id}`, tokens.leader, fields);
    expect(changed.statusCode, changed.body).toBe(403);
    expect(changed.json().message).toBe(PRICES);
    const byAdmin = await send('PATCH', `/staff/lectures/${lecture.id}`, tokens.admin, fields);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const adminNew = await send('POST', '/staff/lectures', tokens.admin, {
      course_id: course.id,
      name: 'محاضرة',
      ...fields,
    });
    expect(adminNew.statusCode, adminNew.body).toBe(200);
  });

  it('a leader’s dashboard has no money; an admin’s has', async () => {
    const leader = await send('GET', '/staff/stats', tokens.leader);
    expect(leader.statusCode).toBe(200);
    expect(leader.json().data.revenue).toBeNull();
    const admin = await send('GET', '/staff/stats', tokens.admin);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.revenue).not.toBeNull();
  });
});
