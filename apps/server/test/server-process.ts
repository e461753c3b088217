import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

// The real server as its own process (`src/main.ts`), for what only a process shows: how it
// starts, what it prints, how it stops. Tests that run it on PostgreSQL get a schema of their own.

export const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/**
 * A port nothing listens on right now.
 * @example const port = await freePort()
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The CPU seconds a process has used (all its threads, user and system), read from Linux's
 * /proc; undefined where there is none or the process is gone.
 * @example cpuSecondsOf(child.pid!)
 */
export function cpuSecondsOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the name in parentheses: state is field 3; utime and stime are fields 14 and 15, in
    // clock ticks of 1/100 s (USER_HZ, 100 on every Linux Node runs on).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks / 100 : undefined;
  } catch {
    return undefined;
  }
}

/** How long `waitFor` waits. */
export interface WaitLimits {
  /** The process that should answer: an exit ends the wait at once; its CPU time is a limit. */
  child?: ChildProcess;
  /** Wall-clock limit in ms (default 120 s). */
  ms?: number;
  /** The CPU seconds `child` may use without answering (default 60), where /proc tells it. */
  cpuSeconds?: number;
}

/**
 * Waits until `url` answers 2xx; throws with the tail of `what()` (the server's output) after
 * `ms`, once `child` has used `cpuSeconds` of CPU without answering, or at once when `child` has
 * exited.
 *
 * Why a CPU limit: the test command runs the SQLite suite at a lower priority beside the e2e
 * journeys (scripts/test.mjs), so on a busy host a server started by a test can get a few
 * per cent of a core for minutes. A wall-clock limit then fails a server that is merely waiting
 * for a core (CI's run of 2026-12-02: three starts of about 4 s of work each gave up after 120 s),
 * while a server that spins without answering still fails on its CPU time. Give such waits a
 * long `ms` (a cap for a server that hangs without working), and their tests a longer timeout.
 * @example await waitFor(`${url}/healthz`, () => output)
 */
export async function waitFor(
  url: string,
  what: () => string,
  { child, ms = 120_000, cpuSeconds = 60 }: WaitLimits = {},
): Promise<void> {
  const began = Date.now();
  let last = 'no answer yet';
  const cpu = () => (child?.pid === undefined ? undefined : cpuSecondsOf(child.pid));
  const failure = (why: string) => {
    const used = cpu();
    return new Error(
      `${url} did not answer (${why}; ${((Date.now() - began) / 1000).toFixed(1)} s waited` +
        `${used === undefined ? '' : `, ${used.toFixed(1)} s of the server's CPU`}; last: ${last}):\n` +
        what().slice(-2000),
    );
  };
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${what()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      last = cause?.code ?? String(error);
    }
    if (Date.now() - began > ms) throw failure(`${ms / 1000} s passed`);
    const used = cpu();
    if (used !== undefined && used > cpuSeconds)
      throw failure(`it used more than ${cpuSeconds} s of CPU`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A PostgreSQL schema of the test's own, and a DATABASE_URL whose search_path is it. */
export interface PgSchema {
  name: string;
  url: string;
  drop: () => Promise<void>;
}

/**
 * Creates a fresh schema in the database at `pgUrl` (TEST_DATABASE_URL).
 * @example const schema = await createPgSchema(process.env.TEST_DATABASE_URL!)
 */
export async function createPgSchema(pgUrl: string): Promise<PgSchema> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create schema ${name}`);
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${name}`);
  return {
    name,
    url: url.toString(),
    // With the job queue's (pg-boss) schema beside it (lib/jobs, ADR 053).
    drop: () => admin(`drop schema ${name} cascade; drop schema if exists ${name}_pgboss cascade`),
  };
}

/** How the server is started: Node's arguments (the script among them), from which folder. */
export interface ServerEntry {
  cwd: string;
  nodeArgs: string[];
}

/**
 * How long `ServerProcess.ready` waits at most by the clock: a cap for a server that hangs
 * without working; its CPU time is what fails a server that works without answering (`waitFor`).
 */
export const READY_WALL_MS = 5 * 60_000;

/** A server process: its address, everything it printed, and how it ended. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  /** The exit code (a signal's death is null). */
  exited: Promise<number | null>;
  /**
   * Resolves once /readyz answers 200; throws with the output if the process ends first, uses
   * 60 s of CPU, or takes `READY_WALL_MS` (a test that waits for it needs a longer timeout).
   */
  ready: () => Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s; resolves when it is gone. */
  stop: () => Promise<void>;
}

/**
 * Starts `src/main.ts` with `env` over this process's environment, on a free port of 127.0.0.1.
 * Does not wait for it: await `ready()`, or `exited` for a server that must refuse to start.
 * @example const server = await startServerProcess({ DATA_DIR: dir, SEED: 'none' })
 */
export async function startServerProcess(
  env: Record<string, string>,
  args: string[] = [],
  entry: ServerEntry = { cwd: SERVER_DIR, nodeArgs: ['--import', 'tsx', 'src/main.ts'] },
): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [...entry.nodeArgs, ...args], {
    cwd: entry.cwd,
    env: { ...process.env, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    ready: () =>
      waitFor(`http://127.0.0.1:${port}/readyz`, () => output, { child, ms: READY_WALL_MS }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
