import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { hashToken, sha256 } from '../../src/lib/tokens';
import { putSettings } from '../../src/modules/settings/settings-service';
import { issueToken } from '../../src/modules/auth/session-tokens';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, registrationForm, type TestStudent } from '../factories/students';
import { makeGrade } from '../factories/catalog';
import { makeStaff } from '../staff/staff-factory';

/**
 * A student's devices and sessions (issue 28, ADR 051): the school's limit of devices per
 * student at its edge, the same device signing in again, what frees a place (the student
 * signing a device out, staff resetting the devices), sessions without a device id, a pair of
 * sign-ins racing for the last place, and the list the profile shows. The texts and numbers
 * are written here by hand.
 */

const PASSWORD = 'device-pass-1';
const LIMIT_2 =
  'وصلت إلى الحد الأقصى لعدد الأجهزة (2). سجّل الخروج من جهاز آخر من صفحة حسابك، أو تواصل مع الدعم.';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const SAMSUNG_APP =
  'Mozilla/5.0 (Linux; Android 14; SM-A525F Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36';

let server: TestServer;
let gradeId: number;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  gradeId = await makeGrade(server.db);
}, 120_000);
afterAll(() => server?.close());
// Each test sets the limit it needs; none is the default.
beforeEach(async () => {
  await putSettings(server.db, { max_devices_per_student: null });
});

let devices = 0;
/** A fresh device id, as the web app keeps one (a UUID). */
const newDevice = () =>
  `d${Date.now().toString(16)}-${(++devices).toString().padStart(4, '0')}-device`;

type Headers = Record<string, string>;
function call(
  method: 'GET' | 'POST',
  url: string,
  token?: string | null,
  payload?: object,
  headers: Headers = {},
) {
  return server.app.inject({
    method,
    url: API_BASE + url,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: headers['x-test-address'] ?? '10.0.0.1',
  });
}

/** Signs the student in on a device (none: an old app that sends no device id). */
function login(student: TestStudent, device: string | null, extra: Headers = {}) {
  return call(
    'POST',
    '/login',
    null,
    { login: student.email, password: PASSWORD },
    {
      ...(device ? { 'app-device': device } : {}),
      ...extra,
    },
  );
}

async function signIn(student: TestStudent, device: string | null, extra: Headers = {}) {
  const res = await login(student, device, extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

const me = async (token: string) => (await call('POST', '/auth/user', token)).statusCode;
const list = async (token: string) => {
  const res = await call('GET', '/profile/devices', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    max_devices: number | null;
    used: number;
    devices: {
      device_id: number | null;
      session_id: number | null;
      platform: string;
      app_version: string | null;
      browser: string | null;
      os: string | null;
      model: string | null;
      signed_in_ip: string | null;
      last_ip: string | null;
      signed_in: boolean;
      current: boolean;
    }[];
  };
};
const student = () => makeStudent(server.db, { password: PASSWORD });
const limit = (n: number | null) => putSettings(server.db, { max_devices_per_student: n });

function expectRefused(res: Awaited<ReturnType<typeof login>>, message = LIMIT_2) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ code: 'DEVICE_LIMIT_REACHED', message });
}

describe('the limit of devices per student', () => {
  it('is off by default: a student signs in on any number of devices', async () => {
    const s = await student();
    const tokens = [];
    for (let i = 0; i < 6; i++) tokens.push(await signIn(s, newDevice()));
    for (const t of tokens) expect(await me(t)).toBe(200);
    const seen = await list(tokens[0]!);
    expect(seen.max_devices).toBeNull();
    // The demo-made session of the factory has no device: its own place in the list.
    expect(seen.used).toBe(7);
  });

  it('with 2: the 2nd new device signs in, the 3rd is refused, the same device signs in again', async () => {
    await limit(2);
    const s = await student();
    // The factory's session (no device id) would be a place of its own: sign it out first.
    expect((await call('POST', '/logout', s.token)).statusCode).toBe(200);
    const [phone, laptop, friend] = [newDevice(), newDevice(), newDevice()];
    const onPhone = await signIn(s, phone);
    await signIn(s, laptop);
    expectRefused(await login(s, friend));
    // Refused: no device kept, no session made.
    expect((await list(onPhone)).used).toBe(2);
    // Signing out and in again on the same phone uses no new place.
    expect((await call('POST', '/logout', onPhone)).statusCode).toBe(200);
    const again = await signIn(s, phone);
    expect(await me(again)).toBe(200);
    expectRefused(await login(s, friend));
    // The limit raised by one: the third fits, a fourth does not.
    await limit(3);
    await signIn(s, friend);
    expectRefused(
      await login(s, newDevice()),
      'وصلت إلى الحد الأقصى لعدد الأجهزة (3). سجّل الخروج من جهاز آخر من صفحة حسابك، أو تواصل مع الدعم.',
    );
  });

  it('frees a place when the student signs a device out from their list', async () => {
    const s = await student();
    await call('POST', '/logout', s.token);
    const [phone, laptop, friend] = [newDevice(), newDevice(), newDevice()];
    const onPhone = await signIn(s, phone);
    const onLaptop = await signIn(s, laptop);
    await limit(2);
    expectRefused(await login(s, friend));
    const laptopEntry = (await list(onPhone)).devices.find((d) => !d.current)!;
    const out = await call('POST', '/profile/devices/sign-out', onPhone, {
      device_id: laptopEntry.device_id,
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().message).toBe('تم تسجيل الخروج من الجهاز');
    expect(out.json().data.used).toBe(1);
    expect(await me(onLaptop)).toBe(401);
    expect(await me(onPhone)).toBe(200);
    await signIn(s, friend);
    // The laptop is a new device now: over the limit.
    expectRefused(await login(s, laptop));
  });

  it('frees every place when staff reset the devices, and not when they only sign the student out', async () => {
    const admin = await makeStaff(server.db, 'admin');
    const s = await student();
    await call('POST', '/logout', s.token);
    const [phone, laptop, friend] = [newDevice(), newDevice(), newDevice()];
    await signIn(s, phone);
    await signIn(s, laptop);
    await limit(2);
    expectRefused(await login(s, friend));
    const staff = (path: string) =>
      call('POST', `/staff/students/${s.userId}/devices/${path}`, admin.token);
    // Signed out everywhere, the two devices stay known: they sign in again, a third does not.
    expect((await staff('sign-out-all')).statusCode).toBe(200);
    expectRefused(await login(s, friend));
    await signIn(s, phone);
    // Reset: nothing is known; any two devices sign in, the third is refused.
    const reset = await staff('reset');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().data).toEqual({ max_devices: 2, used: 0, devices: [] });
    await signIn(s, friend);
    await signIn(s, newDevice());
    expectRefused(await login(s, phone));
  });

  it('counts each session of an app that sends no device id as a device, while it lasts', async () => {
    const s = await student();
    await call('POST', '/logout', s.token);
    await limit(2);
    const first = await signIn(s, null);
    await signIn(s, null);
    expectRefused(await login(s, null));
    expectRefused(await login(s, newDevice()));
    // Its session ended, its place is free: such a device cannot be recognised again.
    expect((await call('POST', '/logout', first)).statusCode).toBe(200);
    await signIn(s, newDevice());
    expectRefused(await login(s, null));
  });

  it('refuses a device over the limit only after the right password, and never a staff sign-in', async () => {
    const s = await student();
    await call('POST', '/logout', s.token);
    await limit(1);
    await signIn(s, newDevice());
    const wrong = await call(
      'POST',
      '/login',
      null,
      { login: s.email, password: 'wrong-pass-9' },
      {
        'app-device': newDevice(),
      },
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    expectRefused(
      await login(s, newDevice()),
      'وصلت إلى الحد الأقصى لعدد الأجهزة (1). سجّل الخروج من جهاز آخر من صفحة حسابك، أو تواصل مع الدعم.',
    );
    const admin = await makeStaff(server.db, 'admin', { password: PASSWORD });
    for (let i = 0; i < 3; i++) {
      const res = await call(
        'POST',
        '/staff/login',
        null,
        { email: admin.email, password: PASSWORD },
        {
          'app-device': newDevice(),
        },
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(
      await server.db
        .selectFrom('student_devices')
        .select('id')
        .where('user_id', '=', admin.userId)
        .execute(),
    ).toEqual([]);
  });

  it('lets two sign-ins on two new devices at once take one last place, not both', async () => {
    const s = await student();
    await call('POST', '/logout', s.token);
    await signIn(s, newDevice());
    await limit(2);
    const answers = await Promise.all([login(s, newDevice()), login(s, newDevice())]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const kept = await server.db
      .selectFrom('student_devices')
      .select('id')
      .where('user_id', '=', s.userId)
      .execute();
    expect(kept).toHaveLength(2);
  });

  it('holds under a burst: five sign-ins for one last place, straight to the sessions, take one', async () => {
    // Without the password check's own time between them, the five transactions overlap.
    await limit(2);
    for (let round = 0; round < 3; round++) {
      const s = await student();
      await call('POST', '/logout', s.token);
      await signIn(s, newDevice());
      const tried = await Promise.allSettled(
        Array.from({ length: 5 }, () =>
          issueToken(server.db, s.userId, {
            platform: 'web',
            version: null,
            device: newDevice(),
            userAgent: null,
            ip: '10.0.0.1',
          }),
        ),
      );
      expect(tried.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
      for (const t of tried.filter((t) => t.status === 'rejected'))
        expect((t as PromiseRejectedResult).reason).toMatchObject({ code: 'DEVICE_LIMIT_REACHED' });
      const kept = await server.db
        .selectFrom('student_devices')
        .select('id')
        .where('user_id', '=', s.userId)
        .execute();
      expect(kept).toHaveLength(2);
    }
  });

  it('registers the first device of a new account', async () => {
    await limit(1);
    const device = newDevice();
    const res = await call('POST', '/register', null, registrationForm(gradeId), {
      'app-device': device,
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await list(res.json().token);
    expect(seen).toMatchObject({ max_devices: 1, used: 1 });
    expect(seen.devices[0]).toMatchObject({ current: true, signed_in: true });
  });
});

describe('a device', () => {
  it('is kept as the hash of its id, never the id itself', async () => {
    const s = await student();
    const device = newDevice();
    await signIn(s, device);
    const rows = await server.db
      .selectFrom('student_devices')
      .select('device_hash')
      .where('user_id', '=', s.userId)
      .execute();
    expect(rows).toEqual([{ device_hash: sha256(device) }]);
  });

  it('keeps one session: signing in again on it ends the one before', async () => {
    const s = await student();
    const device = newDevice();
    const before = await signIn(s, device);
    const now = await signIn(s, device);
    expect(await me(before)).toBe(401);
    expect(await me(now)).toBe(200);
  });

  it('is listed with what it is, where from and since when; this device first and marked', async () => {
    const s = await student();
    await call('POST', '/logout', s.token);
    const web = await signIn(s, newDevice(), {
      'user-agent': CHROME_WINDOWS,
      'x-test-address': '10.1.1.1',
    });
    await signIn(s, newDevice(), {
      'user-agent': SAMSUNG_APP,
      'app-platform': 'android',
      'app-version': '1.0.7',
      'x-test-address': '10.2.2.2',
    });
    const seen = await list(web);
    expect(seen.devices).toHaveLength(2);
    expect(seen.devices[0]).toMatchObject({
      current: true,
      signed_in: true,
      platform: 'web',
      browser: 'Chrome',
      os: 'Windows',
      model: null,
      signed_in_ip: '10.1.1.1',
    });
    expect(seen.devices[1]).toMatchObject({
      current: false,
      signed_in: true,
      platform: 'android',
      app_version: '1.0.7',
      browser: null,
      os: 'Android 14',
      model: 'SM-A525F',
      signed_in_ip: '10.2.2.2',
    });
  });

  it('notes the address and app version a session was last used from with the throttled last-use write only', async () => {
    const s = await student();
    const android = { 'app-platform': 'android', 'user-agent': SAMSUNG_APP };
    const token = await signIn(s, newDevice(), {
      ...android,
      'app-version': '1.0.7',
      'x-test-address': '10.3.3.3',
    });
    const row = () =>
      server.db
        .selectFrom('auth_tokens')
        .select(['last_ip', 'app_version', 'last_used_at'])
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
    const updated = { ...android, 'app-version': '1.0.8', 'x-test-address': '10.4.4.4' };
    await call('POST', '/auth/user', token, undefined, updated);
    // Used a moment ago: no write, the address and version stay the sign-in's.
    expect(await row()).toMatchObject({ last_ip: '10.3.3.3', app_version: '1.0.7' });
    await server.db
      .updateTable('auth_tokens')
      .set({ last_used_at: new Date(Date.now() - 6 * 60_000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    await call('POST', '/auth/user', token, undefined, updated);
    expect(await row()).toMatchObject({ last_ip: '10.4.4.4', app_version: '1.0.8' });
  });
});

describe('signing out from the list', () => {
  it('ends exactly the session signed out; the others still work', async () => {
    const s = await student();
    const [a, b, c] = [
      await signIn(s, newDevice()),
      await signIn(s, newDevice()),
      await signIn(s, newDevice()),
    ];
    const entries = (await list(a)).devices;
    const sessionOf = async (token: string) =>
      (
        await server.db
          .selectFrom('auth_tokens')
          .select('id')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).id;
    const bId = await sessionOf(b);
    expect(entries.some((e) => e.session_id === bId)).toBe(true);
    const out = await call('POST', '/profile/devices/sign-out', a, { session_id: bId });
    expect(out.statusCode, out.body).toBe(200);
    expect(await me(b)).toBe(401);
    expect(await me(a)).toBe(200);
    expect(await me(c)).toBe(200);
    expect(await me(s.token)).toBe(200);
    // A session without a device (the factory's) is signed out by its own id.
    const loose = (await list(a)).devices.find((d) => d.device_id === null)!;
    expect(
      (await call('POST', '/profile/devices/sign-out', a, { session_id: loose.session_id }))
        .statusCode,
    ).toBe(200);
    expect(await me(s.token)).toBe(401);
    expect(await me(c)).toBe(200);
  });

  it('refuses another student’s device or session, and a body naming none or both', async () => {
    const mine = await student();
    const other = await student();
    const theirs = await signIn(other, newDevice());
    const entry = (await list(theirs)).devices.find((d) => d.current)!;
    const myToken = await signIn(mine, newDevice());
    for (const body of [{ device_id: entry.device_id }, { session_id: entry.session_id }]) {
      const res = await call('POST', '/profile/devices/sign-out', myToken, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('لم نجد هذا الجهاز؛ ربما سُجّل الخروج منه بالفعل');
    }
    expect(await me(theirs)).toBe(200);
    for (const body of [{}, { device_id: entry.device_id, session_id: entry.session_id }]) {
      const res = await call('POST', '/profile/devices/sign-out', myToken, body);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.device_id).toEqual(['اختر الجهاز أو الجلسة التي يُسجَّل الخروج منها']);
    }
  });

  it('signs every other device out and forgets them; this one stays', async () => {
    const s = await student();
    const here = await signIn(s, newDevice());
    const other = await signIn(s, newDevice());
    const out = await call('POST', '/profile/devices/sign-out-others', here);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().message).toBe('تم تسجيل الخروج من الأجهزة الأخرى');
    expect(out.json().data.used).toBe(1);
    expect(await me(other)).toBe(401);
    expect(await me(s.token)).toBe(401);
    expect(await me(here)).toBe(200);
    const again = await call('POST', '/profile/devices/sign-out-others', here);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('لا توجد أجهزة أخرى مسجّل عليها الدخول');
  });
});
