import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '@dars/contract';
import {
  LAST_USE_WRITE_EVERY_MS,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
} from '../../src/modules/auth/session-tokens';
import { hashToken } from '../../src/lib/tokens';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeTeacher } from '../factories/catalog';
import { makeStudent } from '../factories/students';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

const post = (url: string, token?: string, payload?: object) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
const me = (token: string) => post('/auth/user', token);

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** Rewrites a token's times, as if it had been issued or used `ms` ago (no sleeping). */
async function setTimes(token: string, times: { created?: number; used?: number }) {
  await server.db
    .updateTable('auth_tokens')
    .set({
      ...(times.created !== undefined ? { created_at: ago(times.created) } : {}),
      ...(times.used !== undefined ? { last_used_at: ago(times.used) } : {}),
    })
    .where('token_hash', '=', hashToken(token))
    .execute();
}

const tokenRow = (token: string) =>
  server.db
    .selectFrom('auth_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();

describe('session lifetimes', () => {
  it('ends a session left unused longer than the idle lifetime, and deletes it', async () => {
    const { token } = await makeStudent(server.db);
    await setTimes(token, { used: SESSION_IDLE_MS - 60_000 });
    expect((await me(token)).statusCode).toBe(200);
    await setTimes(token, { used: SESSION_IDLE_MS + 1000 });
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect(await tokenRow(token)).toBeUndefined();
  });

  it('ends a session older than the absolute lifetime even if used every day', async () => {
    const { token } = await makeStudent(server.db);
    await setTimes(token, { created: SESSION_MAX_MS - 60_000, used: 60_000 });
    expect((await me(token)).statusCode).toBe(200);
    await setTimes(token, { created: SESSION_MAX_MS + 1000, used: 60_000 });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('treats an expired token on a public call as a guest', async () => {
    const { token } = await makeStudent(server.db);
    await setTimes(token, { used: SESSION_IDLE_MS + 1000 });
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/courses',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('records the last use at most once per few minutes, not on every request', async () => {
    const { token } = await makeStudent(server.db);
    await setTimes(token, { used: LAST_USE_WRITE_EVERY_MS - 60_000 });
    const before = (await tokenRow(token))!.last_used_at;
    await me(token);
    await me(token);
    expect((await tokenRow(token))!.last_used_at).toBe(before);

    await setTimes(token, { used: LAST_USE_WRITE_EVERY_MS + 1000 });
    const startedAt = Date.now();
    await me(token);
    const written = (await tokenRow(token))!.last_used_at;
    expect(Date.parse(written)).toBeGreaterThanOrEqual(startedAt - 1000);
    await me(token);
    expect((await tokenRow(token))!.last_used_at).toBe(written);
  });
});

describe('POST /logout/all', () => {
  it("ends every session of the student, this one included, and no one else's", async () => {
    const student = await makeStudent(server.db, { password: 'secret-pass-1' });
    const login = async () =>
      loginResponseSchema.parse(
        (
          await post('/login', undefined, { login: student.email, password: 'secret-pass-1' })
        ).json(),
      ).token;
    const [phone, laptop] = [await login(), await login()];
    const other = await makeStudent(server.db);
    expect(
      (await post('/notifications/create', phone, { device_token: 'dev-all-1' })).statusCode,
    ).toBe(200);

    const res = await post('/logout/all', laptop);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/جميع الأجهزة/);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(other.token)).statusCode).toBe(200);
    const device = await server.db
      .selectFrom('push_devices')
      .select('id')
      .where('device_token', '=', 'dev-all-1')
      .executeTakeFirst();
    expect(device).toBeUndefined();
  });

  it('answers 401 to a guest', async () => {
    const res = await post('/logout/all');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('push devices', () => {
  const owner = (deviceToken: string) =>
    server.db
      .selectFrom('push_devices')
      .select(['user_id', 'auth_token_id'])
      .where('device_token', '=', deviceToken)
      .executeTakeFirst();

  it("refuses another student's device token while its owner is signed in; frees it on logout", async () => {
    const a = await makeStudent(server.db);
    const b = await makeStudent(server.db);
    expect(
      (await post('/notifications/create', a.token, { device_token: 'dev-42' })).statusCode,
    ).toBe(200);

    const taken = await post('/notifications/create', b.token, { device_token: 'dev-42' });
    expect(taken.statusCode).toBe(403);
    expect(taken.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(taken.json().message).toMatch(/لحساب آخر/);
    expect((await owner('dev-42'))!.user_id).toBe(a.userId);

    expect((await post('/logout', a.token)).statusCode).toBe(200);
    expect(await owner('dev-42')).toBeUndefined();
    expect(
      (await post('/notifications/create', b.token, { device_token: 'dev-42' })).statusCode,
    ).toBe(200);
    expect((await owner('dev-42'))!.user_id).toBe(b.userId);
  });

  it('lets the owner register the device again from a newer session', async () => {
    const a = await makeStudent(server.db);
    const login2 = await makeStudent(server.db); // another student's token, for the denial side
    expect(
      (await post('/notifications/create', a.token, { device_token: 'dev-43' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/notifications/create', a.token, { device_token: 'dev-43' })).statusCode,
    ).toBe(200);
    expect(
      (await post('/notifications/create', login2.token, { device_token: 'dev-43' })).statusCode,
    ).toBe(403);
    expect((await owner('dev-43'))!.user_id).toBe(a.userId);
  });

  it("frees a device whose owner's session has expired", async () => {
    const a = await makeStudent(server.db);
    const b = await makeStudent(server.db);
    await post('/notifications/create', a.token, { device_token: 'dev-44' });
    await setTimes(a.token, { used: SESSION_IDLE_MS + 1000 });
    expect(
      (await post('/notifications/create', b.token, { device_token: 'dev-44' })).statusCode,
    ).toBe(200);
    expect((await owner('dev-44'))!.user_id).toBe(b.userId);
  });
});

describe('GET /teachers', () => {
  it('is for signed-in students only, as the contract says; a teacher profile stays public', async () => {
    const guest = await server.app.inject({
      method: 'GET',
      url: '/api/v1/teachers',
      headers: WEB_HEADERS,
    });
    expect(guest.statusCode).toBe(401);
    expect(guest.json().code).toBe('UNAUTHENTICATED');
    const { token } = await makeStudent(server.db);
    const signedIn = await server.app.inject({
      method: 'GET',
      url: '/api/v1/teachers',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    });
    expect(signedIn.statusCode).toBe(200);
    const teacherId = await makeTeacher(server.db);
    const profile = await server.app.inject({
      method: 'GET',
      url: `/api/v1/teachers/${teacherId}`,
      headers: WEB_HEADERS,
    });
    expect(profile.statusCode).toBe(200);
  });
});
