import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';

// The login limits, from the outside: a flood of wrong passwords is stopped with the Arabic 429
// before it can try more than the limit, and stopping it does not lock out other addresses.

/** Spec: failed logins allowed per address in an hour (a school's NAT shares one address). */
const PER_ADDRESS = 300;
/** Spec: failed logins allowed per account in an hour. */
const PER_ACCOUNT = 100;
const TOO_MANY = /^محاولات دخول خاطئة كثيرة/;
const PASSWORD = 'secret-pass-1';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

const login = (address: string, body: { login: string; password: string }) =>
  server.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: body,
    headers: WEB_HEADERS,
    remoteAddress: address,
  });

/** Wrong passwords until the first 429 (or `max` attempts); answers how many were let through. */
async function flood(address: string, max: number, loginFor: (i: number) => string) {
  for (let i = 0; i < max; i++) {
    const res = await login(address, { login: loginFor(i), password: `wrong-${i}` });
    if (res.statusCode === 429) return { allowed: i, refusal: res };
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  }
  return { allowed: max, refusal: null };
}

describe('login limits', () => {
  it('stops a wrong-password flood from one address across many logins, in Arabic, without locking out other addresses', async () => {
    const attacker = '203.0.113.7';
    const { allowed, refusal } = await flood(
      attacker,
      PER_ADDRESS + 1,
      (i) => `nobody${i}@dars.test`,
    );
    expect(refusal, `no 429 after ${allowed} wrong logins from one address`).not.toBeNull();
    expect(allowed).toBeLessThanOrEqual(PER_ADDRESS);
    expect(refusal!.statusCode).toBe(429);
    expect(apiErrorSchema.parse(refusal!.json()).message).toMatch(TOO_MANY);

    // From that address even the right password waits; from another one it works.
    const student = await makeStudent(server.db, { password: PASSWORD });
    const right = { login: student.email, password: PASSWORD };
    expect((await login(attacker, right)).statusCode).toBe(429);
    expect((await login('198.51.100.20', right)).statusCode).toBe(200);
    expect(
      (await login('198.51.100.21', { login: 'nobody@dars.test', password: 'x' })).statusCode,
    ).toBe(422);
  }, 120_000);

  it('stops a wrong-password flood on one account, even for the right password afterwards', async () => {
    const address = '203.0.113.8';
    const student = await makeStudent(server.db, { password: PASSWORD });
    const { allowed, refusal } = await flood(address, PER_ACCOUNT + 1, () => student.email);
    expect(refusal, `no 429 after ${allowed} wrong passwords for one account`).not.toBeNull();
    expect(allowed).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(apiErrorSchema.parse(refusal!.json()).message).toMatch(TOO_MANY);
    const right = await login(address, { login: student.email, password: PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.json().token).toBeUndefined();
  }, 120_000);
});
