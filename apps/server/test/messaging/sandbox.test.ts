import { afterAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import { startStandIn } from './provider-stand-in';

// The messages' sandbox (ADR 053, as the payments' in ADR 032): it records what would be sent
// and sends nothing, and it never runs on a school's server unless switched on. Unset, it runs
// only for the demo (SEED=demo) while no provider has credentials; MESSAGES_SANDBOX=on runs it
// anywhere (with a warning under NODE_ENV=production), `off` never.

const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});

async function serverWith(env: Record<string, string>, seed = false) {
  const server = await startTestServer({ seed, env: { JOBS_POLL_MS: '100', ...env } });
  servers.push(server);
  const admin = await makeStaff(server.db, 'admin');
  const student = await makeStudent(server.db, {
    email: `sandbox${servers.length}@school.example`,
  });
  await server.db
    .updateTable('users')
    .set({ parent_phone: '01098765432' })
    .where('id', '=', student.userId)
    .execute();
  const send = () =>
    server.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/parent-messages`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
      payload: { audience: 'student', student_id: student.userId, content: 'رسالة تجريبية' },
    });
  return { server, send, student };
}

const NO_CHANNEL =
  'إرسال الرسائل غير متاح على هذا الخادم: لم تُضبط خدمة واتساب ولا خدمة الرسائل القصيرة';

describe('a school’s server (SEED unset)', () => {
  it.for(['production', 'development', 'test'])(
    'has no sandbox under NODE_ENV=%s: nothing is sent or recorded, and it says why',
    async (nodeEnv) => {
      const { server, send, student } = await serverWith({ NODE_ENV: nodeEnv });
      const res = await send();
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(NO_CHANNEL);
      const rows = await server.db
        .selectFrom('messages')
        .select('id')
        .where('user_id', '=', student.userId)
        .execute();
      expect(rows).toEqual([]);
      expect(server.app.hasRoute({ method: 'GET', url: '/demo/messages' })).toBe(false);
    },
  );

  it('runs the sandbox when switched on, also under production', async () => {
    const { server, send, student } = await serverWith({
      NODE_ENV: 'production',
      MESSAGES_SANDBOX: 'on',
      LOG_LEVEL: 'warn',
    });
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    await server.app.jobs.idle();
    const [row] = await server.db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', student.userId)
      .execute();
    expect(row).toMatchObject({ state: 'sent', provider: 'sandbox', channel: 'whatsapp' });
    expect(row!.provider_message_id).toBe(`sandbox-${row!.id}`);
  });
});

describe('the demo (SEED=demo)', () => {
  it('records the message in the sandbox and shows it at /demo/messages', async () => {
    const { server, send } = await serverWith({}, true);
    expect((await send()).statusCode).toBe(200);
    await server.app.jobs.idle();
    const page = await server.app.inject({ method: 'GET', url: '/demo/messages' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('دَرس: رسالة تجريبية');
    expect(page.body).toContain('<bdi dir="ltr">01098765432</bdi>');
    expect(page.body).toContain('واتساب إلى ولي الأمر');
    expect(page.body).not.toContain('<script');
  });

  it('uses a provider with credentials instead of the sandbox, and has no sandbox page', async () => {
    const provider = await startStandIn();
    try {
      const { server, send, student } = await serverWith(
        {
          CEQUENS_API_TOKEN: 'token',
          CEQUENS_SENDER_NAME: 'Dars',
          CEQUENS_BASE_URL: provider.url,
        },
        true,
      );
      expect((await send()).statusCode).toBe(200);
      await server.app.jobs.idle();
      const [row] = await server.db
        .selectFrom('messages')
        .selectAll()
        .where('user_id', '=', student.userId)
        .execute();
      expect(row).toMatchObject({ provider: 'cequens', channel: 'sms', state: 'sent' });
      expect(provider.taken).toHaveLength(1);
      expect(server.app.hasRoute({ method: 'GET', url: '/demo/messages' })).toBe(false);
    } finally {
      await provider.close();
    }
  });

  it('never runs the sandbox with MESSAGES_SANDBOX=off', async () => {
    const { send } = await serverWith({ MESSAGES_SANDBOX: 'off' }, true);
    const res = await send();
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(NO_CHANNEL);
  });
});
