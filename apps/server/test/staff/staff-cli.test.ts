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

/** `npm run staff -- <args>` from the repository's root, on the test's database. */
function staffCommand(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'staff', '--', ...args], {
      cwd: ROOT,
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

// Each run starts npm and tsx (seconds each on a busy machine); the last test runs three.
describe('npm run staff -- create-admin', { timeout: 180_000 }, () => {
  it('makes the first admin in a new database, who then signs in at the staff API', async () => {
    if (!pgUrl) expect(fs.existsSync(path.join(dataDir, 'dars.sqlite'))).toBe(false);
    const run = await staffCommand([
      'create-admin',
      '--email',
      FIRST.email,
      '--name',
      FIRST.name,
      '--phone',
      FIRST.phone,
      '--password',
      FIRST.password,
    ]);
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
});
