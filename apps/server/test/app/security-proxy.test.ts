import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';

// Behind one proxy (TRUST_PROXY=true): the proxy at 10.0.0.2 appends the address it saw.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false, env: { TRUST_PROXY: 'true' } });
});
afterAll(() => server.close());

const wrongLogin = (forwardedFor: string) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { ...WEB_HEADERS, 'x-forwarded-for': forwardedFor },
    remoteAddress: '10.0.0.2',
    payload: { login: 'victim@dars.test', password: 'wrong-password' },
  });

describe('the client address behind TRUST_PROXY=true', () => {
  it('is the entry the proxy appended: a forged leftmost entry does not reset the limits', async () => {
    for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++)
      expect((await wrongLogin(`1.2.3.${i}, 203.0.113.9`)).statusCode).toBe(422);
    const forged = await wrongLogin('9.9.9.9, 203.0.113.9');
    expect(forged.statusCode).toBe(429);
    expect(forged.json().code).toBe('TOO_MANY_REQUESTS');
    // The address the proxy saw is what counts: another real client is not blocked.
    expect((await wrongLogin('9.9.9.9, 203.0.113.10')).statusCode).toBe(422);
  });

  it('keys the per-address limits by that address, never by a forged entry', async () => {
    const keys = await server.db
      .selectFrom('rate_limits')
      .select('key')
      .where('key', 'like', 'login:address:%')
      .execute();
    expect(keys.map((k) => k.key).sort()).toEqual([
      'login:address:203.0.113.10',
      'login:address:203.0.113.9',
    ]);
  });
});

describe('HSTS behind TRUST_PROXY=true', () => {
  const app = (proto: string) =>
    server.app.inject({
      method: 'GET',
      url: '/api/v1/app',
      headers: { ...WEB_HEADERS, 'x-forwarded-proto': proto },
      remoteAddress: '10.0.0.2',
    });

  it('is sent when the proxy says the client came over https', async () => {
    expect((await app('https')).headers['strict-transport-security']).toMatch(/^max-age=31536000/);
  });

  it('is not sent when the client came over plain http', async () => {
    expect((await app('http')).headers['strict-transport-security']).toBeUndefined();
  });
});
