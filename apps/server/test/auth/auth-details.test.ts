import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PEOPLE_MESSAGES } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import {
  LAST_USE_WRITE_EVERY_MS,
  SESSION_IDLE_MS,
  SESSION_MAX_MS,
  findSession,
  issueToken,
} from '../../src/modules/auth/session-tokens';
import { hashToken } from '../../src/lib/tokens';
import { apiPost, startWithGrade, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, registrationForm } from '../factories/students';
import { lastCodeTo, lastMailTo } from '../outbox';

/**
 * The auth module's details that `npm run mutate` found unguarded (ADR 012): which field a
 * registration error names, the exact Arabic answers, how a typed login is read, a blocked
 * student's login, the first password of a staff-made account, resending the e-mail code, and
 * the session lifetimes at their exact edges.
 */

let server: TestServer;
let gradeId: number;
beforeAll(async () => ({ server, gradeId } = await startWithGrade()));
afterAll(() => server.close());

const post = (url: string, payload?: object, token?: string) =>
  apiPost(server.app, url, payload, token);
const registration = (overrides: Record<string, unknown> = {}) =>
  registrationForm(gradeId, overrides);

describe('registration answers', () => {
  it('names only the field that is taken: the e-mail alone, then the phone alone', async () => {
    const existing = await makeStudent(server.db);
    const email = await post('/register', registration({ email: existing.email }));
    expect(email.statusCode).toBe(422);
    expect(email.json()).toMatchObject({
      message: 'البريد الإلكتروني مستخدم بالفعل',
      errors: { email: ['البريد الإلكتروني مستخدم بالفعل'] },
    });
    expect(email.json().errors.phone).toBeUndefined();

    const phone = await post('/register', registration({ phone: existing.phone }));
    expect(phone.statusCode).toBe(422);
    expect(phone.json().errors).toEqual({ phone: ['رقم الهاتف مستخدم بالفعل'] });
  });

  it('says which grade is missing in Arabic', async () => {
    const res = await post('/register', registration({ grade_id: 99_999 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.grade_id).toEqual(['اختر الصف الدراسي']);
  });

  it('tells the student whether a code was mailed', async () => {
    const plain = await post('/register', registration());
    expect(plain.json().message).toBe('تم إنشاء حسابك بنجاح');
    await putSettings(server.db, { email_verification: true });
    try {
      const body = registration();
      const mailed = await post('/register', body);
      expect(mailed.json().message).toBe('تم إنشاء حسابك، أرسلنا رمز التأكيد إلى بريدك الإلكتروني');
      const mail = lastMailTo(server.config.dataDir, body.email)!;
      expect(mail.subject).toBe(
        `رمز تأكيد بريدك الإلكتروني: ${lastCodeTo(server.config.dataDir, body.email)}`,
      );
    } finally {
      await putSettings(server.db, { email_verification: false });
    }
  });
});

describe('login', () => {
  it('reads the login as typed: spaces around it, capitals in the e-mail, Arabic digits and dashes in the phone', async () => {
    const student = await makeStudent(server.db, {
      email: 'typed.login@dars.test',
      phone: '01012345678',
      password: 'typed-pass-1',
    });
    for (const login of ['  Typed.Login@DARS.test ', '٠١٠-١٢٣٤-٥٦٧٨', ' 010 1234 5678 ']) {
      const res = await post('/login', { login, password: 'typed-pass-1' });
      expect(res.statusCode, login).toBe(200);
      expect(res.json().user.id).toBe(student.userId);
    }
  });

  it('answers a wrong password with the exact Arabic text on the login field', async () => {
    await makeStudent(server.db, { email: 'wrong.pass@dars.test', password: 'right-pass-1' });
    const res = await post('/login', { login: 'wrong.pass@dars.test', password: 'not-it-at-all' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'بيانات الدخول غير صحيحة',
      errors: { login: ['بيانات الدخول غير صحيحة'] },
    });
  });

  it('refuses a blocked student with the right password, and signs nobody in', async () => {
    const student = await makeStudent(server.db, {
      email: 'blocked.login@dars.test',
      password: 'blocked-pass-1',
    });
    await server.db
      .updateTable('users')
      .set({ blocked_at: new Date().toISOString() })
      .where('id', '=', student.userId)
      .execute();
    const before = await server.db
      .selectFrom('auth_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', student.userId)
      .executeTakeFirstOrThrow();
    const res = await post('/login', {
      login: 'blocked.login@dars.test',
      password: 'blocked-pass-1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(STAFF_PEOPLE_MESSAGES.blocked);
    const after = await server.db
      .selectFrom('auth_tokens')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', student.userId)
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('says goodbye in Arabic on signing out', async () => {
    const student = await makeStudent(server.db);
    const res = await post('/logout', undefined, student.token);
    expect(res.json().message).toBe('تم تسجيل الخروج');
  });
});

describe('POST /password (the first password of an account staff made)', () => {
  it('refuses a student who has a grade: the profile page changes a password, with the old one', async () => {
    const student = await makeStudent(server.db, { password: 'first-pass-1' });
    const res = await post('/password', { password: 'taken-over-1' }, student.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('غيّر كلمة المرور من صفحة الملف الشخصي');
    const old = await post('/login', { login: student.email, password: 'first-pass-1' });
    expect(old.statusCode).toBe(200);
    const stolen = await post('/login', { login: student.email, password: 'taken-over-1' });
    expect(stolen.statusCode).toBe(422);
  });

  it('sets it for an account without a grade, ends its other sessions and signs this device in', async () => {
    const student = await makeStudent(server.db, { gradeId: null });
    const other = await issueToken(server.db, student.userId, 'android');
    const res = await post('/password', { password: 'brand-new-1' }, student.token);
    expect(res.statusCode).toBe(200);
    const { token, user } = res.json() as { token: string; user: { id: number } };
    expect(user.id).toBe(student.userId);
    expect((await post('/auth/user', undefined, token)).statusCode).toBe(200);
    expect((await post('/auth/user', undefined, other)).statusCode).toBe(401);
    expect((await post('/auth/user', undefined, student.token)).statusCode).toBe(401);
    const login = await post('/login', { login: student.email, password: 'brand-new-1' });
    expect(login.statusCode).toBe(200);
  });
});

describe('e-mail verification', () => {
  it('resends a code to an unverified student, and says so to a verified one without mailing', async () => {
    const unverified = await makeStudent(server.db, { emailVerified: false });
    const sent = await post('/verify/send', undefined, unverified.token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe('أرسلنا رمزاً جديداً إلى بريدك الإلكتروني');
    const code = lastCodeTo(server.config.dataDir, unverified.email);
    const ok = await post('/verify', { code }, unverified.token);
    expect(ok.json().user.notifications[0]).toMatchObject({
      type: 'verified',
      data: {
        type: 'default',
        title: 'تم تأكيد بريدك الإلكتروني',
        content: 'أصبح حسابك مفعّلاً بالكامل. بالتوفيق في دراستك!',
      },
    });

    const verified = await makeStudent(server.db);
    const again = await post('/verify/send', undefined, verified.token);
    expect(again.json().message).toBe('بريدك الإلكتروني مؤكد بالفعل');
    expect(lastMailTo(server.config.dataDir, verified.email)).toBeUndefined();
  });

  it('answers a wrong code on the code field', async () => {
    const unverified = await makeStudent(server.db, { emailVerified: false });
    await post('/verify/send', undefined, unverified.token);
    const sentCode = lastCodeTo(server.config.dataDir, unverified.email);
    const wrong = await post(
      '/verify',
      { code: sentCode === '123456' ? '654321' : '123456' },
      unverified.token,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([wrong.json().message]);
  });
});

describe('password reset answers', () => {
  it('mails the code under its subject, refuses a wrong code on the field, and a used link in Arabic', async () => {
    const student = await makeStudent(server.db, {
      email: 'reset.details@dars.test',
      password: 'reset-pass-1',
    });
    await post('/password/reset', { email: student.email });
    await server.app.background.settle();
    const code = lastCodeTo(server.config.dataDir, student.email);
    expect(lastMailTo(server.config.dataDir, student.email)!.subject).toBe(
      `رمز استعادة كلمة المرور: ${code}`,
    );
    const wrong = await post('/password/reset/validate', {
      email: student.email,
      code: code === '123456' ? '654321' : '123456',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual([wrong.json().message]);
    expect(wrong.json().message).toMatch(/[\u0600-\u06FF]/);

    const { url } = (
      await post('/password/reset/validate', { email: student.email, code })
    ).json() as { url: string };
    const confirm = (path: string) =>
      server.app.inject({
        method: 'POST',
        url: path,
        payload: { password: 'after-reset-1' },
        headers: WEB_HEADERS,
      });
    const done = await confirm(url);
    expect(done.json().message).toBe('تم تغيير كلمة المرور بنجاح، سجّل الدخول بكلمة المرور الجديدة');
    const reused = await confirm(url);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('انتهت صلاحية رابط الاستعادة، اطلب رمزاً جديداً');
  });
});

describe('session lifetimes at their edges', () => {
  const now = new Date('2026-11-26T10:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

  async function tokenWith(createdAt: string, lastUsedAt: string) {
    const student = await makeStudent(server.db);
    await server.db
      .updateTable('auth_tokens')
      .set({ created_at: createdAt, last_used_at: lastUsedAt })
      .where('token_hash', '=', hashToken(student.token))
      .execute();
    return student.token;
  }
  const lastUsed = async (token: string) =>
    (
      await server.db
        .selectFrom('auth_tokens')
        .select('last_used_at')
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirst()
    )?.last_used_at;

  it('ends a session idle for exactly the idle lifetime, not one a millisecond younger', async () => {
    const dead = await tokenWith(at(-SESSION_IDLE_MS - 1000), at(-SESSION_IDLE_MS));
    expect(await findSession(server.db, dead, now)).toBeNull();
    expect(await lastUsed(dead)).toBeUndefined();
    const alive = await tokenWith(at(-SESSION_IDLE_MS - 1000), at(-SESSION_IDLE_MS + 1));
    expect(await findSession(server.db, alive, now)).not.toBeNull();
  });

  it('ends a session exactly the absolute lifetime old though used a moment ago', async () => {
    const dead = await tokenWith(at(-SESSION_MAX_MS), at(-1000));
    expect(await findSession(server.db, dead, now)).toBeNull();
    const alive = await tokenWith(at(-SESSION_MAX_MS + 1), at(-1000));
    expect(await findSession(server.db, alive, now)).not.toBeNull();
  });

  it('writes the last use once it is as old as the write interval, and not before', async () => {
    const fresh = await tokenWith(at(-60_000), at(-LAST_USE_WRITE_EVERY_MS + 1));
    await findSession(server.db, fresh, now);
    expect(await lastUsed(fresh)).toBe(at(-LAST_USE_WRITE_EVERY_MS + 1));
    const due = await tokenWith(at(-60_000), at(-LAST_USE_WRITE_EVERY_MS));
    await findSession(server.db, due, now);
    expect(await lastUsed(due)).toBe(now.toISOString());
  });

  it("drops a student's dead sessions when a new one starts, and keeps the live ones", async () => {
    const student = await makeStudent(server.db);
    const old = await issueToken(server.db, student.userId, 'web');
    const idle = await issueToken(server.db, student.userId, 'web');
    const long = new Date(Date.now() - SESSION_MAX_MS - 60_000).toISOString();
    await server.db
      .updateTable('auth_tokens')
      .set({ created_at: long })
      .where('token_hash', '=', hashToken(old))
      .execute();
    await server.db
      .updateTable('auth_tokens')
      .set({ last_used_at: long })
      .where('token_hash', '=', hashToken(idle))
      .execute();
    await issueToken(server.db, student.userId, 'web');
    const left = await server.db
      .selectFrom('auth_tokens')
      .select('token_hash')
      .where('user_id', '=', student.userId)
      .execute();
    const hashes = left.map((r) => r.token_hash);
    expect(hashes).not.toContain(hashToken(old));
    expect(hashes).not.toContain(hashToken(idle));
    expect(hashes).toContain(hashToken(student.token));
    expect(hashes).toHaveLength(2);
  });
});
