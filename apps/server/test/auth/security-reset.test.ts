import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Mail } from '../../src/lib/mailer';
import { CODE_SENDS_PER_ACCOUNT } from '../../src/modules/auth/auth-service';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { lastMailTo } from '../outbox';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

/** Asks for reset codes for `email` from one address, returning each answer's status and body. */
async function askRepeatedly(email: string, address: string, times: number) {
  const answers: [number, string][] = [];
  for (let i = 0; i < times; i++) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/password/reset',
      headers: WEB_HEADERS,
      remoteAddress: address,
      payload: { email },
    });
    answers.push([res.statusCode, res.body]);
  }
  return answers;
}

describe('POST /password/reset does not tell who is registered', () => {
  it('answers a registered and an unknown address with the same statuses and bodies, call after call', async () => {
    const times = CODE_SENDS_PER_ACCOUNT.limit + 2;
    const { email } = await makeStudent(server.db);
    const registered = await askRepeatedly(email, '198.51.100.70', times);
    const unknown = await askRepeatedly('nobody-at-all@dars.test', '198.51.100.71', times);
    expect(unknown).toEqual(registered);
    expect(registered.map(([status]) => status)).toEqual([
      ...Array<number>(CODE_SENDS_PER_ACCOUNT.limit).fill(200),
      429,
      429,
    ]);
    await server.app.background.settle();
    expect(lastMailTo(server.config.dataDir, email)).toBeDefined();
    expect(lastMailTo(server.config.dataDir, 'nobody-at-all@dars.test')).toBeUndefined();
  });

  it('counts the per-e-mail limit however the address is written', async () => {
    const answers = await askRepeatedly('Ghost.Case@Dars.test', '198.51.100.72', 3);
    const more = await askRepeatedly('ghost.case@dars.test', '198.51.100.73', 3);
    expect([...answers, ...more].map(([s]) => s)).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('the reset mail is sent after the answer', () => {
  it('answers a registered address without waiting for a slow mail server', async () => {
    const { email } = await makeStudent(server.db);
    const sent: Mail[] = [];
    let release!: () => void;
    const mailServerDown = new Promise<void>((resolve) => (release = resolve));
    const app = await buildApp({
      db: server.db,
      dialect: server.dialect,
      config: server.config,
      mailer: { send: (mail) => mailServerDown.then(() => void sent.push(mail)) },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/password/reset',
        headers: WEB_HEADERS,
        remoteAddress: '198.51.100.74',
        payload: { email },
      });
      expect(res.statusCode).toBe(200);
      expect(sent).toHaveLength(0); // answered while the mail is still stuck
      release();
      await app.background.settle();
      expect(sent.map((m) => m.to)).toEqual([email]);
    } finally {
      release();
      await app.close();
    }
  });
});
