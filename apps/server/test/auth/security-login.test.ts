import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../../src/modules/auth/login-throttle';
import { startWithGrade, WEB_HEADERS, type TestServer } from '../helpers';

let server: TestServer;
let gradeId: number;
beforeAll(async () => ({ server, gradeId } = await startWithGrade()));
afterAll(() => server.close());

const PASSWORD = 'owner-pass-123';
let seq = 0;

/** A new student who has signed in once from `home`, which makes it a known address. */
async function owner(home: string): Promise<{ email: string; id: number }> {
  seq += 1;
  const email = `owner${seq}@dars.test`;
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/v1/register',
    headers: WEB_HEADERS,
    remoteAddress: home,
    payload: {
      name: 'طالب',
      email,
      phone: `0111000${String(seq).padStart(4, '0')}`,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      grade_id: gradeId,
    },
  });
  expect(res.statusCode).toBe(200);
  expect((await login(email, PASSWORD, home)).statusCode).toBe(200);
  return { email, id: res.json().user.id };
}

function login(email: string, password: string, address: string) {
  return server.app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: WEB_HEADERS,
    remoteAddress: address,
    payload: { login: email, password },
  });
}

/** Moves a limit's window into the past, as if `ms` had gone by (no sleeping). */
async function age(key: string, ms: number): Promise<void> {
  const row = await server.db
    .selectFrom('rate_limits')
    .select('window_start')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  await server.db
    .updateTable('rate_limits')
    .set({ window_start: new Date(Date.parse(row.window_start) - ms).toISOString() })
    .where('key', '=', key)
    .execute();
}

describe('login limits', () => {
  it('checks at most the limit of 200 parallel wrong passwords, and the owner still signs in at home', async () => {
    const { email } = await owner('203.0.113.1');
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => login(email, 'wrong-password', '198.51.100.1')),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(LOGIN_LIMITS.accountAddress.limit);
    expect(statuses.filter((s) => s === 422)).toHaveLength(LOGIN_LIMITS.accountAddress.limit);
    const refused = answers.find((a) => a.statusCode === 429)!.json();
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.message).toMatch(/محاولات دخول/);

    expect((await login(email, PASSWORD, '198.51.100.1')).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '203.0.113.1')).statusCode).toBe(200);
  });

  it('locks an account sprayed from many addresses for new addresses only, never at a known one', async () => {
    const { email } = await owner('203.0.113.2');
    const perAddress = LOGIN_LIMITS.accountAddress.limit;
    const addresses = LOGIN_LIMITS.accountFromUnknownAddresses.limit / perAddress;
    await Promise.all(
      Array.from({ length: addresses }, async (_, a) => {
        for (let i = 0; i < perAddress; i++)
          expect((await login(email, 'wrong-password', `198.51.101.${a}`)).statusCode).toBe(422);
      }),
    );
    // A stranger's right guess from yet another address is refused without being checked…
    const guess = await login(email, PASSWORD, '198.51.102.1');
    expect(guess.statusCode).toBe(429);
    expect(guess.json().code).toBe('TOO_MANY_REQUESTS');
    // …while the owner, at an address they signed in from before, is not locked out.
    expect((await login(email, PASSWORD, '203.0.113.2')).statusCode).toBe(200);
  });

  it('doubles the lockout each time the same account and address use it up again', async () => {
    const { email, id } = await owner('203.0.113.3');
    const key = `login:account-address:user:${id}:198.51.100.3`;
    const window = LOGIN_LIMITS.accountAddress.windowMs;
    const useUp = async () => {
      for (let i = 0; i < LOGIN_LIMITS.accountAddress.limit; i++)
        expect((await login(email, 'wrong-password', '198.51.100.3')).statusCode).toBe(422);
      expect((await login(email, 'wrong-password', '198.51.100.3')).statusCode).toBe(429);
    };

    await useUp();
    await age(key, window - 60_000);
    expect((await login(email, PASSWORD, '198.51.100.3')).statusCode).toBe(429);
    await age(key, 61_000); // the first lockout lasts one window
    await useUp();
    await age(key, window + 60_000); // the second lasts two
    expect((await login(email, PASSWORD, '198.51.100.3')).statusCode).toBe(429);
    await age(key, window);
    expect((await login(email, PASSWORD, '198.51.100.3')).statusCode).toBe(200);
  });

  it('answers an unknown login exactly as a registered one, attempt after attempt', async () => {
    const { email } = await owner('203.0.113.4');
    const run = async (login_: string) => {
      const out = [];
      for (let i = 0; i <= LOGIN_LIMITS.accountAddress.limit; i++) {
        const res = await login(login_, 'wrong-password', '198.51.100.4');
        out.push([res.statusCode, res.body]);
      }
      return out;
    };
    const registered = await run(email);
    const unknown = await run('nobody-here@dars.test');
    expect(unknown).toEqual(registered);
    expect(registered.at(-1)![0]).toBe(429);
  });

  it('gives a good sign-in its reservation back, so a school address is not used up by successes', async () => {
    const { email } = await owner('203.0.113.5');
    for (let i = 0; i < 5; i++)
      expect((await login(email, PASSWORD, '203.0.113.5')).statusCode).toBe(200);
    const row = await server.db
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', 'login:address:203.0.113.5')
      .executeTakeFirst();
    expect(row?.count ?? 0).toBe(0);
  });
});
