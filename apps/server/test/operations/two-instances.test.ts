import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import type { TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { makeExam } from '../factories/exams';
import { putSettings } from '../../src/modules/settings/settings-service';
import { PNG } from '../exams/exam-client';
import { startTestBucket, type TestBucket } from '../storage/s3-server';
import { makeStaff } from '../staff/staff-factory';
import { readAll, s3Storage } from '../../src/storage';
import { READY_WALL_MS, SERVER_DIR, freePort, waitFor } from '../server-process';

// Two API processes on one PostgreSQL schema and one bucket, behind Debian's nginx started with
// a generated configuration (ADR 024, docs/operations.md). Needs TEST_DATABASE_URL and
// /usr/sbin/nginx; skipped otherwise.

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
const runs = !!pgUrl && fs.existsSync(NGINX);
const HEADERS = { 'app-platform': 'web', 'app-version': '1.0.2' };

type Instance = { port: number; child: ChildProcess; output: string; url: string };

let work: string;
let schema: string;
let bucket: TestBucket;
let database: Database;
let nginx: ChildProcess;
let front: string;
const instances: Instance[] = [];

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const instance: Instance = {
    port,
    output: '',
    url: `http://127.0.0.1:${port}`,
    child: spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  };
  instance.child.stdout!.on('data', (d: Buffer) => (instance.output += d.toString()));
  instance.child.stderr!.on('data', (d: Buffer) => (instance.output += d.toString()));
  return instance;
}

beforeAll(async () => {
  if (!runs) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-two-'));
  schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  database = openDatabase({ databaseUrl: pgUrl, pgSchema: schema, poolSize: 2 });
  await migrateToLatest(database.db);
  bucket = await startTestBucket();
  const url = new URL(pgUrl!);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const env = {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url.toString(),
    APP_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: '127.0.0.1',
    PG_POOL_SIZE: '4',
    // Both instances sweep abandoned exam sessions every 300 ms (30 s by default).
    EXAM_SWEEP_INTERVAL_MS: '300',
    ...bucket.env,
  };
  for (const name of ['a', 'b']) {
    instances.push(
      await startInstance({
        ...env,
        DATA_DIR: path.join(work, name),
        WEB_DIST: path.join(work, 'no-web'),
      }),
    );
  }
  for (const i of instances)
    await waitFor(`${i.url}/readyz`, () => i.output, { child: i.child, ms: READY_WALL_MS });

  const port = await freePort();
  front = `http://127.0.0.1:${port}`;
  fs.mkdirSync(path.join(work, 'nginx', 'logs'), { recursive: true });
  fs.writeFileSync(
    path.join(work, 'nginx', 'nginx.conf'),
    `pid ${work}/nginx/nginx.pid;
error_log ${work}/nginx/logs/error.log;
daemon off;
events {}
http {
  access_log off;
  client_body_temp_path ${work}/nginx/body;
  proxy_temp_path ${work}/nginx/proxy;
  upstream dars_api {
    least_conn;
${instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }
  upstream dars_uploads {
    hash $http_authorization consistent;
${instances.map((i) => `    server 127.0.0.1:${i.port} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 64m;
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Request-Id $request_id;
    proxy_next_upstream error timeout http_503;
    location /api/v1/staff/uploads/ {
      proxy_pass http://dars_uploads;
      proxy_request_buffering off;
    }
    location / { proxy_pass http://dars_api; }
  }
}
`,
  );
  nginx = spawn(
    NGINX,
    ['-p', path.join(work, 'nginx'), '-c', path.join(work, 'nginx', 'nginx.conf')],
    {
      stdio: 'ignore',
    },
  );
  await waitFor(`${front}/healthz`, () =>
    fs.readFileSync(path.join(work, 'nginx', 'logs', 'error.log'), 'utf8'),
  );
}, 240_000 + READY_WALL_MS);

afterAll(async () => {
  if (!runs) return;
  nginx?.kill('SIGQUIT');
  for (const i of instances) if (i.child.exitCode === null) i.child.kill('SIGKILL');
  await database?.destroy();
  await bucket?.close();
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.query(`drop schema if exists ${schema}_pgboss cascade`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
});

const call = (base: string, method: string, url: string, token?: string, body?: object) =>
  fetch(`${base}${url}`, {
    method,
    headers: {
      ...HEADERS,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });

describe.skipIf(!runs)('two instances behind nginx, one database, one bucket', () => {
  it('a lecture bought on one instance is open on the other', async () => {
    const [a, b] = instances as [Instance, Instance];
    const student = await makeStudent(database.db, { balance: 100 });
    const server = { db: database.db, config: { dataDir: path.join(work, 'factory') } };
    const lecture = await makeLecture(server as unknown as TestServer, { price: 40 });
    expect(
      (await call(b.url, 'GET', `/api/v1/lectures/${lecture.id}/contents`, student.token)).status,
    ).toBe(403);
    const bought = await call(
      a.url,
      'POST',
      `/api/v1/lectures/${lecture.id}/purchase`,
      student.token,
      {
        pay_by: 'wallet',
      },
    );
    expect(bought.status, await bought.clone().text()).toBe(200);
    expect(
      (await call(b.url, 'GET', `/api/v1/lectures/${lecture.id}/contents`, student.token)).status,
    ).toBe(200);
    expect(
      (await call(front, 'GET', `/api/v1/lectures/${lecture.id}/contents`, student.token)).status,
    ).toBe(200);
  });

  it('shares the login limit: ten failures spread over both, the eleventh refused on either', async () => {
    const [a, b] = instances as [Instance, Instance];
    const password = 'right-password-1';
    const student = await makeStudent(database.db, { password });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await call(i % 2 ? b.url : a.url, 'POST', '/api/v1/login', undefined, {
        login: student.email,
        password: 'wrong-password',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 422 || s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('a file written through one instance is read through the other', async () => {
    const [a, b] = instances as [Instance, Instance];
    const student = await makeStudent(database.db);
    const form = new FormData();
    form.append('avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${a.url}/api/v1/profile/avatar`, {
      method: 'POST',
      headers: { ...HEADERS, authorization: `Bearer ${student.token}` },
      body: form,
    });
    expect(res.status).toBe(200);
    const avatar = ((await res.json()) as { user: { avatar: string } }).user.avatar;
    const served = await fetch(`${b.url}${avatar}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("a staff member's resumable video upload through nginx stays on one instance and lands whole", async () => {
    const admin = await makeStaff(database.db, 'admin');
    const staff = async (url: string, body: object) => {
      const res = await call(front, 'POST', `/api/v1/staff${url}`, admin.token, body);
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { data: { id: number } }).data.id;
    };
    const course = await staff('/courses', { name: 'دورة على خادمين', pay_type: 'course' });
    const lecture = await staff('/lectures', { course_id: course, name: 'تمهيد', preview: true });
    const video = await staff('/videos', { lecture_id: lecture, name: 'شرح الدرس' });
    const head = Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex');
    const file = Buffer.concat([head, randomBytes(2 * 1024 * 1024)]);
    const tus = (extra: Record<string, string>) => ({
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${admin.token}`,
      ...extra,
    });
    const created = await fetch(`${front}/api/v1/staff/uploads/videos`, {
      method: 'POST',
      headers: tus({
        'upload-length': String(file.length),
        'upload-metadata': `video_id ${Buffer.from(String(video)).toString('base64')}`,
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const url = `${front}${created.headers.get('location')!}`;
    // The parts wait on the disk of the instance that opened the upload: each later request of
    // this upload must reach that instance (least_conn alone alternates between the two).
    const third = Math.floor(file.length / 3);
    for (const [from, to] of [
      [0, third],
      [third, 2 * third],
      [2 * third, file.length],
    ] as const) {
      const offset = await fetch(url, { method: 'HEAD', headers: tus({}) });
      expect(offset.status).toBe(200);
      expect(Number(offset.headers.get('upload-offset'))).toBe(from);
      const sent = await fetch(url, {
        method: 'PATCH',
        headers: tus({
          'upload-offset': String(from),
          'content-type': 'application/offset+octet-stream',
        }),
        body: file.subarray(from, to),
      });
      expect(sent.status, await sent.clone().text()).toBe(204);
    }
    const row = await database.db
      .selectFrom('videos')
      .select('source_path')
      .where('id', '=', video)
      .executeTakeFirstOrThrow();
    expect(row.source_path).toMatch(/^videos\//);
    const stored = await readAll(s3Storage(bucket.config), 'private', row.source_path!);
    expect(stored?.equals(file)).toBe(true);
  });

  it('submits each abandoned exam session once while both instances sweep', async () => {
    const [a, b] = instances as [Instance, Instance];
    await putSettings(database.db, { enable_gen_exm: true });
    const exam = await makeExam(database.db, { duration: 1, questions: [{ type: 'choices' }] });
    const q = exam.questions[0]!;
    const students = await Promise.all(Array.from({ length: 12 }, () => makeStudent(database.db)));
    for (const [i, student] of students.entries()) {
      const base = i % 2 ? b.url : a.url;
      const started = await call(base, 'POST', '/api/v1/exams/session', student.token, {
        exam_id: exam.id,
      });
      expect(started.status, await started.clone().text()).toBe(200);
      const { token } = ((await started.json()) as { data: { token: string } }).data;
      const answered = await call(base, 'POST', '/api/v1/exams/session/answers', student.token, {
        session_token: token,
        answers: [{ question_id: q.id, chosen_answer: q.right }],
      });
      expect(answered.status).toBe(200);
    }
    // Every write of finished_at is counted (a trigger in this test's own schema): a second
    // winner for a session would write it again.
    await sql`create table finish_writes (session_id integer not null)`.execute(database.db);
    await sql`create function count_finish_write() returns trigger language plpgsql as $$
      begin insert into finish_writes values (new.id); return new; end $$`.execute(database.db);
    await sql`create trigger count_finish_write after update of finished_at on exam_sessions
      for each row execute function count_finish_write()`.execute(database.db);
    // Their time ran out three minutes ago: past the deadline and its 60 s grace.
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await database.db
      .updateTable('exam_sessions')
      .set({ started_at: ago(4), deadline_at: ago(3) })
      .where('exam_id', '=', exam.id)
      .execute();

    const sessions = () =>
      database.db.selectFrom('exam_sessions').selectAll().where('exam_id', '=', exam.id).execute();
    const until = Date.now() + 20_000;
    while ((await sessions()).some((s) => s.finished_at === null) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
    }
    // Both instances go on sweeping for a while: nothing is finished again.
    await new Promise((r) => setTimeout(r, 1_500));
    const rows = await sessions();
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row).toMatchObject({
        finished_at: row.deadline_at,
        finished_by: 'time',
        correction_mark: 1,
      });
    }
    const writes = await sql<{ session_id: number; n: string }>`
      select session_id, count(*) as n from finish_writes group by session_id`.execute(database.db);
    expect(writes.rows.map((w) => Number(w.n))).toEqual(Array(12).fill(1));
  }, 60_000);

  it('loses no request of a burst through nginx when one instance gets SIGTERM', async () => {
    const [a] = instances as [Instance, Instance];
    const total = 400;
    let sent = 0;
    const results: number[] = [];
    const worker = async () => {
      while (sent < total) {
        sent += 1;
        if (sent === total / 4) a.child.kill('SIGTERM');
        try {
          const res = await fetch(`${front}/api/v1/courses`, { headers: HEADERS });
          await res.arrayBuffer();
          results.push(res.status);
        } catch {
          results.push(0);
        }
      }
    };
    const exited = new Promise<number | null>((resolve) => a.child.once('exit', resolve));
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(results).toHaveLength(total);
    expect(results.filter((s) => s !== 200)).toEqual([]);
    // What the instance said while it closed, when it did not leave cleanly.
    expect(await exited, a.output.slice(-4000)).toBe(0);
  }, 120_000);
});
