import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { hashToken } from '../../src/lib/tokens';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeStaff } from './staff-factory';

/**
 * A student's devices on the student's page in the console (issue 28, ADR 051): leaders read
 * them, admins sign one device or every session out and reset the devices, each change one
 * audit row on the student naming who made it; teachers reach none of it. Texts by hand.
 */

const PASSWORD = 'device-pass-2';
let server: TestServer;
let admin: TestStudent;
let leader: TestStudent;
let teacher: TestStudent;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  admin = await makeStaff(server.db, 'admin', { name: 'مديرة الأجهزة' });
  leader = await makeStaff(server.db, 'leader');
  teacher = await makeStaff(server.db, 'teacher');
}, 120_000);
afterAll(() => server?.close());

let n = 0;
const newDevice = () => `staff-test-device-${Date.now().toString(36)}-${++n}`;

function call(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) {
  return server.app.inject({
    method,
    url: API_BASE + url,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function signIn(student: TestStudent, device: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: `${API_BASE}/login`,
    headers: { ...WEB_HEADERS, 'app-device': device },
    payload: { login: student.email, password: PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const works = async (token: string) => (await call('POST', '/auth/user', token)).statusCode;
const auditRows = (studentId: number) =>
  server.db
    .selectFrom('staff_audit_log')
    .selectAll()
    .where('resource', '=', 'students')
    .where('resource_id', '=', String(studentId))
    .orderBy('id')
    .execute();

/** A student signed in on a phone and a laptop (and the factory's session, with no device). */
async function studentOnTwoDevices() {
  const student = await makeStudent(server.db, { password: PASSWORD });
  const phone = await signIn(student, newDevice());
  const laptop = await signIn(student, newDevice());
  return { student, phone, laptop };
}

describe('a student’s devices for staff', () => {
  it('are read by leaders and admins, with no device marked as the one asking', async () => {
    const { student } = await studentOnTwoDevices();
    for (const token of [leader.token, admin.token]) {
      const res = await call('GET', `/staff/students/${student.userId}/devices`, token);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.max_devices).toBeNull();
      expect(data.used).toBe(3);
      expect(data.devices.map((d: { current: boolean }) => d.current)).toEqual([
        false,
        false,
        false,
      ]);
    }
    expect(
      (await call('GET', `/staff/students/${student.userId}/devices`, teacher.token)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/staff/students/${student.userId}/devices`, student.token)).statusCode,
    ).toBe(403);
    const missing = await call('GET', '/staff/students/999999/devices', admin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('الطالب غير موجود');
    // A staff account is no student.
    expect(
      (await call('GET', `/staff/students/${leader.userId}/devices`, admin.token)).statusCode,
    ).toBe(404);
  });

  it('an admin signs one device out: exactly its session ends, audited', async () => {
    const { student, phone, laptop } = await studentOnTwoDevices();
    const list = (
      await call('GET', `/staff/students/${student.userId}/devices`, admin.token)
    ).json().data.devices as { device_id: number | null; session_id: number | null }[];
    const laptopId = (
      await server.db
        .selectFrom('auth_tokens')
        .select('device_id')
        .where('token_hash', '=', hashToken(laptop))
        .executeTakeFirstOrThrow()
    ).device_id;
    expect(list.some((d) => d.device_id === laptopId)).toBe(true);

    const byLeader = await call(
      'POST',
      `/staff/students/${student.userId}/devices/sign-out`,
      leader.token,
      {
        device_id: laptopId,
      },
    );
    expect(byLeader.statusCode).toBe(403);
    expect(await works(laptop)).toBe(200);

    const res = await call(
      'POST',
      `/staff/students/${student.userId}/devices/sign-out`,
      admin.token,
      {
        device_id: laptopId,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('تم تسجيل الخروج من الجهاز');
    expect(await works(laptop)).toBe(401);
    expect(await works(phone)).toBe(200);
    expect(await works(student.token)).toBe(200);
    const [row] = await auditRows(student.userId);
    expect(row).toMatchObject({
      user_id: admin.userId,
      user_name: 'مديرة الأجهزة',
      action: 'sign_out_device',
      resource: 'students',
    });
    expect(JSON.parse(row!.before!)).toHaveLength(3);
    expect(JSON.parse(row!.after!)).toHaveLength(2);

    // Another student's device, through this student's page: 404 and nothing changes.
    const other = await studentOnTwoDevices();
    const otherDevice = (
      await server.db
        .selectFrom('auth_tokens')
        .select('device_id')
        .where('token_hash', '=', hashToken(other.phone))
        .executeTakeFirstOrThrow()
    ).device_id;
    const wrong = await call(
      'POST',
      `/staff/students/${student.userId}/devices/sign-out`,
      admin.token,
      {
        device_id: otherDevice,
      },
    );
    expect(wrong.statusCode).toBe(404);
    expect(await works(other.phone)).toBe(200);
    expect(await auditRows(student.userId)).toHaveLength(1);
  });

  it('an admin signs the student out everywhere: every session ends, the devices stay known', async () => {
    const { student, phone, laptop } = await studentOnTwoDevices();
    const res = await call(
      'POST',
      `/staff/students/${student.userId}/devices/sign-out-all`,
      admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('تم تسجيل خروج الطالب من كل الأجهزة');
    for (const token of [phone, laptop, student.token]) expect(await works(token)).toBe(401);
    expect(res.json().data.used).toBe(2);
    expect(res.json().data.devices.map((d: { signed_in: boolean }) => d.signed_in)).toEqual([
      false,
      false,
    ]);
    const again = await call(
      'POST',
      `/staff/students/${student.userId}/devices/sign-out-all`,
      admin.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('الطالب غير مسجّل الدخول على أي جهاز');
    expect((await auditRows(student.userId)).map((r) => r.action)).toEqual(['sign_out_all']);
  });

  it('an admin resets the devices: every device forgotten and every session ended', async () => {
    const { student, phone } = await studentOnTwoDevices();
    const res = await call('POST', `/staff/students/${student.userId}/devices/reset`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'تمت إعادة ضبط أجهزة الطالب؛ يمكنه الدخول من أجهزة جديدة',
      data: { max_devices: null, used: 0, devices: [] },
    });
    expect(await works(phone)).toBe(401);
    expect(
      await server.db
        .selectFrom('student_devices')
        .select('id')
        .where('user_id', '=', student.userId)
        .execute(),
    ).toEqual([]);
    const again = await call(
      'POST',
      `/staff/students/${student.userId}/devices/reset`,
      admin.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('لا توجد أجهزة محفوظة لهذا الطالب');
    const rows = await auditRows(student.userId);
    expect(rows.map((r) => [r.action, r.user_id])).toEqual([['reset_devices', admin.userId]]);
    expect(JSON.parse(rows[0]!.after!)).toEqual([]);
    for (const token of [leader.token, teacher.token]) {
      const refused = await call('POST', `/staff/students/${student.userId}/devices/reset`, token);
      expect(refused.statusCode).toBe(403);
    }
  });
});
