import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  endpoints,
  staffGrantResponseSchema,
  staffListResponse,
  staffStudentCourseSchema,
  staffStudentDetailSchema,
  staffStudentPurchaseSchema,
  staffStudentSchema,
  staffStudentSessionSchema,
  staffStudentTransactionSchema,
  type EndpointDef,
} from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeCourse, makeLecture } from '../factories/courses';
import { makeExam } from '../factories/exams';
import { makeGrade } from '../factories/catalog';
import { studentClient } from '../denial-client';
import { lastCodeTo } from '../outbox';
import { makeStaff } from './staff-factory';

/**
 * Students in the staff API (issue 13, ADR 029): search, a student's page and its tabs, the
 * password-reset mail, block and unblock (a blocked student is refused on every call), grants
 * without payment; leaders read, admins change; every change audited.
 */

let server: TestServer;
let leader: TestStudent;
let admin: TestStudent;
let as: ReturnType<typeof studentClient>;

beforeAll(async () => {
  server = await startTestServer();
  as = studentClient(server);
  leader = await makeStaff(server.db, 'leader');
  admin = await makeStaff(server.db, 'admin', { name: 'مدير الطلاب' });
}, 120_000);
afterAll(() => server?.close());

function staffCall(method: string, url: string, token: string, payload?: object) {
  return server.app.inject({
    method: method as 'GET',
    url: `${API_BASE}/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}
const get = (url: string, token = admin.token) => staffCall('GET', url, token);
const post = (url: string, payload: object = {}, token = admin.token) =>
  staffCall('POST', url, token, payload);

const auditRows = (studentId: number, action: string) =>
  server.db
    .selectFrom('staff_audit_log')
    .selectAll()
    .where('resource', '=', 'students')
    .where('resource_id', '=', String(studentId))
    .where('action', '=', action)
    .execute();

describe('searching students', () => {
  it('finds a student by name, e-mail, phone (Arabic digits too), id or wallet address; never staff', async () => {
    const tag = `${Date.now()}`.slice(-6);
    const student = await makeStudent(server.db, {
      name: `سلمى ${tag}`,
      email: `salma${tag}@dars.test`,
      phone: `0109${tag}9`,
    });
    const row = await server.db
      .selectFrom('users')
      .select('wallet_address')
      .where('id', '=', student.userId)
      .executeTakeFirstOrThrow();
    const arabicDigits = tag.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    for (const q of [
      `سلمى ${tag}`,
      `SALMA${tag}@`,
      `0109${tag}`,
      `٠١٠٩${arabicDigits}`,
      row.wallet_address.toLowerCase(),
      String(student.userId),
    ]) {
      const res = await get(`/students?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      const body = staffListResponse(staffStudentSchema).parse(res.json());
      expect(
        body.data.map((s) => s.id),
        q,
      ).toContain(student.userId);
    }
    const staff = await get(`/students?q=${encodeURIComponent(admin.email)}`);
    expect(staff.json().data).toEqual([]);
    const all = await get('/students?per_page=2');
    expect(all.json().data).toHaveLength(2);
    expect(all.json().meta.total).toBeGreaterThan(2);
    // Newest first by default.
    expect(all.json().data[0].id).toBeGreaterThan(all.json().data[1].id);
  });

  it('filters by grade and by blocked', async () => {
    const grade = await makeGrade(server.db);
    const a = await makeStudent(server.db, { gradeId: grade });
    const b = await makeStudent(server.db, { gradeId: grade });
    expect((await post(`/students/${b.userId}/block`, { reason: 'غش' })).statusCode).toBe(200);
    const inGrade = (await get(`/students?grade_id=${grade}`)).json();
    expect(inGrade.data.map((s: { id: number }) => s.id).sort()).toEqual(
      [a.userId, b.userId].sort(),
    );
    const blocked = (await get(`/students?grade_id=${grade}&blocked=true`)).json();
    expect(blocked.data.map((s: { id: number }) => s.id)).toEqual([b.userId]);
    expect(blocked.data[0]).toMatchObject({ blocked: true, blocked_reason: 'غش' });
  });
});

describe("a student's page", () => {
  it('shows the profile, courses, purchases, exam sessions and ledger', async () => {
    const student = await makeStudent(server.db, { balance: 100, centerName: 'سنتر النور' });
    const lecture = await makeLecture(server, { price: 40, expiryDays: 10 });
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    const exam = await makeExam(server.db);
    await server.db
      .insertInto('exam_sessions')
      .values({
        token: `s-${student.userId}`,
        user_id: student.userId,
        exam_id: exam.id,
        started_at: new Date().toISOString(),
        deadline_at: null,
        finished_at: new Date().toISOString(),
        finished_by: 'student',
        correction_mark: 3,
        total_mark: 5,
        succeeded: 1,
        corrected: 1,
      })
      .execute();

    for (const token of [admin.token, leader.token]) {
      const page = await get(`/students/${student.userId}`, token);
      expect(page.statusCode).toBe(200);
      expect(staffStudentDetailSchema.parse(page.json().data)).toMatchObject({
        id: student.userId,
        balance: 60,
        center_name: 'سنتر النور',
        courses_count: 1,
        purchases_count: 1,
        sessions_count: 1,
        transactions_count: 2,
        blocked: false,
      });
    }
    const courses = staffListResponse(staffStudentCourseSchema).parse(
      (await get(`/students/${student.userId}/courses`)).json(),
    );
    expect(courses.data).toMatchObject([{ id: lecture.course_id, granted: false }]);
    const purchases = staffListResponse(staffStudentPurchaseSchema).parse(
      (await get(`/students/${student.userId}/purchases`)).json(),
    );
    expect(purchases.data).toMatchObject([
      { lecture: { id: lecture.id }, price_paid: 40, pay_by: 'wallet', expired: false },
    ]);
    const sessions = staffListResponse(staffStudentSessionSchema).parse(
      (await get(`/students/${student.userId}/exam-sessions`)).json(),
    );
    expect(sessions.data).toMatchObject([
      { exam: { id: exam.id }, correction_mark: 3, total_mark: 5, succeeded: true },
    ]);
    const ledger = staffListResponse(staffStudentTransactionSchema).parse(
      (await get(`/students/${student.userId}/ledger?per_page=1`)).json(),
    );
    expect(ledger.meta.total).toBe(2);
    expect(ledger.data).toMatchObject([
      { type: 'lecture_purchase', value: -40, balance_after: 60, lecture: { id: lecture.id } },
    ]);
  });

  it('is 404 for a staff account or an unknown id, on the page and every tab', async () => {
    for (const id of [leader.userId, 999_999]) {
      for (const tab of ['', '/courses', '/purchases', '/exam-sessions', '/ledger']) {
        const res = await get(`/students/${id}${tab}`);
        expect(res.statusCode, `${id}${tab}`).toBe(404);
        expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
      }
    }
  });
});

describe('password reset by staff', () => {
  it('mails the student a reset code that the reset flow accepts; audited; leaders refused', async () => {
    const student = await makeStudent(server.db, { password: 'old-password-1' });
    expect(
      (await post(`/students/${student.userId}/password-reset`, {}, leader.token)).statusCode,
    ).toBe(403);
    const res = await post(`/students/${student.userId}/password-reset`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message).toBe('أرسلنا إلى الطالب رسالة برمز استعادة كلمة المرور');
    const code = lastCodeTo(server.config.dataDir, student.email);
    const validated = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/password/reset/validate`,
      headers: WEB_HEADERS,
      payload: { email: student.email, code },
    });
    expect(validated.statusCode, validated.body).toBe(200);
    expect(await auditRows(student.userId, 'password_reset')).toHaveLength(1);
    expect((await post(`/students/${leader.userId}/password-reset`)).statusCode).toBe(404);
  });
});

describe('blocking', () => {
  /** Every call of the contract that needs a bearer token (students' and staff's). */
  const signedInCalls = (Object.entries(endpoints) as [string, EndpointDef][]).filter(
    ([, def]) => def.auth === 'required',
  );
  const optionalCalls = (Object.entries(endpoints) as [string, EndpointDef][]).filter(
    ([, def]) => def.auth === 'optional',
  );

  function call(def: EndpointDef, token: string | null) {
    return server.app.inject({
      method: def.method,
      url: API_BASE + def.path.replace(/:[A-Za-z_]+/g, '1'),
      headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(def.method === 'GET' || def.method === 'DELETE' ? {} : { payload: {} }),
    });
  }

  it('refuses a blocked student everywhere: every signed-in call 401, a public call answers as to a guest, signed links stop', async () => {
    expect(signedInCalls.length).toBeGreaterThanOrEqual(30);
    const student = await makeStudent(server.db, { password: 'right-password-1', balance: 50 });
    const second = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      headers: WEB_HEADERS,
      payload: { login: student.email, password: 'right-password-1' },
    });
    expect(second.statusCode).toBe(200);
    const tokens = [student.token, second.json().token as string];
    // Links signed before the block: a video and a download of a bought lecture.
    const lecture = await makeLecture(server, { price: 10 });
    expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
    const video = await as.firstVideo(lecture.id);
    const { vt } = await as.openVideo(video.id, student.token);
    expect(vt).toBeTruthy();
    const contents = (await as.contents(lecture.id, student.token)).json();
    const downloadUrl: string = contents.attachments[0].url;
    const streamUrl = `${API_BASE}/video/stream/${video.id}?vt=${encodeURIComponent(vt!)}`;
    expect((await server.app.inject({ method: 'GET', url: streamUrl })).statusCode).toBe(200);
    expect((await as.download(downloadUrl)).statusCode).toBe(200);

    const blocked = await post(`/students/${student.userId}/block`, { reason: 'مشاركة الحساب' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data).toMatchObject({ blocked: true, blocked_reason: 'مشاركة الحساب' });

    const problems: string[] = [];
    for (const token of tokens) {
      for (const [name, def] of signedInCalls) {
        // A call the api-contract test lists as not yet served is not walked.
        if (!server.app.hasRoute({ method: def.method, url: API_BASE + def.path })) continue;
        const res = await call(def, token);
        if (res.statusCode !== 401) problems.push(`${name}: ${res.statusCode}`);
      }
      for (const [name, def] of optionalCalls) {
        if (name === 'login' || name === 'register') continue; // asked below / makes an account
        const [asGuest, asBlocked] = [await call(def, null), await call(def, token)];
        if (asGuest.statusCode !== asBlocked.statusCode || asGuest.body !== asBlocked.body) {
          problems.push(`${name}: ${asBlocked.statusCode} (a guest gets ${asGuest.statusCode})`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: streamUrl })).statusCode).toBe(403);
    expect((await as.download(downloadUrl)).statusCode).toBe(403);
    expect((await as.countView(vt!)).statusCode).toBe(403);

    // Sign-in: the right password is told about the block in Arabic; a wrong one learns nothing.
    const login = (password: string) =>
      server.app.inject({
        method: 'POST',
        url: `${API_BASE}/login`,
        headers: WEB_HEADERS,
        payload: { login: student.phone, password },
      });
    const refused = await login('right-password-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('تم إيقاف حسابك، تواصل مع الدعم لمعرفة التفاصيل');
    expect(refused.json().token).toBeUndefined();
    expect((await login('wrong-password-1')).json().code).toBe('INVALID_CREDENTIALS');
    expect(
      await server.db
        .selectFrom('auth_tokens')
        .select('id')
        .where('user_id', '=', student.userId)
        .execute(),
    ).toEqual([]);

    // Blocked twice: 409. Unblocked: signs in again; the old tokens stay dead.
    expect((await post(`/students/${student.userId}/block`)).statusCode).toBe(409);
    const unblocked = await post(`/students/${student.userId}/unblock`);
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().data).toMatchObject({ blocked: false, blocked_reason: null });
    expect((await post(`/students/${student.userId}/unblock`)).statusCode).toBe(409);
    expect((await as.post('/auth/user', student.token)).statusCode).toBe(401);
    const again = await login('right-password-1');
    expect(again.statusCode).toBe(200);
    expect((await as.post('/auth/user', again.json().token)).statusCode).toBe(200);

    const [blockRow] = await auditRows(student.userId, 'block');
    expect(blockRow).toMatchObject({ user_id: admin.userId, user_name: 'مدير الطلاب' });
    expect(JSON.parse(blockRow!.after!)).toMatchObject({ blocked: true });
    expect(await auditRows(student.userId, 'unblock')).toHaveLength(1);
  });

  it('refuses leaders, and staff accounts cannot be blocked', async () => {
    const student = await makeStudent(server.db);
    const byLeader = await post(`/students/${student.userId}/block`, {}, leader.token);
    expect(byLeader.statusCode).toBe(403);
    expect(byLeader.json().message).toBe('ليس لديك صلاحية لهذا الإجراء');
    expect((await as.post('/auth/user', student.token)).statusCode).toBe(200);
    expect((await post(`/students/${leader.userId}/block`)).statusCode).toBe(404);
    expect((await get('/me', leader.token)).statusCode).toBe(200);
    const tooLong = await post(`/students/${student.userId}/block`, { reason: 'س'.repeat(501) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.reason[0]).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('grants', () => {
  it('grants a whole course by joining it, recorded as a grant, without a ledger row; a second grant is 409', async () => {
    const student = await makeStudent(server.db);
    const course = await makeCourse(server, { payType: 'course', price: 300, lectures: 2 });
    const lectureId = course.lectures[0]!.id;
    expect((await as.contents(lectureId, student.token)).statusCode).toBe(403);
    const res = await post(`/students/${student.userId}/grants`, {
      course_id: course.id,
      comment: 'منحة تفوق',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffGrantResponseSchema.parse(res.json()).data).toEqual({
      student_id: student.userId,
      course_id: course.id,
      enrolled: true,
      lecture_ids: [],
      cash_amount: null,
    });
    expect((await as.contents(lectureId, student.token)).statusCode).toBe(200);
    expect(await as.ledger(student.userId)).toEqual([]);
    const courses = (await get(`/students/${student.userId}/courses`)).json();
    expect(courses.data).toMatchObject([
      { id: course.id, granted: true, granted_by: 'مدير الطلاب', pay_by: 'grant', price_paid: 0 },
    ]);
    const again = await post(`/students/${student.userId}/grants`, { course_id: course.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('الطالب لديه هذه الدورة بالفعل');
    const [row] = await auditRows(student.userId, 'grant');
    expect(JSON.parse(row!.after!)).toMatchObject({ course_id: course.id, comment: 'منحة تفوق' });
    expect(await auditRows(student.userId, 'grant')).toHaveLength(1);
  });

  it('grants a lecture as a purchase paid by grant (expiry from now), and a lecture-sold course lecture by lecture', async () => {
    const student = await makeStudent(server.db);
    const course = await makeCourse(server, {
      payType: 'lectures',
      lectures: [{ price: 20, expiryDays: 7 }, { price: 30 }, { price: 40 }],
    });
    const [first, second, third] = course.lectures;
    const one = await post(`/students/${student.userId}/grants`, { lecture_id: first!.id });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({
      student_id: student.userId,
      course_id: course.id,
      enrolled: true,
      lecture_ids: [first!.id],
      cash_amount: null,
    });
    expect((await as.contents(first!.id, student.token)).statusCode).toBe(200);
    expect((await as.contents(second!.id, student.token)).statusCode).toBe(403);
    const [bought] = await as.purchases(student.userId, first!.id);
    expect(bought).toMatchObject({ price_paid: 0, pay_by: 'grant', granted_by: admin.userId });
    const days = (Date.parse(bought!.expires_at!) - Date.parse(bought!.created_at)) / 86_400_000;
    expect(Math.round(days)).toBe(7);
    expect(
      (await post(`/students/${student.userId}/grants`, { lecture_id: first!.id })).statusCode,
    ).toBe(409);

    // The whole course: the lectures not held yet.
    const all = await post(`/students/${student.userId}/grants`, { course_id: course.id });
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toMatchObject({
      enrolled: false,
      lecture_ids: [second!.id, third!.id],
    });
    expect((await as.contents(third!.id, student.token)).statusCode).toBe(200);
    expect(
      (await post(`/students/${student.userId}/grants`, { course_id: course.id })).statusCode,
    ).toBe(409);
    // An expired lecture may be granted again.
    await as.expirePurchase(student.userId, first!.id);
    expect(
      (await post(`/students/${student.userId}/grants`, { lecture_id: first!.id })).statusCode,
    ).toBe(200);
    const purchases = (await get(`/students/${student.userId}/purchases`)).json();
    expect(purchases.meta.total).toBe(4);
    expect(purchases.data[0]).toMatchObject({ pay_by: 'grant', granted_by: 'مدير الطلاب' });
    expect(await as.ledger(student.userId)).toEqual([]);
  });

  it('refuses a lecture of a whole-course course, unknown targets, both or neither, and leaders', async () => {
    const student = await makeStudent(server.db);
    const whole = await makeCourse(server, { payType: 'course', price: 100, lectures: 1 });
    const follows = await post(`/students/${student.userId}/grants`, {
      lecture_id: whole.lectures[0]!.id,
    });
    expect(follows.statusCode).toBe(409);
    expect(follows.json().message).toBe('محاضرات هذه الدورة تتبع الدورة نفسها؛ امنح الدورة كاملة');
    const unknown = await post(`/students/${student.userId}/grants`, { course_id: 999_999 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.course_id).toEqual(['الدورة غير موجودة']);
    for (const body of [{}, { course_id: whole.id, lecture_id: whole.lectures[0]!.id }]) {
      const res = await post(`/students/${student.userId}/grants`, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.course_id).toEqual(['اختر دورة أو محاضرة واحدة']);
    }
    expect(
      (await post(`/students/${student.userId}/grants`, { course_id: whole.id }, leader.token))
        .statusCode,
    ).toBe(403);
    expect(
      (await post(`/students/${leader.userId}/grants`, { course_id: whole.id })).statusCode,
    ).toBe(404);
    expect(await as.joined(student.userId, whole.id)).toBe(false);
    expect(await auditRows(student.userId, 'grant')).toEqual([]);
  });
});
