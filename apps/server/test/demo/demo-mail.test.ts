import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, apiPost, type TestServer } from '../helpers';
import { lastCodeTo } from '../outbox';

// The demo's mailbox (issue 24): without a mail server the demo writes its mail to
// DATA_DIR/outbox/, and /demo/mail shows the newest, so a visitor can finish a password reset.
// Only the demo has the page: a school's server (no SEED) and a demo that sends real mail
// (SMTP_URL) have no such route (the app's own fallback answers the address).

const STUDENT = 'student@dars.test'; // the README's demo student

async function mailbox(server: TestServer) {
  return server.app.inject({ method: 'GET', url: '/demo/mail' });
}

async function until<T>(read: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('nothing came');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the demo (SEED=demo, no SMTP_URL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('says there is no mail yet', async () => {
    const page = await mailbox(server);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('لا توجد رسائل بعد');
  });

  it('shows the reset code the demo student was sent, newest first, never cached, no script', async () => {
    expect((await apiPost(server.app, '/password/reset', { email: STUDENT })).statusCode).toBe(200);
    const first = await until(() => {
      try {
        return lastCodeTo(server.config.dataDir, STUDENT);
      } catch {
        return undefined;
      }
    });
    // A second request: its (new) code must come before the first one's on the page.
    const outbox = path.join(server.config.dataDir, 'outbox');
    const before = fs.readdirSync(outbox).length;
    await new Promise((r) => setTimeout(r, 5));
    expect((await apiPost(server.app, '/password/reset', { email: STUDENT })).statusCode).toBe(200);
    await until(() => (fs.readdirSync(outbox).length > before ? true : undefined));
    const second = lastCodeTo(server.config.dataDir, STUDENT);

    const page = await mailbox(server);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain(`<bdi dir="ltr">${STUDENT}</bdi>`);
    expect(page.body).not.toContain('<script');
    if (second !== first) {
      expect(page.body.indexOf(second)).toBeLessThan(page.body.indexOf(first));
    }
    expect(page.body).toContain(second);
  });

  it('writes what a mail says as text, never as markup', async () => {
    const outbox = path.join(server.config.dataDir, 'outbox');
    fs.writeFileSync(
      path.join(outbox, '9999-z.json'),
      JSON.stringify({
        to: 'x@example.com',
        subject: '<img src=x onerror=alert(1)>',
        text: '</pre><script>alert(2)</script>',
        from: 'دَرس',
        date: '2026-03-01T10:05:00Z',
      }),
    );
    const page = await mailbox(server);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
    // Cairo's time (UTC+2 in March), as the app writes dates.
    expect(page.body).toContain('1 مارس 2026');
    expect(page.body).toContain('12:05');
  });

  it('shows at most the 20 newest', async () => {
    const outbox = path.join(server.config.dataDir, 'outbox');
    for (let i = 0; i < 25; i += 1) {
      fs.writeFileSync(
        path.join(outbox, `9999-${String(i).padStart(2, '0')}.json`),
        JSON.stringify({
          to: 'y@example.com',
          subject: `رسالة رقم ${i}`,
          text: '',
          date: '2026-03-01T10:05:00Z',
        }),
      );
    }
    const page = await mailbox(server);
    expect(page.body.match(/<article>/g)).toHaveLength(20);
    // Names sort by time written: 9999-z is newest, then 24 … 06.
    expect(page.body).toContain('رسالة رقم 24<');
    expect(page.body).toContain('رسالة رقم 6<');
    expect(page.body).not.toContain('رسالة رقم 5<');
  });
});

describe('no demo mailbox elsewhere', () => {
  it.each([
    ["a school's server (no SEED)", { seed: false }],
    ['a demo that sends real mail (SMTP_URL)', { env: { SMTP_URL: 'smtp://127.0.0.1:2525' } }],
  ] as const)('is not on %s', async (_, options) => {
    const server = await startTestServer(options);
    try {
      expect(server.app.hasRoute({ method: 'GET', url: '/demo/mail' })).toBe(false);
      const page = await mailbox(server);
      expect(page.statusCode).not.toBe(200); // no web build here: the app's fallback answers
      expect(page.body).not.toContain('بريد النسخة التجريبية');
    } finally {
      await server.close();
    }
  });
});
