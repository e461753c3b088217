import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';

// What a refused sign-in says, and which spellings of a login still find the account.

const PASSWORD = 'secret-pass-1';
let server: TestServer;
let student: TestStudent;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  student = await makeStudent(server.db, { email: 'signing.in@dars.test', password: PASSWORD });
});
afterAll(() => server.close());

const login = (body: { login: string; password: string }, address = '192.0.2.50') =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: body,
    headers: WEB_HEADERS,
    remoteAddress: address,
  });

const REFUSED = {
  code: 'INVALID_CREDENTIALS',
  message: 'بيانات الدخول غير صحيحة',
  errors: { login: ['بيانات الدخول غير صحيحة'] },
};

describe('signing in', () => {
  it('refuses a wrong password and an unknown login with the same Arabic answer on the field', async () => {
    const wrong = await login({ login: student.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject(REFUSED);
    const unknown = await login({ login: 'nobody-here@dars.test', password: PASSWORD });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject(REFUSED);
    expect(unknown.json().token).toBeUndefined();
  });

  it('finds the account by e-mail typed with blanks and capitals', async () => {
    const res = await login({ login: '  Signing.In@DARS.test ', password: PASSWORD }, '192.0.2.51');
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
  });
});
