import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { openJobs } from '../../src/lib/jobs';
import { sendToStudentOrParent } from '../../src/modules/messaging/messages';
import { createPgSchema, startServerProcess, type PgSchema } from '../server-process';
import { makeStudent } from '../factories/students';
import { startStandIn, takenAnswer, type StandIn } from './provider-stand-in';

// A restart loses no message and sends none twice (issue 28, ADR 053): eight messages wait in
// the queue; a real server process (src/main.ts) sends them one by one to the provider's
// stand-in, which takes its time answering; the process is killed with SIGKILL while the third
// is in flight (received, not yet answered: the provider never took it). A second process then
// sends the rest. Each message is taken by the provider exactly once. On SQLite, or PostgreSQL
// with TEST_DATABASE_URL.

const pgUrl = process.env.TEST_DATABASE_URL || undefined;
const COUNT = 8;

let provider: StandIn;
let dir: string;
let schema: PgSchema | undefined;
let database: Database;
let env: Record<string, string>;
const ids: number[] = [];

beforeAll(async () => {
  provider = await startStandIn();
  // Each answer takes 400 ms; the third request the provider receives is never answered, so
  // the kill always lands while it is held (however slow the machine is to deliver the kill).
  provider.answer((r, index) =>
    index === 2 ? { status: 200, body: {}, hold: true } : { ...takenAnswer(r), delayMs: 400 },
  );
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-kill-'));
  schema = pgUrl ? await createPgSchema(pgUrl) : undefined;
  env = {
    NODE_ENV: 'production',
    SEED: 'none',
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    ...(schema ? { DATABASE_URL: schema.url } : {}),
    CEQUENS_API_TOKEN: 'token',
    CEQUENS_SENDER_NAME: 'DarsSchool',
    CEQUENS_BASE_URL: provider.url,
    // A run not finished in 2 s is dead; retries after 1 s; pg-boss looks for the dead every second.
    MESSAGES_LEASE_SECONDS: '2',
    MESSAGES_RETRY_DELAY_SECONDS: '1',
    JOBS_POLL_MS: '100',
    JOBS_MAINTENANCE_SECONDS: '1',
  };
  database = schema
    ? openDatabase({ databaseUrl: pgUrl, pgSchema: schema.name, poolSize: 2 })
    : openDatabase({ sqliteFile: path.join(dir, 'dars.sqlite') });
  await migrateToLatest(database.db);
  // The messages are queued by a process that does not work (as a server with JOBS_WORKER=off).
  const config = loadConfig({ ...env, JOBS_WORKER: 'off' });
  const jobs = await openJobs({
    db: database.db,
    dialect: database.dialect,
    config: config.jobs,
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  for (let i = 0; i < COUNT; i += 1) {
    const student = await makeStudent(database.db, { email: `kid${i}@school.example` });
    const result = await sendToStudentOrParent(
      { db: database.db, jobs, config },
      {
        to: `0100000000${i}`,
        recipient: 'parent',
        userId: student.userId,
        channel: 'sms',
        template: 'staff_message',
        params: { text: `رسالة رقم ${i + 1}` },
      },
    );
    if (!result.queued) throw new Error(`not queued: ${result.reason}`);
    ids.push(result.id);
  }
  await jobs.stop();
}, 180_000);

afterAll(async () => {
  await database?.destroy();
  await schema?.drop();
  await provider?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const messages = () =>
  database.db.selectFrom('messages').select(['id', 'state', 'attempts']).orderBy('id').execute();

// A test that starts a server process has READY_WALL_MS (5 min) more than it needs on a quiet
// host: on a busy one the server waits for a core (server-process.ts), and so does its work.
describe('a server killed mid-queue', () => {
  it('sends every message once: none lost, none twice', async () => {
    const first = await startServerProcess(env);
    try {
      await first.ready();
      // The third request arrives: the first two were answered and recorded.
      await provider.receivedCount(3);
      first.child.kill('SIGKILL');
      await first.exited;
    } finally {
      await first.stop();
    }
    const afterKill = await messages();
    expect(afterKill.filter((m) => m.state === 'sent')).toHaveLength(2);
    expect(afterKill.filter((m) => m.state === 'queued')).toHaveLength(COUNT - 2);
    // The third was in flight: the provider never answered it, so it never took it.
    expect(provider.taken.map((r) => r.body.clientMessageId)).toEqual(ids.slice(0, 2));

    const second = await startServerProcess(env);
    try {
      await second.ready();
      const until = Date.now() + 240_000;
      while ((await messages()).some((m) => m.state !== 'sent')) {
        if (Date.now() > until) throw new Error(`not all sent:\n${second.output().slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await second.stop();
    }
    const taken = provider.taken.map((r) => r.body.clientMessageId as number);
    expect([...taken].sort((a, b) => a - b)).toEqual(ids);
    const third = ids[2]!;
    // Asked twice (the kill, then the second server), taken once.
    expect(provider.received.filter((r) => r.body.clientMessageId === third)).toHaveLength(2);
    const rows = await messages();
    expect(rows.find((m) => m.id === third)!.attempts).toBe(2);
    expect(rows.filter((m) => m.id !== third).every((m) => m.attempts === 1)).toBe(true);
  }, 540_000);
});
