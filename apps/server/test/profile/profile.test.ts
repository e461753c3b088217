import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProfileResponseSchema, loginResponseSchema } from '@dars/contract';
import { insertEnrollments } from '../../src/db/seed/enrollments';
import { notify } from '../../src/modules/notifications/notification-service';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeGrade } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { makeStudent } from '../factories/students';

const PASSWORD = 'secret-pass-1';
let server: TestServer;
let ahmed: { token: string; id: number };
let mariam: { token: string; id: number; email: string };

async function login(login: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { login, password: PASSWORD },
    headers: WEB_HEADERS,
  });
  const data = loginResponseSchema.parse(res.json());
  return { token: data.token, id: data.user.id };
}
const auth = (token: string) => ({ ...WEB_HEADERS, authorization: `Bearer ${token}` });

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  const gradeId = await makeGrade(server.db, 'الصف الثالث الثانوي');
  const a = await makeStudent(server.db, {
    name: 'أحمد محمود',
    gradeId,
    balance: 500,
    centerName: 'سنتر النور التعليمي',
    profileQrCode: 'DARS-STUDENT-1000',
  });
  ahmed = { token: a.token, id: a.userId };
  const at = new Date().toISOString();
  for (const course of [await makeCourse(server), await makeCourse(server)])
    await insertEnrollments(server.db, [{ userId: a.userId, courseId: course.id, at }]);
  const m = await makeStudent(server.db, { gradeId, password: PASSWORD });
  mariam = { token: m.token, id: m.userId, email: m.email };
});
afterAll(() => server.close());

// A 1×1 PNG.
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

function multipart(field: string, filename: string, type: string, bytes: Buffer) {
  const boundary = '----dars-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('profile', () => {
  it('shows the student their own profile, with wallet, grade, courses and QR data', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/profile',
      headers: auth(ahmed.token),
    });
    const { user } = getProfileResponseSchema.parse(res.json());
    expect(user).toMatchObject({
      id: ahmed.id,
      name: 'أحمد محمود',
      balance: 500,
      center_name: 'سنتر النور التعليمي',
    });
    expect(user.grade?.name).toBe('الصف الثالث الثانوي');
    expect(user.my_courses.length).toBe(2);
    expect(user.profile_qr_code).toBeTruthy();
  });

  it('changes the name and the grade, and refuses an unknown grade or a blank name', async () => {
    const newGrade = await makeGrade(server.db, 'الصف الأول الثانوي');
    const ok = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: auth(mariam.token),
      payload: { name: 'مريم علي حسن', grade_id: newGrade },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ name: 'مريم علي حسن', grade: { id: newGrade } });
    const badGrade = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: auth(mariam.token),
      payload: { grade_id: 424242 },
    });
    expect(badGrade.statusCode).toBe(422);
    expect(badGrade.json().errors.grade_id).toBeDefined();
    const blank = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/profile',
      headers: auth(mariam.token),
      payload: { name: '   ' },
    });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().message).toMatch(/[\u0600-\u06FF]/);
  });

  it('stores an avatar that really is an image, and serves it', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/profile/avatar',
      ...merge(multipart('avatar', 'me.png', 'image/png', PNG), auth(mariam.token)),
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().user.avatar as string;
    expect(url).toMatch(/^\/storage\/avatars\/\d+-[0-9a-f]+\.png$/);
    const served = await server.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a text file renamed to .png, and an SVG, whatever they claim to be', async () => {
    for (const [name, type, bytes] of [
      ['photo.png', 'image/png', Buffer.from('just some text pretending to be a picture')],
      [
        'x.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      ],
    ] as const) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/profile/avatar',
        ...merge(multipart('avatar', name, type, bytes), auth(mariam.token)),
      });
      expect(res.statusCode, name).toBe(422);
      expect(res.json().errors.avatar[0]).toBe('اختر صورة صالحة');
    }
  });

  it('refuses an avatar over the size limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/profile/avatar',
      ...merge(multipart('avatar', 'big.png', 'image/png', big), auth(mariam.token)),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.avatar[0]).toBe('حجم الملف أكبر من المسموح');
  });

  it('changes the password only with the right current one, keeping this device signed in', async () => {
    const other = await login(mariam.email);
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/v1/profile/password',
      headers: auth(mariam.token),
      payload: { current_password: 'not-it', password: 'new-password-1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({
      code: 'WRONG_OLD_PASSWORD',
      message: 'كلمة المرور الحالية غير صحيحة',
    });
    const empty = await server.app.inject({
      method: 'POST',
      url: '/api/v1/profile/password',
      headers: auth(mariam.token),
      payload: { current_password: '', password: '' },
    });
    expect(empty.json().message).toBe('لا تترك الحقول فارغة');
    const ok = await server.app.inject({
      method: 'POST',
      url: '/api/v1/profile/password',
      headers: auth(mariam.token),
      payload: { current_password: PASSWORD, password: 'new-password-1' },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/v1/profile',
          headers: auth(mariam.token),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/v1/profile',
          headers: auth(other.token),
        })
      ).statusCode,
    ).toBe(401);
  });

  it('requires sign-in for every profile call', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/profile'],
      ['PUT', '/api/v1/profile'],
      ['POST', '/api/v1/profile/avatar'],
      ['POST', '/api/v1/profile/password'],
      ['POST', '/api/v1/notifications/read'],
    ] as const) {
      expect((await server.app.inject({ method, url, payload: {} })).statusCode, url).toBe(401);
    }
  });
});

describe('notifications', () => {
  it('carries each student their own notifications only, and marks all read', async () => {
    await notify(
      server.db,
      ahmed.id,
      {
        type: 'recharge',
        title: 'تم شحن رصيدك',
        content: 'أضيف 100 جنيه إلى محفظتك',
        to: '/wallet',
      },
      'recharge',
    );
    await notify(server.db, ahmed.id, {
      type: 'admin_message',
      title: 'رسالة من الإدارة',
      content: 'موعد الامتحان السبت',
      to: null,
    });
    await notify(server.db, mariam.id, {
      type: 'ticket_reply',
      title: 'تم الرد على طلبك',
      content: 'راجع البريد',
      to: '/help',
    });
    const me = async (token: string) =>
      (
        await server.app.inject({ method: 'POST', url: '/api/v1/auth/user', headers: auth(token) })
      ).json().user;
    const a = await me(ahmed.token);
    expect(a.notifications_count).toBe(2);
    expect(a.notifications.map((n: { data: { title: string } }) => n.data.title)).toEqual([
      'رسالة من الإدارة',
      'تم شحن رصيدك',
    ]);
    const read = await server.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: auth(ahmed.token),
    });
    expect(read.json()).toEqual({ notifications_count: 0 });
    const after = await me(ahmed.token);
    expect(after.notifications_count).toBe(0);
    expect(after.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
    const m = await me(mariam.token);
    expect(m.notifications_count).toBe(1); // reading Ahmed's did not touch Mariam's
    expect(m.notifications[0].data.title).toBe('تم الرد على طلبك');
  });

  it('registers a push device for the signed-in student', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/create',
      headers: { ...auth(ahmed.token), 'app-platform': 'android' },
      payload: { device_token: 'fcm-token-abc' },
    });
    expect(res.statusCode).toBe(200);
    const row = await server.db
      .selectFrom('push_devices')
      .selectAll()
      .where('device_token', '=', 'fcm-token-abc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: ahmed.id, platform: 'android' });
  });
});

describe('support tickets', () => {
  it('takes a guest ticket only with name, email and phone', async () => {
    const missing = await server.app.inject({
      method: 'POST',
      url: '/api/v1/support-tickets',
      payload: { title: 'سؤال', content: 'كيف أشترك؟' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toMatchObject({
      name: ['لا يمكنك ترك حقل فارغاً'],
      phone: ['لا يمكنك ترك حقل فارغاً'],
    });
    const ok = await server.app.inject({
      method: 'POST',
      url: '/api/v1/support-tickets',
      payload: {
        title: 'سؤال',
        content: 'كيف أشترك؟',
        name: 'ولي أمر',
        email: 'parent@example.com',
        phone: '01234567890',
      },
    });
    expect(ok.statusCode).toBe(200);
    const row = await server.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('id', '=', ok.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: null, name: 'ولي أمر', email: 'parent@example.com' });
  });

  it('files a student ticket under the account, ignoring any other identity sent', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/support-tickets',
      headers: auth(ahmed.token),
      payload: { title: 'مشكلة في الفيديو', content: 'لا يعمل', email: 'someone-else@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const row = await server.db
      .selectFrom('support_tickets')
      .selectAll()
      .where('id', '=', res.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: ahmed.id, email: null, title: 'مشكلة في الفيديو' });
  });

  it('refuses blank titles', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/support-tickets',
      headers: auth(ahmed.token),
      payload: { title: '  ', content: 'x' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('لا يمكنك ترك حقل فارغاً');
  });
});

function merge(
  part: { payload: Buffer; headers: Record<string, string> },
  headers: Record<string, string>,
) {
  return { payload: part.payload, headers: { ...headers, ...part.headers } };
}
