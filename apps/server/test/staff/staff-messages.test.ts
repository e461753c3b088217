import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, staffSendMessageResponseSchema } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeCourse } from '../factories/courses';
import { makeGrade } from '../factories/catalog';
import { makeStaff } from './staff-factory';

/**
 * Messages in the staff API (issue 13, ADR 029): an `admin_message` notification to one
 * student, a grade, a course's students or everyone, in one statement; the general
 * announcement through the settings. Admins only; audited.
 */

let server: TestServer;
let leader: TestStudent;
let admin: TestStudent;

beforeAll(async () => {
  server = await startTestServer();
  leader = await makeStaff(server.db, 'leader');
  admin = await makeStaff(server.db, 'admin');
}, 120_000);
afterAll(() => server?.close());

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
  return server.app.inject({
    method,
    url: `${API_BASE}${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}
const send = (payload: object, token = admin.token) =>
  call('POST', '/staff/messages', token, payload);

/** What the student's bell has: GET /auth/user's notifications. */
async function bell(student: TestStudent) {
  const res = await call('POST', '/auth/user', student.token);
  expect(res.statusCode).toBe(200);
  return res.json().user.notifications as {
    type: string;
    data: { type: string; title: string; content: string; to: string | null };
  }[];
}

async function messagesOf(userId: number, title: string): Promise<number> {
  const rows = await server.db
    .selectFrom('notifications')
    .select('data')
    .where('user_id', '=', userId)
    .where('type', '=', 'admin_message')
    .execute();
  return rows.filter((r) => (JSON.parse(r.data) as { title: string }).title === title).length;
}

describe('messages', () => {
  it('reaches one student, as an admin_message in the bell', async () => {
    const student = await makeStudent(server.db);
    const other = await makeStudent(server.db);
    const res = await send({
      audience: 'student',
      student_id: student.userId,
      title: 'تنبيه',
      content: 'راجع محفظتك',
      to: '/wallet',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(staffSendMessageResponseSchema.parse(res.json()).data).toEqual({ sent: 1 });
    const [first] = await bell(student);
    expect(first).toMatchObject({
      type: 'admin_message',
      data: { type: 'admin_message', title: 'تنبيه', content: 'راجع محفظتك', to: '/wallet' },
    });
    expect(await messagesOf(other.userId, 'تنبيه')).toBe(0);
  });

  it("reaches a grade's and a course's students only, not staff nor blocked students", async () => {
    const grade = await makeGrade(server.db);
    const inGrade = await Promise.all(
      [1, 2, 3].map(() => makeStudent(server.db, { gradeId: grade })),
    );
    const outside = await makeStudent(server.db);
    const blocked = await makeStudent(server.db, { gradeId: grade });
    await call('POST', `/staff/students/${blocked.userId}/block`, admin.token, {});
    const byGrade = await send({
      audience: 'grade',
      grade_id: grade,
      title: 'للصف',
      content: 'نص',
    });
    expect(byGrade.json().data).toEqual({ sent: 3 });
    for (const s of inGrade) expect(await messagesOf(s.userId, 'للصف')).toBe(1);
    expect(await messagesOf(outside.userId, 'للصف')).toBe(0);
    expect(await messagesOf(blocked.userId, 'للصف')).toBe(0);

    const course = await makeCourse(server, { payType: 'lectures', lectures: 1 });
    for (const s of inGrade.slice(0, 2)) {
      const joined = await call('POST', `/courses/${course.id}/join`, s.token);
      expect(joined.statusCode).toBe(200);
    }
    const byCourse = await send({
      audience: 'course',
      course_id: course.id,
      title: 'للدورة',
      content: 'نص',
    });
    expect(byCourse.json().data).toEqual({ sent: 2 });
    expect(await messagesOf(inGrade[2]!.userId, 'للدورة')).toBe(0);
  });

  it('reaches every student in one statement, tens of thousands included', async () => {
    const before = await server.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('group_id', 'is', null)
      .where('blocked_at', 'is', null)
      .executeTakeFirstOrThrow();
    // 20 000 more students, written directly (the factory signs each one in).
    const now = new Date().toISOString();
    const rows = Array.from({ length: 20_000 }, (_, i) => ({
      name: `طالب جماعي ${i}`,
      email: `bulk${i}-${Date.now()}@dars.test`,
      phone: `018${String(i).padStart(8, '0')}`,
      password_hash: '!',
      grade_id: null,
      avatar_path: null,
      group_id: null,
      email_verified_at: now,
      balance: 0,
      wallet_address: `DB${Date.now() % 1000}${String(i).padStart(7, '0')}`,
      center_name: null,
      profile_qr_code: null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await server.db
        .insertInto('users')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    const started = Date.now();
    const res = await send({ audience: 'all', title: 'للجميع', content: 'إعلان' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sent).toBe(Number(before.n) + 20_000);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await messagesOf(admin.userId, 'للجميع')).toBe(0);
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource', '=', 'messages')
      .where('action', '=', 'send')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.user_id).toBe(admin.userId);
    expect(JSON.parse(audit.after!)).toMatchObject({
      audience: 'all',
      title: 'للجميع',
      sent: res.json().data.sent,
    });
  }, 120_000);

  it('refuses leaders, a missing target, an unknown grade, blank text and an outside link (422 Arabic)', async () => {
    const student = await makeStudent(server.db);
    const byLeader = await send(
      { audience: 'student', student_id: student.userId, title: 'x', content: 'y' },
      leader.token,
    );
    expect(byLeader.statusCode).toBe(403);
    const cases: [object, string, string][] = [
      [{ audience: 'grade', title: 'ع', content: 'ن' }, 'grade_id', 'اختر من يصله الإشعار'],
      [
        { audience: 'grade', grade_id: 999_999, title: 'ع', content: 'ن' },
        'grade_id',
        'الصف الدراسي غير موجود',
      ],
      [
        { audience: 'course', course_id: 999_999, title: 'ع', content: 'ن' },
        'course_id',
        'الدورة غير موجودة',
      ],
      [
        { audience: 'student', student_id: admin.userId, title: 'ع', content: 'ن' },
        'student_id',
        'الطالب غير موجود',
      ],
      [{ audience: 'all', title: '  ', content: 'ن' }, 'title', 'هذا الحقل مطلوب'],
      [
        { audience: 'all', title: 'ع', content: 'ن', to: 'https://evil.test' },
        'to',
        'أدخل مساراً داخلياً يبدأ بـ /',
      ],
      [{ audience: 'everyone', title: 'ع', content: 'ن' }, 'audience', 'اختر من يصله الإشعار'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    const grade = await makeGrade(server.db);
    const empty = await send({ audience: 'grade', grade_id: grade, title: 'ع', content: 'ن' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.audience).toEqual(['لا يوجد طلاب يصلهم هذا الإشعار']);
    expect(await messagesOf(student.userId, 'x')).toBe(0);
  });
});

describe('the general announcement', () => {
  it('is set and cleared by an admin, shown in GET /app, audited as a settings change; leaders refused', async () => {
    const text = 'الامتحان الشامل يوم الجمعة';
    expect(
      (await call('PUT', '/staff/announcement', leader.token, { general_announcement: text }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', '/staff/announcement', leader.token)).statusCode).toBe(403);
    const put = await call('PUT', '/staff/announcement', admin.token, {
      general_announcement: text,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({ general_announcement: text });
    expect((await call('GET', '/staff/announcement', admin.token)).json().data).toEqual({
      general_announcement: text,
    });
    const app = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}/app`,
      headers: WEB_HEADERS,
    });
    expect(JSON.stringify(app.json())).toContain(text);
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource', '=', 'settings')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toEqual({ general_announcement: text });
    const cleared = await call('PUT', '/staff/announcement', admin.token, {
      general_announcement: '  ',
    });
    expect(cleared.json().data).toEqual({ general_announcement: null });
    const tooLong = await call('PUT', '/staff/announcement', admin.token, {
      general_announcement: 'س'.repeat(5001),
    });
    expect(tooLong.statusCode).toBe(422);
  });
});
