import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/db/seed/demo-students';
import { startTestServer, WEB_HEADERS, type TestServer } from './helpers';

// What a refused sign-in says, and which spellings of a login still find the account.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
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
    const wrong = await login({ login: 'student@dars.test', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject(REFUSED);
    const unknown = await login({ login: 'nobody-here@dars.test', password: DEMO_PASSWORD });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject(REFUSED);
    expect(unknown.json().token).toBeUndefined();
  });

  it('finds the account by e-mail typed with blanks and capitals', async () => {
    const res = await login(
      { login: '  Student@DARS.test ', password: DEMO_PASSWORD },
      '192.0.2.51',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
  });
});
