import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorSchema,
  getAuthUserResponseSchema,
  loginResponseSchema,
  registerResponseSchema,
  validatePasswordResetResponseSchema,
} from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle';
import { apiPost, startWithGrade, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, registrationForm } from '../factories/students';
import { lastCodeTo, lastMailTo } from '../outbox';

let server: TestServer;
let gradeId: number;
beforeAll(async () => ({ server, gradeId } = await startWithGrade()));
afterAll(() => server.close());

const post = (url: string, payload?: object, token?: string) =>
  apiPost(server.app, url, payload, token);
const registration = (overrides: Record<string, unknown> = {}) =>
  registrationForm(gradeId, overrides);

describe('POST /register', () => {
  it('creates the account, answers a working token, and no code when verification is off', async () => {
    const body = registration();
    const res = await post('/register', body);
    expect(res.statusCode).toBe(200);
    const data = registerResponseSchema.parse(res.json());
    expect(data.verification).toBe('NOT_REQUIRED');
    expect(data.user).toMatchObject({
      email: body.email,
      phone: body.phone,
      balance: 0,
      profile_not_completed: false,
    });
    const me = await post('/auth/user', undefined, data.token!);
    expect(getAuthUserResponseSchema.parse(me.json()).user.email).toBe(body.email);
  });

  it('mails a code and answers SENT when e-mail verification is on; /verify confirms with it', async () => {
    await putSettings(server.db, { email_verification: true });
    const body = registration();
    const data = registerResponseSchema.parse((await post('/register', body)).json());
    expect(data.verification).toBe('SENT');
    expect(data.user!.email_verified_at).toBeNull();
    const wrong = await post(
      '/verify',
      { code: '000000' === lastCodeTo(server.config.dataDir, body.email) ? '111111' : '000000' },
      data.token!,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('INVALID_CODE');
    const ok = await post(
      '/verify',
      { code: lastCodeTo(server.config.dataDir, body.email) },
      data.token!,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email_verified_at).not.toBeNull();
    expect(ok.json().user.notifications[0]).toMatchObject({ type: 'verified', read: false });
    await putSettings(server.db, { email_verification: false });
  });

  it('answers 422 with Arabic field errors for a taken e-mail and phone, a short password, a missing field', async () => {
    const existing = await makeStudent(server.db);
    const taken = await post(
      '/register',
      registration({ email: existing.email, phone: existing.phone }),
    );
    expect(taken.statusCode).toBe(422);
    const errors = apiErrorSchema.parse(taken.json()).errors!;
    expect(errors.email).toEqual(['البريد الإلكتروني مستخدم بالفعل']);
    expect(errors.phone).toEqual(['رقم الهاتف مستخدم بالفعل']);

    const short = await post(
      '/register',
      registration({ password: 'abc', password_confirmation: 'abc' }),
    );
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password[0]).toMatch(/كلمة المرور/);

    const { name: _name, ...missing } = registration();
    const noName = await post('/register', missing);
    expect(noName.statusCode).toBe(422);
    expect(noName.json().errors.name[0]).toMatch(/[\u0600-\u06FF]/);

    const unknownGrade = await post('/register', registration({ grade_id: 99999 }));
    expect(unknownGrade.statusCode).toBe(422);
    expect(unknownGrade.json().errors.grade_id).toBeDefined();
  });

  it('keeps one account per e-mail when two registrations race', async () => {
    const body = registration();
    const [a, b] = await Promise.all([
      post('/register', body),
      post('/register', { ...body, phone: '01099999999' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    const rows = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', body.email)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('POST /login and /logout', () => {
  it('logs in by e-mail (any case) or by phone (Arabic digits too)', async () => {
    const student = await makeStudent(server.db, {
      email: 'login.case@dars.test',
      phone: '01012345678',
      password: 'secret-pass-1',
    });
    for (const login of [
      'login.case@dars.test',
      'Login.Case@Dars.TEST',
      '01012345678',
      '٠١٠١٢٣٤٥٦٧٨',
    ]) {
      const res = await post('/login', { login, password: 'secret-pass-1' });
      expect(res.statusCode, login).toBe(200);
      expect(loginResponseSchema.parse(res.json()).user.email).toBe(student.email);
    }
  });

  it('refuses a wrong password or unknown account with the same Arabic answer', async () => {
    const student = await makeStudent(server.db, { password: 'secret-pass-1' });
    const wrong = await post('/login', { login: student.email, password: 'nope-nope' });
    const unknown = await post('/login', { login: 'nobody@dars.test', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it('revokes the token on logout: the next call with it is a 401', async () => {
    const student = await makeStudent(server.db, { password: 'secret-pass-1' });
    const { token } = loginResponseSchema.parse(
      (await post('/login', { login: student.email, password: 'secret-pass-1' })).json(),
    );
    expect((await post('/auth/user', undefined, token)).statusCode).toBe(200);
    expect((await post('/logout', undefined, token)).statusCode).toBe(200);
    const after = await post('/auth/user', undefined, token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 without a token or with a malformed one', async () => {
    expect((await post('/auth/user')).statusCode).toBe(401);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/user',
      headers: { authorization: 'Basic abc' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('stops one address after 10 wrong passwords for an account, even with the right one', async () => {
    const body = registration();
    await post('/register', body);
    const from = (payload: object) =>
      server.app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload,
        headers: WEB_HEADERS,
        remoteAddress: '198.51.100.20',
      });
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++)
      expect((await from({ login: body.email, password: 'wrong-password' })).statusCode).toBe(422);
    const blocked = await from({ login: body.email, password: body.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(blocked.json().message).toMatch(/محاولات/);
  });
});

describe('password reset in three steps', () => {
  it('mails a code, trades it for a one-time link, sets the new password and signs out everywhere', async () => {
    const body = registration();
    const { token: oldToken } = registerResponseSchema.parse(
      (await post('/register', body)).json(),
    );
    expect((await post('/password/reset', { email: body.email })).statusCode).toBe(200);
    await server.app.background.settle();
    const code = lastCodeTo(server.config.dataDir, body.email);
    const { url } = validatePasswordResetResponseSchema.parse(
      (await post('/password/reset/validate', { email: body.email, code })).json(),
    );
    expect(url).toMatch(/^\/api\/v1\/password\/reset\/confirm\/.+/);
    const done = await server.app.inject({
      method: 'POST',
      url,
      payload: { password: 'brand-new-pass' },
    });
    expect(done.statusCode).toBe(200);
    expect(
      (await post('/login', { login: body.email, password: 'brand-new-pass' })).statusCode,
    ).toBe(200);
    expect((await post('/login', { login: body.email, password: body.password })).statusCode).toBe(
      422,
    );
    expect((await post('/auth/user', undefined, oldToken!)).statusCode).toBe(401);
    const again = await server.app.inject({
      method: 'POST',
      url,
      payload: { password: 'another-pass-9' },
    });
    expect(again.statusCode).toBe(422);
  });

  it('answers the same for an unknown e-mail, and mails nothing', async () => {
    const student = await makeStudent(server.db);
    const known = await post('/password/reset', { email: student.email });
    const unknown = await post('/password/reset', { email: 'ghost@dars.test' });
    await server.app.background.settle();
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(lastMailTo(server.config.dataDir, 'ghost@dars.test')).toBeUndefined();
  });

  it('kills a code after 5 wrong guesses, even if the 6th is right', async () => {
    const body = registration();
    await post('/register', body);
    await post('/password/reset', { email: body.email });
    await server.app.background.settle();
    const code = lastCodeTo(server.config.dataDir, body.email);
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++)
      expect(
        (await post('/password/reset/validate', { email: body.email, code: wrong })).statusCode,
      ).toBe(422);
    const res = await post('/password/reset/validate', { email: body.email, code });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.code[0]).toMatch(/الرمز/);
  });

  it('limits how many codes one account can be mailed in an hour', async () => {
    const body = registration();
    await post('/register', body);
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await post('/password/reset', { email: body.email })).statusCode);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]).toBe(429);
  });
});
