import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { lastMailTo } from '../outbox';
import type { TestStudent } from '../factories/students';
import { makeTeacher } from '../factories/catalog';
import { makeStaff } from './staff-factory';

/**
 * Staff invitations (ADR 048): an admin adds a colleague without a password; a link by e-mail
 * sets it, once, for 72 hours; a newer invitation ends the older; the link signs the account in
 * and ends its earlier sessions; every step is audited. Figures by hand: 72 h = 259,200,000 ms.
 */

const SEVENTY_TWO_HOURS_MS = 72 * 60 * 60 * 1000;
const INVALID = 'رابط الدعوة غير صالح أو انتهت صلاحيته، اطلب من مدير المدرسة دعوة جديدة';

let server: TestServer;
let admin: TestStudent;
let teacherId: number;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  admin = await makeStaff(server.db, 'admin', { name: 'مديرة المدرسة' });
  teacherId = await makeTeacher(server.db, { name: 'أ. سامي فؤاد' });
});
afterAll(() => server.close());

function send(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token?: string,
) {
  return server.app.inject({
    method,
    url: API_BASE + url,
    headers: {
      ...WEB_HEADERS,
      host: 'school.example',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

function details() {
  seq += 1;
  return {
    name: `أ. مدرس ${seq}`,
    email: `invited-${seq}-${Date.now()}@school.example`,
    phone: `0115${String(Date.now() + seq).slice(-7)}`,
  };
}

/** The token of the newest invitation mailed to `email` (after `#` in its link). */
function mailedToken(email: string): { token: string; url: string; text: string } {
  const mail = lastMailTo(server.config.dataDir, email);
  const url = mail?.text.match(/https?:\/\/\S+/)?.[0];
  const token = url?.split('#')[1];
  if (!mail || !url || !token) throw new Error(`no invitation mailed to ${email}`);
  return { token, url, text: mail.text };
}

async function invite(role: 'teacher' | 'leader' = 'teacher') {
  const who = details();
  const res = await send(
    'POST',
    '/staff/accounts',
    { ...who, role, ...(role === 'teacher' ? { teacher_id: teacherId } : {}) },
    admin.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { ...who, id: res.json().data.id as number, account: res.json().data };
}

const login = (email: string, password: string) =>
  send('POST', '/staff/login', { email, password });

describe('an account made without a password is invited', () => {
  it('mails a one-time link to the console, waiting 72 hours; no password signs in before it', async () => {
    const before = Date.now();
    const who = await invite();
    const after = Date.now();
    const waits = Date.parse(who.account.invitation_expires_at);
    expect(waits).toBeGreaterThanOrEqual(before + SEVENTY_TWO_HOURS_MS);
    expect(waits).toBeLessThanOrEqual(after + SEVENTY_TWO_HOURS_MS);

    const mail = mailedToken(who.email);
    // On the site the console was opened at, the token after '#' (no log keeps it).
    expect(mail.url).toBe(`http://school.example/staff/set-password#${mail.token}`);
    expect(lastMailTo(server.config.dataDir, who.email)!.subject).toBe(
      'دعوة للانضمام إلى لوحة إدارة دَرس',
    );
    expect(mail.text).toContain(`مرحباً ${who.name}،`);
    expect(mail.text).toContain('أضافك مدير المدرسة إلى لوحة إدارة دَرس بصفتك مدرس.');
    expect(mail.text).toContain(`ستدخل بعدها ببريدك: ${who.email}`);
    expect(mail.text).toContain('الرابط صالح لمدة 72 ساعة ولمرة واحدة.');
    expect(mail.text).toContain('إذا لم تكن تتوقع هذه الرسالة فتجاهلها.');
    // The token is not stored as it is.
    const stored = await server.db.selectFrom('one_time_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(mail.token);

    for (const guess of ['dars12345', '12345678', mail.token]) {
      expect((await login(who.email, guess)).json().code).toBe('INVALID_CREDENTIALS');
    }
  });

  it('with a password the account signs in at once and no invitation is sent', async () => {
    const who = details();
    const res = await send(
      'POST',
      '/staff/accounts',
      { ...who, role: 'leader', password: 'leader-pass-1' },
      admin.token,
    );
    expect(res.json().data.invitation_expires_at).toBeNull();
    expect(lastMailTo(server.config.dataDir, who.email)).toBeUndefined();
    expect((await login(who.email, 'leader-pass-1')).statusCode).toBe(200);
  });
});

describe('the link', () => {
  it('says whose it is, sets the password once, signs the teacher in as their profile', async () => {
    const who = await invite();
    const { token } = mailedToken(who.email);

    const check = await send('POST', '/staff/invitation/check', { token });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({ name: who.name, email: who.email, role: 'teacher' });

    const short = await send('POST', '/staff/invitation/accept', { token, password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password[0]).toMatch(/[\u0600-\u06FF]/);

    const accepted = await send('POST', '/staff/invitation/accept', {
      token,
      password: 'teacher-pass-1',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { token: session, user } = accepted.json().data;
    expect(user).toMatchObject({ id: who.id, role: 'teacher', teacher_id: teacherId });
    const me = await send('GET', '/staff/me', undefined, session);
    expect(me.json().data).toMatchObject({ email: who.email, teacher_id: teacherId });
    expect((await login(who.email, 'teacher-pass-1')).statusCode).toBe(200);

    // Used up: neither check nor accept takes it again, and the password stays.
    const again = await send('POST', '/staff/invitation/accept', {
      token,
      password: 'someone-else-1',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'INVALID_CODE', message: INVALID });
    expect((await send('POST', '/staff/invitation/check', { token })).statusCode).toBe(422);
    expect((await login(who.email, 'someone-else-1')).json().code).toBe('INVALID_CREDENTIALS');

    // Nothing waits any more.
    const account = await send('GET', `/staff/accounts/${who.id}`, undefined, admin.token);
    expect(account.json().data.invitation_expires_at).toBeNull();

    // Audited as the account's own act.
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource', '=', 'accounts')
      .where('resource_id', '=', String(who.id))
      .orderBy('id')
      .execute();
    expect(audit.map((r) => [r.action, r.user_id])).toEqual([
      ['create', admin.userId],
      ['accept_invitation', who.id],
    ]);
    expect(JSON.parse(audit[1]!.after!)).toEqual({ id: who.id, email: who.email });
  });

  it('a made-up or cut token is refused with the Arabic reason', async () => {
    const who = await invite();
    const { token } = mailedToken(who.email);
    for (const bad of [`${token.slice(0, -1)}x`, 'x'.repeat(43), token.slice(0, 20)]) {
      const res = await send('POST', '/staff/invitation/accept', {
        token: bad,
        password: 'teacher-pass-1',
      });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().message).toBe(INVALID);
      // Under the field, for the page to show.
      expect(res.json().errors.token).toEqual([INVALID]);
    }
    // The real one still works after the wrong ones.
    expect((await send('POST', '/staff/invitation/check', { token })).statusCode).toBe(200);
  });

  it('lapses after 72 hours, and the account shows it lapsed', async () => {
    const who = await invite();
    const { token } = mailedToken(who.email);
    const lapsed = new Date(Date.now() - 1000).toISOString();
    await server.db
      .updateTable('one_time_codes')
      .set({ expires_at: lapsed })
      .where('user_id', '=', who.id)
      .where('purpose', '=', 'staff_invitation')
      .execute();
    expect((await send('POST', '/staff/invitation/check', { token })).statusCode).toBe(422);
    const res = await send('POST', '/staff/invitation/accept', { token, password: 'late-pass-1' });
    expect(res.statusCode).toBe(422);
    expect((await login(who.email, 'late-pass-1')).json().code).toBe('INVALID_CREDENTIALS');
    const account = await send('GET', `/staff/accounts/${who.id}`, undefined, admin.token);
    expect(account.json().data.invitation_expires_at).toBe(lapsed);
  });

  it('stops working once the account is no longer staff', async () => {
    const who = await invite('leader');
    const { token } = mailedToken(who.email);
    expect(
      (await send('DELETE', `/staff/accounts/${who.id}`, undefined, admin.token)).statusCode,
    ).toBe(200);
    const res = await send('POST', '/staff/invitation/accept', { token, password: 'gone-pass-1' });
    expect(res.statusCode).toBe(422);
    expect((await send('POST', '/staff/invitation/check', { token })).statusCode).toBe(422);
  });
});

describe('two tabs with the same link', () => {
  it('set the password once: one is signed in, the other told the link is used', async () => {
    const who = await invite('leader');
    const { token } = mailedToken(who.email);
    const answers = await Promise.all(
      ['first-tab-pass-1', 'second-tab-pass-1'].map((password) =>
        send('POST', '/staff/invitation/accept', { token, password }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    const won = answers.findIndex((a) => a.statusCode === 200);
    const passwords = ['first-tab-pass-1', 'second-tab-pass-1'];
    expect((await login(who.email, passwords[won]!)).statusCode).toBe(200);
    expect((await login(who.email, passwords[1 - won]!)).json().code).toBe('INVALID_CREDENTIALS');
  });
});

describe('the accounts list', () => {
  it('answers an empty page when nothing matches', async () => {
    const res = await send('GET', '/staff/accounts?q=nobody-matches-this', undefined, admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('inviting again', () => {
  it('gives a new link and ends the old one; accepting ends the sessions the account had', async () => {
    const member = await makeStaff(server.db, 'leader', { password: 'old-pass-12' });
    const email = (
      await server.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', member.userId)
        .executeTakeFirstOrThrow()
    ).email!;
    const first = await send(
      'POST',
      `/staff/accounts/${member.userId}/invitation`,
      undefined,
      admin.token,
    );
    expect(first.statusCode, first.body).toBe(200);
    const second = await send(
      'POST',
      `/staff/accounts/${member.userId}/invitation`,
      undefined,
      admin.token,
    );
    const a = first.json().data;
    const b = second.json().data;
    expect(b).toMatchObject({ email, mailed: true });
    expect(b.url).not.toBe(a.url);
    expect(mailedToken(email).url).toBe(b.url);

    const oldToken = a.url.split('#')[1];
    const newToken = b.url.split('#')[1];
    expect((await send('POST', '/staff/invitation/check', { token: oldToken })).statusCode).toBe(
      422,
    );
    const accepted = await send('POST', '/staff/invitation/accept', {
      token: newToken,
      password: 'new-pass-123',
    });
    expect(accepted.statusCode).toBe(200);
    // The session the account had before is over; the new password works, the old does not.
    expect((await send('GET', '/staff/me', undefined, member.token)).statusCode).toBe(401);
    expect((await login(email, 'new-pass-123')).statusCode).toBe(200);
    expect((await login(email, 'old-pass-12')).json().code).toBe('INVALID_CREDENTIALS');
  });

  it('answers 404 for an account that is not staff', async () => {
    const res = await send('POST', '/staff/accounts/999999/invitation', undefined, admin.token);
    expect(res.statusCode).toBe(404);
  });
});

describe('the link is not guessable by trying', () => {
  it('one address gets 30 tries an hour, then 429', async () => {
    const headers = { ...WEB_HEADERS, 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const res = await server.app.inject({
        method: 'POST',
        url: `${API_BASE}/staff/invitation/check`,
        headers,
        remoteAddress: '203.0.113.77',
        payload: { token: `guess-${i}-${'x'.repeat(30)}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('setting passwords counts too, per address: another address is not held up', async () => {
    const who = await invite('leader');
    const { token } = mailedToken(who.email);
    const accept = (address: string, body: object) =>
      server.app.inject({
        method: 'POST',
        url: `${API_BASE}/staff/invitation/accept`,
        headers: WEB_HEADERS,
        remoteAddress: address,
        payload: body,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push(
        (
          await accept('203.0.113.78', {
            token: `guess-${i}-${'y'.repeat(30)}`,
            password: 'guess-pass-1',
          })
        ).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect((await accept('203.0.113.78', { token, password: 'real-pass-12' })).statusCode).toBe(
      429,
    );
    expect((await accept('203.0.113.79', { token, password: 'real-pass-12' })).statusCode).toBe(
      200,
    );
  });
});

describe('a mail server that refuses', () => {
  let failing: TestServer;
  let head: TestStudent;
  beforeAll(async () => {
    // Nothing listens on port 1: the mail cannot be handed over.
    failing = await startTestServer({ seed: false, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    head = await makeStaff(failing.db, 'admin');
  });
  afterAll(() => failing.close());

  it('still makes the account, and the link the admin gets works', async () => {
    const who = details();
    const made = await failing.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/accounts`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${head.token}` },
      payload: { ...who, role: 'leader' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const invited = await failing.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/accounts/${made.json().data.id}/invitation`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${head.token}` },
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().data.mailed).toBe(false);
    const token = invited.json().data.url.split('#')[1];
    const accepted = await failing.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/invitation/accept`,
      headers: WEB_HEADERS,
      payload: { token, password: 'by-whatsapp-1' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });
});
