import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from '../src/app';
import type { AppContext } from '../src/app-context';
import type { Clock } from '../src/lib/clock';
import { loadConfig, type Config } from '../src/config';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import type { DB } from '../src/db/schema';
import { seedDemoIfEmpty } from '../src/db/seed/seed';
import { makeGrade } from './factories/catalog';
import { makeStudent } from './factories/students';

export type TestServer = {
  app: FastifyInstance;
  db: Kysely<DB>;
  config: Config;
  dialect: 'sqlite' | 'postgres';
  close: () => Promise<void>;
};

// Seeding the demo school takes a second or two; on SQLite each server gets a copy of one seeded
// data folder instead (same rows, same files). The seed's dates count from when it ran, so a
// worker that lives long (mutation runs) seeds again after a few minutes.
const SEED_REUSE_MS = 5 * 60_000;
let seeded: { at: number; dir: Promise<string> } | null = null;
function seededSqliteFolder(): Promise<string> {
  if (!seeded || Date.now() - seeded.at > SEED_REUSE_MS) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-seeded-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    const database = openDatabase({ sqliteFile: path.join(dir, 'dars.sqlite') });
    seeded = {
      at: Date.now(),
      dir: migrateToLatest(database.db)
        .then(() => seedDemoIfEmpty(database.db, dir))
        .finally(() => database.destroy())
        .then(() => dir),
    };
  }
  return seeded.dir;
}

/**
 * A real server on a fresh database: a new SQLite file, or — when TEST_DATABASE_URL is set —
 * a new PostgreSQL schema dropped afterwards. Seeds the demo data unless `seed: false`.
 */
export async function startTestServer(
  options: {
    seed?: boolean;
    webDist?: string;
    env?: Record<string, string>;
    clock?: Clock;
    /** Stands in for the payment providers' servers (ADR 019). */
    fetch?: AppContext['fetch'];
  } = {},
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-test-'));
  const pgUrl = process.env.TEST_DATABASE_URL || undefined;
  const copySeed = !pgUrl && options.seed !== false;
  if (copySeed) fs.cpSync(await seededSqliteFolder(), dataDir, { recursive: true });
  const schema = pgUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (pgUrl && schema) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // Lines of JSON, which captureLog reads (the demo's default is the readable format).
    LOG_FORMAT: 'json',
    WEB_DIST: options.webDist ?? path.join(dataDir, 'no-web'),
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
    // A seeded server is the demo, as `npm start` runs it: its sandbox stands in (ADR 032).
    SEED: options.seed === false ? 'none' : 'demo',
    // No HLS ladders unless a test asks (ADR 055): the demo's videos would each be queued at
    // start, and ffmpeg run beside every test file.
    VIDEO_TRANSCODE: 'off',
    ...options.env,
  });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(dataDir, 'dars.sqlite'),
    pgSchema: schema,
    poolSize: 4,
  });
  await migrateToLatest(database.db);
  if (options.seed !== false && !copySeed) await seedDemoIfEmpty(database.db, dataDir);
  const app = await buildApp({
    db: database.db,
    dialect: database.dialect,
    config,
    clock: options.clock,
    fetch: options.fetch,
    ...(database.poolStats ? { poolStats: database.poolStats } : {}),
  });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    dialect: database.dialect,
    close: async () => {
      await app.close();
      await database.destroy();
      if (pgUrl && schema) {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`drop schema ${schema} cascade`);
        // The job queue's (pg-boss) schema beside it (lib/jobs, ADR 053).
        await client.query(`drop schema if exists ${schema}_pgboss cascade`);
        await client.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server without the demo data and one new student, for a file of that student's calls.
 * @example beforeAll(async () => ({ server, student } = await startWithStudent()));
 */
export async function startWithStudent() {
  const server = await startTestServer({ seed: false });
  return { server, student: await makeStudent(server.db) };
}

/**
 * A server without the demo data and one grade, which a registration names.
 * @example beforeAll(async () => ({ server, gradeId } = await startWithGrade()));
 */
export async function startWithGrade() {
  const server = await startTestServer({ seed: false });
  return { server, gradeId: await makeGrade(server.db) };
}

/** Headers every client call carries (spec §7). */
export const WEB_HEADERS = { 'app-platform': 'web', 'app-version': '1.0.2' } as const;

/**
 * A GET of the API as the web client sends it, with the student's bearer token when given.
 * @example (await apiGet(server.app, '/wallet', token)).json()
 */
export function apiGet(app: FastifyInstance, url: string, token?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/**
 * A POST of the API as the web client sends it (JSON body), with the bearer token when given.
 * @example (await apiPost(server.app, '/login', { login, password })).json()
 */
export function apiPost(app: FastifyInstance, url: string, payload?: object, token?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}
