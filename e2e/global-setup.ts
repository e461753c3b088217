import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per e2e worker (support/server.ts picks a worker's own). */
    servers: { baseURL: string; dataDir: string }[];
    /** The copy of the web build the servers serve (a rebuild of apps/web/dist cannot touch it). */
    webDist: string;
    /** The same of the staff console's build. */
    staffDist: string;
  }
}

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * How long a server may take to answer. Seeding the demo and importing the app took 66 s at
 * nice 19 beside a full test run (load average 25 on 2 cores): 60 s failed the whole run
 * before any journey started.
 */
const SERVER_START_MS = 180_000;

async function waitFor(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + SERVER_START_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url} within ${SERVER_START_MS / 1000} s:\n${log()}`);
}

/**
 * One real server: the built apps, a fresh seeded SQLite of its own, as `npm start` runs, but
 * for `env` (the shared servers play the uploaded MP4: no HLS ladders, whose transcoding would
 * make each journey's video path depend on how far the background job has come; the HLS
 * journey, e2e/video-hls.test.ts, starts a server of its own with them).
 */
export async function startServer(
  webDist: string,
  staffDist: string,
  env: Record<string, string> = { VIDEO_TRANSCODE: 'off' },
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-e2e-'));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      STAFF_DIST: staffDist,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The demo, as `npm start` runs it (ADR 032).
      SEED: 'demo',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseURL}/api/v1/app`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, dataDir, stop };
}

/**
 * Starts one real server per e2e worker (built SPA and console, fresh seeded SQLite each), so
 * journeys run side by side without sharing a database; one when the files run one at a time.
 */
export default async function setup(project: TestProject) {
  const builtWeb = process.env.WEB_DIST
    ? path.resolve(ROOT, process.env.WEB_DIST)
    : path.join(ROOT, 'apps/web/dist');
  if (!fs.existsSync(path.join(builtWeb, 'index.html'))) {
    if (process.env.WEB_DIST) throw new Error(`WEB_DIST=${builtWeb} holds no built web app`);
    // Vitest sets NODE_ENV=test, which would give the server-rendering bundle React's
    // development JSX runtime: build as `npm run build` does.
    const build = spawnSync('npm', ['run', 'build', '-w', '@dars/web'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('web build failed');
  }
  // The staff console (e2e/staff.test.ts), built likewise when missing (ADR 023).
  const builtStaff = path.join(ROOT, 'apps/staff/dist');
  if (!fs.existsSync(path.join(builtStaff, 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@dars/staff'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('staff console build failed');
  }
  // The servers serve a copy of the build: a rebuild of apps/web/dist during the run (which
  // empties the folder and renames every asset) must not pull the page from under the tests.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-e2e-web-'));
  fs.cpSync(builtWeb, webDist, { recursive: true });
  const staffDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-e2e-staff-'));
  fs.cpSync(builtStaff, staffDist, { recursive: true });
  // `fileParallelism: false` is one worker (Vitest resolves it into maxWorkers).
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled(
    Array.from({ length: workers }, () => startServer(webDist, staffDist)),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stop = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(webDist, { recursive: true, force: true });
    fs.rmSync(staffDist, { recursive: true, force: true });
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  project.provide(
    'servers',
    servers.map(({ baseURL, dataDir }) => ({ baseURL, dataDir })),
  );
  project.provide('webDist', webDist);
  project.provide('staffDist', staffDist);
  return stop;
}
