import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { seedDemoIfEmpty } from '../../src/db/seed/seed';
import { sandboxKey, sandboxReturnQuery } from '../../src/modules/payments/sandbox';
import { makeStudent } from '../factories/students';
import {
  createPgSchema,
  startServerProcess,
  type PgSchema,
  type ServerEntry,
  type ServerProcess,
} from '../server-process';

// A school's own server, started as docs/operations.md says (`NODE_ENV=production`, no SEED),
// is never the demo (ADR 032): it starts empty, offers no stand-in gateway and takes none of
// its returns, tells how to make the first admin, and refuses a database that holds the demo.
// `npm start` asks for the demo (`--demo`) and gets it. On SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set.

const pgUrl = process.env.TEST_DATABASE_URL || undefined;
// A test that starts a server process has READY_WALL_MS (5 min) more than it needs on a quiet
// host: on a busy one the server waits for a core (server-process.ts).

/** The service unit's ExecStart in docs/operations.md, run as it is written there. */
function unitEntry(): ServerEntry {
  const guide = fs.readFileSync(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8');
  const line = /^ExecStart=(\S+) (.+)$/m.exec(guide);
  if (!line) throw new Error('docs/operations.md has no ExecStart line');
  expect(line[1]).toMatch(/\/node$/);
  return { cwd: REPO_ROOT, nodeArgs: line[2]!.split(' ') };
}
const APP_SECRET = randomBytes(24).toString('hex');
const HEADERS = { 'app-platform': 'web', 'app-version': '1.0.2' };

let dataDir: string;
let schema: PgSchema | undefined;
let database: Database;
const started: ServerProcess[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-school-'));
  if (pgUrl) schema = await createPgSchema(pgUrl);
  database = openDatabase({
    databaseUrl: pgUrl,
    sqliteFile: path.join(dataDir, 'dars.sqlite'),
    pgSchema: schema?.name,
    poolSize: 2,
  });
});

afterAll(async () => {
  await Promise.all(started.map((s) => s.stop()));
  await database.destroy();
  await schema?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The server as a school runs it; `env` and `args` add to that. */
async function start(env: Record<string, string> = {}, args: string[] = []) {
  const server = await startServerProcess(
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: schema?.url ?? '',
      WEB_DIST: path.join(dataDir, 'no-web'),
      STAFF_DIST: path.join(dataDir, 'no-staff'),
      APP_SECRET,
      LOG_LEVEL: 'warn',
      SEED: '',
      PAYMENTS_SANDBOX: '',
      ...env,
    },
    args,
    unitEntry(),
  );
  started.push(server);
  return server;
}

const api = (server: ServerProcess, url: string, init: RequestInit = {}) =>
  fetch(`${server.url}/api/v1${url}`, {
    ...init,
    headers: { ...HEADERS, 'content-type': 'application/json', ...init.headers },
  });

async function count(table: 'users' | 'courses' | 'paycards' | 'grades' | 'teachers') {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a school server (NODE_ENV=production, no SEED)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await start({ LOG_LEVEL: 'info' });
    await server.ready();
  }, 450_000);
  afterAll(() => server.stop());

  it('starts an empty school: no demo student, staff account, course, teacher or pay card', async () => {
    expect(await count('users')).toBe(0);
    expect(await count('courses')).toBe(0);
    expect(await count('teachers')).toBe(0);
    expect(await count('paycards')).toBe(0);
    expect(await count('grades')).toBe(0);
    const login = await api(server, '/login', {
      method: 'POST',
      body: JSON.stringify({ login: 'admin@dars.test', password: 'dars12345' }),
    });
    expect(login.status).toBe(422);
    const courses = (await (await api(server, '/courses')).json()) as { data: unknown[] };
    expect(courses.data).toEqual([]);
  });

  it('logs a line of JSON per event, for a log collector, and has no demo mailbox', async () => {
    await api(server, '/app');
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string });
    expect(lines.some((l) => l.msg.startsWith('دَرس يعمل على http://'))).toBe(true);
    expect(lines.some((l) => l.msg === 'request completed')).toBe(true);
    expect(server.output()).not.toContain('/demo/mail');
    expect(await (await fetch(`${server.url}/demo/mail`)).text()).not.toContain(
      'بريد النسخة التجريبية',
    );
  });

  it('prints how to create the first admin', () => {
    expect(server.output()).toContain('npm run staff -- create-admin');
    expect(server.output()).toContain('لا يوجد حساب مدير بعد');
  });

  it('offers only the pay card with no gateway configured: no stand-in gateway', async () => {
    const app = (await (await api(server, '/app')).json()) as {
      data: { recharge_info: { supported_methods: string[] } };
    };
    expect(app.data.recharge_info.supported_methods).toEqual(['recharge_card']);
  });

  it("refuses the stand-in gateway's order, checkout page and a return signed with its key", async () => {
    const student = await makeStudent(database.db, {
      email: 'first@school.example',
      gradeId: null,
      balance: 0,
    });
    const order = await api(server, '/wallet/paymob/order/card', {
      method: 'POST',
      headers: { authorization: `Bearer ${student.token}` },
      body: JSON.stringify({ amount: 50 }),
    });
    expect(order.status).toBe(404);

    // An order the sandbox would have opened, and its return signed exactly as its page signs.
    const id = '123456789012345678';
    const now = new Date().toISOString();
    await database.db
      .insertInto('payment_orders')
      .values({
        id,
        user_id: student.userId,
        method: 'paymob_card',
        provider: 'sandbox',
        amount: 5000,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await fetch(`${server.url}/payments/sandbox/${id}`)).status).toBe(404);
    const query = sandboxReturnQuery(
      { order: id, status: 'paid', amount: 5000 },
      sandboxKey(Buffer.from(APP_SECRET, 'utf8')),
    );
    const back = await fetch(`${server.url}/payments/sandbox/return?${query}`, {
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    const user = await database.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', student.userId)
      .executeTakeFirstOrThrow();
    expect(user.balance).toBe(0);
    const stored = await database.db
      .selectFrom('payment_orders')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('pending');
  });
});

describe("a database that holds the demo's data", () => {
  beforeAll(async () => {
    // The school's first start (above) migrated it; now the demo lands in it, as when a school
    // copies the folder `npm start` filled.
    await migrateToLatest(database.db);
    await database.db.deleteFrom('payment_orders').execute();
    await database.db.deleteFrom('users').execute();
    expect(await seedDemoIfEmpty(database.db, dataDir)).toBe(true);
  }, 180_000);

  it('stops a school server before it listens, saying why in Arabic and English', async () => {
    const server = await start();
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('فيها بيانات العرض التجريبي');
    expect(server.output()).toContain('this database holds the demo school');
    expect(await fetch(`${server.url}/healthz`).catch(() => null)).toBeNull();
  }, 480_000);

  it('stops it also when only a demo account is left, without the demo mark', async () => {
    await database.db.deleteFrom('settings').where('key', '=', 'payments_sandbox').execute();
    const server = await start({ SEED: 'none' });
    expect(await server.exited).toBe(78);
    expect(server.output()).toContain('Refusing to start');
  }, 480_000);

  it('serves it when told it is the demo (--demo, as npm start runs it), sandbox and all', async () => {
    const server = await start({}, ['--demo']);
    await server.ready();
    const login = await api(server, '/login', {
      method: 'POST',
      body: JSON.stringify({ login: 'student@dars.test', password: 'dars12345' }),
    });
    expect(login.status).toBe(200);
    const app = (await (await api(server, '/app')).json()) as {
      data: { recharge_info: { supported_methods: string[] } };
    };
    expect(app.data.recharge_info.supported_methods).toContain('paymob_card');
    expect(server.output()).not.toContain('لا يوجد حساب مدير بعد');
    await server.stop();
  }, 450_000);
});

describe('the demo on an empty database (--demo)', () => {
  let other: string;
  let otherSchema: PgSchema | undefined;
  beforeAll(async () => {
    other = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-demo-'));
    if (pgUrl) otherSchema = await createPgSchema(pgUrl);
  });
  afterAll(async () => {
    await otherSchema?.drop();
    fs.rmSync(other, { recursive: true, force: true });
  });

  it("seeds the demo school: the README's staff login signs in", async () => {
    const server = await start(
      {
        DATA_DIR: other,
        DATABASE_URL: otherSchema?.url ?? '',
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
      },
      ['--demo'],
    );
    await server.ready();
    const login = await api(server, '/staff/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'admin@dars.test', password: 'dars12345' }),
    });
    expect(login.status).toBe(200);
    await server.stop();
    // The demo's log reads as lines, not JSON (issue 24): where it runs, where its mail is,
    // and one line per request with its status.
    const lines = server.output().split('\n');
    expect(lines.some((l) => l.startsWith('{'))).toBe(false);
    expect(lines.find((l) => l.includes('دَرس يعمل على http://'))).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO/,
    );
    expect(server.output()).toContain('/demo/mail');
    expect(server.output()).toMatch(/POST \/api\/v1\/staff\/login 200 \d+ ms/);
    // Nothing but the demo's own lines: no library's deprecation notice (Fastify's FSTDEP023
    // was printed on every start).
    expect(server.output()).not.toMatch(/deprecat|FSTDEP/i);
  }, 450_000);
});
