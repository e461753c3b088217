// Runs commands side by side and prints each one's output whole when it ends, so two tools'
// lines never interleave. Used by scripts/test.mjs and scripts/typecheck.mjs: on a 2-core
// machine lint, typecheck and the builds each keep one core busy, so running them together
// takes about half the time of running them one after another.
import { spawn } from 'node:child_process';
import os from 'node:os';

/**
 * Lowers a child's priority by `niceness` (0: as this process). Its own children (Vitest's
 * workers) inherit it, as they start after it. Where the system refuses, it runs as it is.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} niceness
 */
export function lower(child, niceness) {
  if (!niceness || child.pid === undefined) return;
  try {
    os.setPriority(child.pid, Math.min(19, os.getPriority(child.pid) + niceness));
  } catch {
    // Not allowed here: the run goes on at the same priority.
  }
}

/**
 * Runs one command with its output captured; `niceness` lowers its priority (see `lower`).
 * @returns {Promise<{ ok: boolean, output: string, seconds: number }>}
 */
export function run(cmd, args, { cwd, env = {}, niceness = 0 } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env } });
    lower(child, niceness);
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => (output += `${err.message}\n`));
    child.on('close', (code) =>
      resolve({ ok: code === 0, output, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

/**
 * Runs `tasks` (each an async function returning true when it passed) at most `lanes` at a
 * time, in order; resolves to whether all passed.
 * @example await lanes([() => step('a'), () => step('b')], 2)
 */
export async function inLanes(tasks, lanes) {
  const queue = [...tasks];
  let ok = true;
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) ok = (await task()) && ok;
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, worker));
  return ok;
}
