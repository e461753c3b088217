import { spawn, type ChildProcess } from 'node:child_process';
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
 * Waits until `url` answers 2xx; throws after `ms` with the tail of `what()` (the server's output),
 * or at once when `child` has exited.
 * @example await waitFor(`${url}/healthz`, () => output)
 */
export async function waitFor(
  url: string,
  what: () => string,
  ms = 120_000,
  child?: ChildProcess,
): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}):\n${what()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer:\n${what().slice(-2000)}`);
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

/** A server process: its address, everything it printed, and how it ended. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  output: () => string;
  /** The exit code (a signal's death is null). */
  exited: Promise<number | null>;
  /** Resolves once /readyz answers 200; throws with the output if the process ends first. */
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
    ready: () => waitFor(`http://127.0.0.1:${port}/readyz`, () => output, 120_000, child),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}
