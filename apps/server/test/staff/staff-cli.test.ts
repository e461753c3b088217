import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES, VALIDATION_MESSAGES } from '@dars/contract';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/database';
import { makeStudent } from '../factories/students';
import { makeTeacher } from '../factories/catalog';
import { WEB_HEADERS } from '../helpers';
import { lastMailTo } from '../outbox';

/**
 * `npm run staff -- create-admin …` (ADR 022, ADR 028) run for real, as an operator would, on
 * a database nobody has touched yet (a new SQLite file, or a new PostgreSQL schema when
 * TEST_DATABASE_URL is set): the command migrates it, makes the admin, and the admin then signs
 * in through the staff API. Refusals say why (in the contract's Arabic) and exit non-zero.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const pgUrl = process.env.TEST_DATABASE_URL || undefined;

let dataDir: string;
let schema: string | undefined;
let databaseUrl = '';
let database: Database | undefined;
let app: FastifyInstance | undefined;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The staff command on the test's database: what `npm run staff -- <args>` runs (the server's
 * `staff` script, `node --import tsx …`), started directly — two npm processes before it cost
 * a second of CPU each run, and the file runs twelve. `viaNpm`: the README's own command, from
 * the repository's root (the first test), so the script's wiring is proven too.
 */
function staffCommand(
  args: string[],
  env: Record<string, string> = {},
  viaNpm = false,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const [command, commandArgs, cwd] = viaNpm
      ? ['npm', ['run', '--silent', 'staff', '--', ...args], ROOT]
      : [
          process.execPath,
          ['--import', 'tsx', 'src/modules/auth/staff-cli.ts', ...args],
          path.join(ROOT, 'apps/server'),
        ];
    const child = spawn(command, commandArgs, {
      cwd,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'silent',
        STAFF_PASSWORD: '',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The API on the database the command wrote to (opened after the command's first run). */
async function api(): Promise<{ app: FastifyInstance; db: Database['db'] }> {
  if (!app || !database) {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    });
    database = openDatabase({
      databaseUrl: config.databaseUrl,
      sqliteFile: path.join(dataDir, 'dars.sqlite'),
      pgSchema: schema,
      poolSize: 2,
    });
    app = await buildApp({ db: database.db, dialect: database.dialect, config });
    await app.ready();
  }
  return { app, db: database.db };
}

async function staffLogin(email: string, password: string) {
  const { app } = await api();
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/staff/login',
    headers: WEB_HEADERS,
    payload: { email, password },
  });
  return res;
}

async function me(token: string) {
  const { app } = await api();
  return app.inject({
    method: 'GET',
    url: '/api/v1/staff/me',
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-staff-cli-'));
  if (pgUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    const url = new URL(pgUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
});

afterAll(async () => {
  await app?.close();
  await database?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl && schema) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  }
});

const FIRST = {
  email: 'Head@School.Example',
  name: 'مدير المدرسة',
  phone: '01012345678',
  password: 'first-admin-1',
};

// Each run starts Node and tsx (seconds each on a busy machine); the last test runs four.
describe('npm run staff -- create-admin', { timeout: 180_000 }, () => {
  it('makes the first admin in a new database, who then signs in at the staff API', async () => {
    if (!pgUrl) expect(fs.existsSync(path.join(dataDir, 'dars.sqlite'))).toBe(false);
    const run = await staffCommand(
      [
        'create-admin',
        '--email',
        FIRST.email,
        '--name',
        FIRST.name,
        '--phone',
        FIRST.phone,
        '--password',
        FIRST.password,
      ],
      {},
      true,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('head@school.example');

    const login = await staffLogin('head@school.example', FIRST.password);
    expect(login.statusCode, login.body).toBe(200);
    const { token, user } = login.json().data as {
      token: string;
      user: { name: string; role: string };
    };
    expect(user).toMatchObject({ name: FIRST.name, role: 'admin' });
    // An admin's call: the staff accounts list (admin only) names the new account.
    const { app, db } = await api();
    const accounts = await app.inject({
      method: 'GET',
      url: '/api/v1/staff/accounts',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json().data).toEqual([
      expect.objectContaining({ email: 'head@school.example', phone: FIRST.phone, role: 'admin' }),
    ]);
    // The audit log names the command line as who made it.
    const audit = await db.selectFrom('staff_audit_log').selectAll().execute();
    expect(audit).toEqual([
      expect.objectContaining({
        user_id: null,
        user_name: 'سطر الأوامر',
        action: 'create',
        resource: 'accounts',
      }),
    ]);
    // A wrong password still fails: the command stored a real hash of the one it was given.
    const wrong = await staffLogin('head@school.example', 'first-admin-2');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe('بيانات الدخول غير صحيحة');
  });

  it('refuses a weak password in Arabic, exits non-zero and makes nobody', async () => {
    const run = await staffCommand(
      [
        'create-admin',
        '--email',
        'weak@school.example',
        '--name',
        'ضعيف',
        '--phone',
        '01112345678',
      ],
      { STAFF_PASSWORD: 'short' },
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(VALIDATION_MESSAGES.passwordMin);
    expect(run.stderr).toContain('usage: npm run staff -- create-admin');
    const { db } = await api();
    const row = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'weak@school.example')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('refuses a phone number another account has, in Arabic, and makes nobody', async () => {
    const run = await staffCommand([
      'create-admin',
      '--email',
      'second@school.example',
      '--name',
      'مدير ثان',
      '--phone',
      FIRST.phone,
      '--password',
      'second-admin-1',
    ]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(STAFF_MESSAGES.phoneTaken);
    const { db } = await api();
    const rows = await db.selectFrom('users').select('email').execute();
    expect(rows.map((r) => r.email)).toEqual(['head@school.example']);
  });

  it('refuses a missing or unknown command with its usage', async () => {
    const run = await staffCommand(['make-admin', '--email', 'x@school.example']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('usage: npm run staff -- create-admin');
  });

  it('turns the e-mail of an existing account into an admin, keeping its password unless given one', async () => {
    const { db } = await api();
    const student = await makeStudent(db, {
      gradeId: null,
      email: 'teacher.ali@school.example',
      password: 'student-pass-1',
    });
    expect((await staffLogin(student.email, 'student-pass-1')).statusCode).toBe(403);

    // A weak new password for it is refused before anything changes.
    const weak = await staffCommand([
      'create-admin',
      '--email',
      student.email,
      '--password',
      'abc',
    ]);
    expect(weak.code).not.toBe(0);
    expect(weak.stderr).toContain(VALIDATION_MESSAGES.passwordMin);
    expect((await staffLogin(student.email, 'student-pass-1')).statusCode).toBe(403);

    const run = await staffCommand(['create-admin', '--email', ` ${student.email.toUpperCase()} `]);
    expect(run.code, run.stderr).toBe(0);
    const login = await staffLogin(student.email, 'student-pass-1');
    expect(login.statusCode, login.body).toBe(200);
    const { token } = login.json().data as { token: string };
    expect((await me(token)).json().data).toMatchObject({ id: student.userId, role: 'admin' });

    // Run again for an admin already: nothing to do, said so, success.
    const again = await staffCommand(['create-admin', '--email', student.email]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/already an admin/);
    const audit = await db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource_id', '=', String(student.userId))
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({ action: 'update', before: expect.stringContaining('null') }),
    ]);
  });
});

describe('npm run staff -- create-teacher', { timeout: 180_000 }, () => {
  it('makes a teacher’s login working as one teacher profile, and refuses one without it', async () => {
    const { db } = await api();
    const teacher = await makeTeacher(db, { name: 'أ. منى الجمال' });
    const without = await staffCommand([
      'create-teacher',
      '--email',
      'mona@school.example',
      '--name',
      'منى الجمال',
      '--phone',
      '01098765432',
      '--password',
      'mona-pass-1',
    ]);
    expect(without.code).toBe(2);
    expect(without.stderr).toContain('teacher_id: اختر المدرس الذي يعمل به هذا الحساب');
    const run = await staffCommand([
      'create-teacher',
      '--email',
      'mona@school.example',
      '--name',
      'منى الجمال',
      '--phone',
      '01098765432',
      '--teacher-id',
      String(teacher),
      '--password',
      'mona-pass-1',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const login = await staffLogin('mona@school.example', 'mona-pass-1');
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.user).toMatchObject({ role: 'teacher', teacher_id: teacher });
    // Again for the same e-mail: refused, nothing changed.
    const again = await staffCommand([
      'create-teacher',
      '--email',
      'mona@school.example',
      '--teacher-id',
      String(teacher),
    ]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('email: ');
  });

  // Without a password the login is invited, as the console's staff accounts invite (ADR 048):
  // the link is on the --site given, mailed (to DATA_DIR/outbox without SMTP_URL) and printed.
  it('invites a teacher made without a password: a link on --site, mailed and printed, that the invitation check accepts', async () => {
    const { app, db } = await api();
    const teacher = await makeTeacher(db, { name: 'أ. سامي فؤاد' });
    const before = Date.now();
    const run = await staffCommand([
      'create-teacher',
      '--email',
      'Sami@School.Example',
      '--name',
      'سامي فؤاد',
      '--phone',
      '01098765433',
      '--teacher-id',
      String(teacher),
      '--site',
      'https://school.example',
    ]);
    const after = Date.now();
    expect(run.code, run.stderr).toBe(0);
    const printed = run.stdout.match(/https:\/\/school\.example\/staff\/set-password#(\S+)/);
    expect(printed, run.stdout).not.toBeNull();
    const token = printed![1]!;
    expect(run.stdout).toContain('the link was mailed to sami@school.example.');
    expect(run.stderr).toBe('');

    // The mail holds the same link, in the console's words.
    const mail = lastMailTo(dataDir, 'sami@school.example');
    expect(mail?.subject).toBe('دعوة للانضمام إلى لوحة إدارة دَرس');
    expect(mail?.text).toContain(`\nhttps://school.example/staff/set-password#${token}\n`);
    expect(mail?.text).toContain('مرحباً سامي فؤاد،');
    expect(mail?.text).toContain('بصفتك مدرس.');
    expect(mail?.text).toContain('الرابط صالح لمدة 72 ساعة ولمرة واحدة.');

    // A teacher's login working as the profile, invited for 72 hours (259,200,000 ms).
    const user = await db
      .selectFrom('users')
      .innerJoin('teacher_logins', 'teacher_logins.user_id', 'users.id')
      .select(['users.id', 'users.group_id', 'teacher_logins.teacher_id'])
      .where('users.email', '=', 'sami@school.example')
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ group_id: 3, teacher_id: teacher });
    const codes = await db
      .selectFrom('one_time_codes')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({ purpose: 'staff_invitation', used_at: null });
    expect(codes[0]!.code_hash).not.toBe(token);
    expect(Date.parse(codes[0]!.expires_at)).toBeGreaterThanOrEqual(before + 259_200_000);
    expect(Date.parse(codes[0]!.expires_at)).toBeLessThanOrEqual(after + 259_200_000);

    // No password signs in before the link sets one: not the demo's, not the token itself.
    for (const guess of ['dars12345', '12345678', token]) {
      const login = await staffLogin('sami@school.example', guess);
      expect(login.json().code, guess).toBe('INVALID_CREDENTIALS');
    }

    // The invitation check accepts the mailed token, and the link sets the password.
    const headers = { ...WEB_HEADERS, host: 'school.example' };
    const check = await app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitation/check',
      headers,
      payload: { token },
    });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({
      name: 'سامي فؤاد',
      email: 'sami@school.example',
      role: 'teacher',
    });
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitation/accept',
      headers,
      payload: { token, password: 'sami-pass-1' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const login = await staffLogin('sami@school.example', 'sami-pass-1');
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data.user).toMatchObject({ role: 'teacher', teacher_id: teacher });
  });

  it('puts the link on the --site given, as an origin, and says so when the mail could not go', async () => {
    const { db } = await api();
    const teacher = await makeTeacher(db, { name: 'أ. هدى رمزي' });
    // A mail server nobody listens on: the login is made all the same, and the link printed.
    const run = await staffCommand(
      [
        'create-teacher',
        '--email',
        'huda@school.example',
        '--name',
        'هدى رمزي',
        '--phone',
        '01098765434',
        '--teacher-id',
        String(teacher),
        '--site',
        'HTTP://Centre.School.Example:8080/',
      ],
      { SMTP_URL: 'smtp://127.0.0.1:9' },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^http:\/\/centre\.school\.example:8080\/staff\/set-password#[A-Za-z0-9_-]{16,}$/m,
    );
    expect(run.stdout).not.toContain('the link was mailed');
    expect(run.stderr).toContain('the link was NOT mailed');
    expect(run.stderr).toContain('pass it on yourself.');
    expect(lastMailTo(dataDir, 'huda@school.example')).toBeUndefined();
    const made = await db
      .selectFrom('users')
      .select('group_id')
      .where('email', '=', 'huda@school.example')
      .executeTakeFirst();
    expect(made).toEqual({ group_id: 3 });
  });

  it('refuses an invitation with no site, or a site that is not an address, and makes nobody', async () => {
    const { db } = await api();
    const teacher = await makeTeacher(db, { name: 'أ. رامي نبيل' });
    const args = [
      'create-teacher',
      '--email',
      'rami@school.example',
      '--name',
      'رامي نبيل',
      '--phone',
      '01098765435',
      '--teacher-id',
      String(teacher),
    ];
    const noSite = await staffCommand(args);
    expect(noSite.code).toBe(2);
    expect(noSite.stderr).toContain(
      "site: without a password the teacher is invited to set one from a link on the school's site: give it as --site https://school.example (or give --password)",
    );
    expect(noSite.stderr).toContain('usage: npm run staff -- create-admin');
    for (const site of ['school.example', 'https://school.example/staff', 'ftp://school.example']) {
      const bad = await staffCommand([...args, '--site', site]);
      expect(bad.code, site).toBe(2);
      expect(bad.stderr, site).toContain(
        "site: --site must be the school's address alone, such as https://school.example",
      );
    }
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'rami@school.example')
      .execute();
    expect(rows).toEqual([]);
    expect(lastMailTo(dataDir, 'rami@school.example')).toBeUndefined();
  });
});
