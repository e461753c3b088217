import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  ID_MAX,
  VALIDATION_MESSAGES,
  endpoints,
  getCoursesResponseSchema,
  getProfileResponseSchema,
  type EndpointDef,
} from '@dars/contract';
import { MALFORMED_UPLOAD_MESSAGE } from '../../src/lib/multipart';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { captureLog, errorLines } from '../captured-log';
import { someGrade } from '../factories/catalog';
import { makeCourse } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';

/**
 * The answers a student (or a forged request) gets for ids PostgreSQL cannot hold, for NUL in
 * text, for bodies that are not what a call expects and for broken uploads: exact statuses and
 * Arabic field messages, the same on SQLite and PostgreSQL, and nothing in the error log.
 */

let server: TestServer;
let log: string[];
let student: { token: string; userId: number };
let signedIn: Record<string, string>;
/** An admin's headers: staff calls check the role before anything else (ADR 022). */
let asAdmin: Record<string, string>;
/** A published course in a grade, so a filter that matches nothing has something to leave out. */
let courseId: number;

beforeAll(async () => {
  server = await startTestServer({ seed: false, env: { LOG_LEVEL: 'warn' } });
  log = captureLog(server.app);
  student = await makeStudent(server.db);
  signedIn = { ...WEB_HEADERS, authorization: `Bearer ${student.token}` };
  asAdmin = {
    ...WEB_HEADERS,
    authorization: `Bearer ${(await makeStaff(server.db, 'admin')).token}`,
  };
  courseId = (await makeCourse(server, { gradeIds: [await someGrade(server.db)] })).id;
}, 120_000);
afterAll(() => server?.close());

const TOO_BIG_ID = ID_MAX + 1;
const NUL = 'a\u0000b';
/** A message with no Latin letter at all. */
const ARABIC = /^[^A-Za-z]+$/;

async function send(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return server.app.inject({
    method,
    url: API_BASE + url,
    headers: signedIn,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function expect422(
  res: { statusCode: number; json: () => unknown },
  field: string,
  message: string,
) {
  expect(res.statusCode).toBe(422);
  expect(res.json()).toMatchObject({
    code: 'VALIDATION_FAILED',
    message,
    errors: { [field]: [message] },
  });
}

describe('ids above 2^31-1', () => {
  it('answer 404 in the path of every /{id} call, like an unknown id', async () => {
    // Links a browser opens by itself check their signed token first (next test).
    const withId = Object.values(endpoints as Record<string, EndpointDef>).filter(
      (e) => e.path.includes(':id') && e.auth !== 'signed-link',
    );
    expect(withId.length).toBeGreaterThanOrEqual(7);
    for (const def of withId) {
      // An id in range reaches the body's check first: a staff call's empty body is a 422, and
      // so is a reply in a support conversation's (its content is required).
      const ids =
        (def.staff || def === endpoints.replySupportTicket) && 'body' in def && def.body
          ? [TOO_BIG_ID, 99_999_999_999]
          : [TOO_BIG_ID, 99_999_999_999, ID_MAX];
      for (const id of ids) {
        const res = await server.app.inject({
          method: def.method,
          url: API_BASE + def.path.replace(':id', String(id)),
          headers: def.staff ? asAdmin : signedIn,
          payload: def.method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${def.method} ${def.path} with ${id}`).toBe(404);
        expect(res.json()).toMatchObject({
          code: 'NOT_FOUND',
          message: expect.stringMatching(ARABIC),
        });
      }
    }
  });

  it('answer 404 on the download, stream and player routes too', async () => {
    for (const url of [
      `${API_BASE}/attachments/${TOO_BIG_ID}/download?at=x`,
      `${API_BASE}/video/stream/${TOO_BIG_ID}?vt=x`,
      `/player/${TOO_BIG_ID}?vt=x`,
    ]) {
      const res = await server.app.inject({ method: 'GET', url, headers: signedIn });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('refuse a course filter with the Arabic field message, but still ignore a non-number', async () => {
    expect422(
      await send('GET', '/courses?grade_id=99999999999'),
      'grade_id',
      VALIDATION_MESSAGES.grade,
    );
    expect422(
      await send('GET', `/courses?category_id=${TOO_BIG_ID}`),
      'category_id',
      VALIDATION_MESSAGES.category,
    );
    const ignored = await send('GET', '/courses?grade_id=abc');
    expect(ignored.statusCode).toBe(200);
    const unknown = await send('GET', `/courses?grade_id=${ID_MAX}`);
    expect(getCoursesResponseSchema.parse(unknown.json()).data).toEqual([]);
  });

  it('refuse grade_id at registration and in the profile with the grade message', async () => {
    const register = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/register`,
      headers: WEB_HEADERS,
      payload: {
        name: 'طالب',
        email: 'big-grade@dars.test',
        phone: '01012345670',
        password: 'dars12345',
        password_confirmation: 'dars12345',
        grade_id: TOO_BIG_ID,
      },
    });
    expect422(register, 'grade_id', VALIDATION_MESSAGES.grade);
    expect422(
      await send('PUT', '/profile', { grade_id: String(TOO_BIG_ID) }),
      'grade_id',
      VALIDATION_MESSAGES.grade,
    );
    // The largest id reaches the database and is simply not a grade.
    expect422(
      await send('PUT', '/profile', { grade_id: ID_MAX }),
      'grade_id',
      VALIDATION_MESSAGES.grade,
    );
  });
});

describe('NUL in text', () => {
  const refused = VALIDATION_MESSAGES.forbiddenCharacter;

  it('is refused in the course search', async () => {
    expect422(await send('GET', '/courses?query=a%00b'), 'query', refused);
  });

  it('is refused in the login, a name, a ticket and a device token', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      headers: WEB_HEADERS,
      payload: { login: NUL, password: 'dars12345' },
    });
    expect422(login, 'login', refused);
    expect422(await send('PUT', '/profile', { name: NUL }), 'name', refused);
    expect422(
      await send('POST', '/support-tickets', { title: NUL, content: 'نص' }),
      'title',
      refused,
    );
    expect422(
      await send('POST', '/notifications/create', { device_token: NUL }),
      'device_token',
      refused,
    );
  });

  it('leaves the stored name as it was', async () => {
    await send('PUT', '/profile', { name: `طالب${NUL}` });
    const { user } = getProfileResponseSchema.parse((await send('GET', '/profile')).json());
    expect(user.name).not.toContain('\u0000');
  });
});

describe('bodies that are not what the call expects', () => {
  it('a JSON string instead of an object: 422 in Arabic', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      headers: { ...WEB_HEADERS, 'content-type': 'application/json' },
      payload: '"student@dars.test"',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: 'البيانات المُرسلة غير صحيحة' });
  });

  it('a missing field, a wrong type and an unknown option: 422 with Arabic field messages', async () => {
    const res = await send('POST', `/courses/${courseId}/purchase`, { pay_by: 'bitcoin', code: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      errors: {
        pay_by: ['اختر قيمة من الخيارات المتاحة'],
        code: [VALIDATION_MESSAGES.payCardCode],
      },
    });
    const ticket = await send('POST', '/support-tickets', { title: 'سؤال' });
    expect(ticket.json()).toMatchObject({
      errors: { content: [VALIDATION_MESSAGES.anyFieldRequired] },
    });
  });

  it('malformed JSON: 400; an unknown type: 415; too large: 413; all in Arabic', async () => {
    const post = (headers: Record<string, string>, payload: string) =>
      server.app.inject({
        method: 'POST',
        url: `${API_BASE}/login`,
        headers: { ...WEB_HEADERS, ...headers },
        payload,
      });
    const json = { 'content-type': 'application/json' };
    const broken = await post(json, '{"login":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({
      message: 'البيانات المُدخلة غير صحيحة',
      code: 'VALIDATION_FAILED',
    });
    const unknownType = await post({ 'content-type': 'application/xml' }, '<a/>');
    expect(unknownType.statusCode).toBe(415);
    expect(unknownType.json().message).toBe('البيانات المُدخلة غير صحيحة');
    const huge = await post(json, JSON.stringify({ login: 'س'.repeat(1_100_000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('حجم البيانات المُرسلة أكبر من المسموح');
  });
});

describe('a broken avatar upload', () => {
  const BOUNDARY = '----dars-avatar';
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );
  const filePart = (bytes: Buffer | string, name = 'avatar') =>
    Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(bytes),
    ]);
  const upload = (contentType: string, payload: Buffer | string) =>
    server.app.inject({
      method: 'POST',
      url: `${API_BASE}/profile/avatar`,
      headers: { ...signedIn, 'content-type': contentType },
      payload,
    });

  it('answers 422 on the avatar field, in Arabic, and keeps the old picture', async () => {
    const before = getProfileResponseSchema.parse((await send('GET', '/profile')).json()).user;
    const whole = Buffer.concat([filePart(PNG), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
    const broken: [string, Buffer | string][] = [
      ['multipart/form-data', whole],
      ['multipart/form-data; boundary=another', whole],
      [`multipart/form-data; boundary=${BOUNDARY}`, filePart(PNG.subarray(0, 20))],
      [`multipart/form-data; boundary=${BOUNDARY}`, `--${BOUNDARY}\r\nbroken header\r\n\r\nx`],
      [`multipart/form-data; boundary=${BOUNDARY}`, ''],
    ];
    for (const [type, payload] of broken) {
      const res = await upload(type, payload);
      expect(res.statusCode, type).toBe(422);
      expect(res.json().errors.avatar[0]).toMatch(ARABIC);
    }
    expect((await upload('multipart/form-data', whole)).json().errors).toEqual({
      avatar: [MALFORMED_UPLOAD_MESSAGE],
    });
    const after = getProfileResponseSchema.parse((await send('GET', '/profile')).json()).user;
    expect(after.avatar).toBe(before.avatar);
  });

  it('still takes a good picture afterwards', async () => {
    const res = await upload(
      `multipart/form-data; boundary=${BOUNDARY}`,
      Buffer.concat([filePart(PNG), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('the log', () => {
  it('holds no error and no stack trace for any of the above', () => {
    expect(errorLines(log)).toEqual([]);
  });
});
