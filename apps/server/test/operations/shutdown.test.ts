import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READY_WALL_MS, SERVER_DIR, freePort, waitFor } from '../server-process';

// SIGTERM on a real server process (ADR 024): a download in flight finishes whole, a new
// connection is refused, and the process leaves with 0 after closing its database pool.

const BIG = 24 * 1024 * 1024;

let dataDir: string;
let child: ChildProcess;
let port: number;
let output = '';
const pgUrl = process.env.TEST_DATABASE_URL || undefined;
const appName = `dars-shutdown-${randomBytes(4).toString('hex')}`;
let schema: string | undefined;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-shutdown-'));
  const big = path.join(dataDir, 'storage', 'public', 'big.png');
  fs.mkdirSync(path.dirname(big), { recursive: true });
  fs.writeFileSync(big, randomBytes(BIG));
  port = await freePort();
  let databaseUrl: string | undefined;
  if (pgUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
    const url = new URL(pgUrl);
    url.searchParams.set('application_name', appName);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
  }
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
      DATABASE_URL: databaseUrl ?? '',
      SHUTDOWN_TIMEOUT_MS: '30000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await waitFor(`http://127.0.0.1:${port}/healthz`, () => output, { child, ms: READY_WALL_MS });
}, 150_000 + READY_WALL_MS);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (pgUrl && schema) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.query(`drop schema if exists ${schema}_pgboss cascade`);
    await client.end();
  }
});

describe('SIGTERM', () => {
  it('finishes the download in flight, refuses new connections, closes the pool, exits 0', async () => {
    if (pgUrl) {
      // The pool is open (migrations ran through it).
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      const { rows } = await client.query(
        'select count(*)::int as n from pg_stat_activity where application_name = $1',
        [appName],
      );
      await client.end();
      expect(rows[0].n).toBeGreaterThan(0);
    }
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));

    // A slow reader: the first bytes, then a pause while the server is told to stop. Its
    // connection is kept alive, as a browser's or nginx's is: once the download ends it is idle
    // but open, and the server must not wait for it.
    let received = 0;
    let response!: http.IncomingMessage;
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/storage/big.png`, { agent }, (res) => {
          response = res;
          res.once('data', (chunk: Buffer) => {
            received += chunk.length;
            res.pause();
            resolve();
          });
        })
        .once('error', reject);
    });
    expect(response.statusCode).toBe(200);
    expect(received).toBeLessThan(BIG);

    child.kill('SIGTERM');
    // New connections are refused once the server has stopped listening.
    const until = Date.now() + 10_000;
    let refused = false;
    while (!refused && Date.now() < until) {
      try {
        await fetch(`http://127.0.0.1:${port}/healthz`);
        await new Promise((r) => setTimeout(r, 50));
      } catch (error) {
        refused = ((error as { cause?: { code?: string } }).cause?.code ?? '') === 'ECONNREFUSED';
      }
    }
    expect(refused).toBe(true);
    expect(child.exitCode).toBeNull(); // still serving the download

    // The download goes on to its last byte.
    const done = new Promise<void>((resolve, reject) => {
      response.on('end', resolve);
      response.on('error', reject);
      response.on('aborted', () => reject(new Error('aborted')));
      response.on('close', () => {
        if (!response.complete) reject(new Error(`cut after ${received} of ${BIG} bytes`));
      });
    });
    response.on('data', (chunk: Buffer) => (received += chunk.length));
    response.resume();
    await done;
    expect(received).toBe(BIG);
    const ended = Date.now();

    // It leaves as soon as the download is done: not at SHUTDOWN_TIMEOUT_MS (30 s here) with
    // code 1, which is what a connection left open once idle did (seen behind nginx in CI).
    expect(await exited).toBe(0);
    // (Within 10 s: 5.15 s was seen on a CI machine at load 14; the timeout is 30 s.)
    expect(Date.now() - ended).toBeLessThan(10_000);
    agent.destroy();
    expect(output).toContain('"msg":"draining"');
    expect(output).toContain('"msg":"closed"');
    if (pgUrl) {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      const { rows } = await client.query(
        'select count(*)::int as n from pg_stat_activity where application_name = $1',
        [appName],
      );
      await client.end();
      expect(rows[0].n).toBe(0);
    }
  }, 60_000);
});
