import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuSecondsOf, freePort, waitFor } from './server-process';

// How the tests wait for a server process they started: it may wait minutes for a core on a
// busy host, so a server that spins without answering fails on its own CPU time, one that
// hangs without working on the clock, one that exits at once. Small Node processes stand in for
// the server: one that spins, one that sleeps, one that answers after a while, one that exits.

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

/** A Node process running `code`, with `PORT` set. */
function node(code: string, port = 0): ChildProcess {
  const child = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

const linux = fs.existsSync('/proc/self/stat');

describe('waiting for a server process', () => {
  it.runIf(linux)("reads a process's CPU seconds, which grow while it works", async () => {
    const spinner = node('for (;;) {}');
    await new Promise((r) => setTimeout(r, 1_500));
    const used = cpuSecondsOf(spinner.pid!);
    // It spun for most of 1.5 s (at least 0.3 s even on a crowded host), not more than it lived.
    expect(used).toBeGreaterThan(0.3);
    expect(used).toBeLessThan(3);
    expect(cpuSecondsOf(2 ** 22 + 12_345)).toBeUndefined();
  });

  it.runIf(linux)('gives up on a process that spends its CPU without answering', async () => {
    const port = await freePort();
    const spinner = node('for (;;) {}', port);
    const began = Date.now();
    const error = await waitFor(`http://127.0.0.1:${port}/readyz`, () => 'spinning', {
      child: spinner,
      cpuSeconds: 1,
      ms: 60_000,
    }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/more than 1 s of CPU/);
    expect((error as Error).message).toMatch(/last: ECONNREFUSED/);
    expect((error as Error).message).toMatch(/spinning$/);
    // Long before the clock's limit.
    expect(Date.now() - began).toBeLessThan(30_000);
  });

  it('waits for a process that does not work, until the clock runs out', async () => {
    const port = await freePort();
    const sleeper = node('setTimeout(() => {}, 600_000)', port);
    const began = Date.now();
    const error = await waitFor(`http://127.0.0.1:${port}/readyz`, () => 'asleep', {
      child: sleeper,
      cpuSeconds: 1,
      ms: 2_000,
    }).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/did not answer \(2 s passed/);
    expect(Date.now() - began).toBeGreaterThanOrEqual(2_000);
  });

  it('keeps waiting for a server slow by the clock but not by its CPU, as a starved one is', async () => {
    const port = await freePort();
    // 2.5 s before it listens, while using next to no CPU: longer than its CPU budget of 1 s,
    // which only its own work counts.
    const server = node(
      `setTimeout(() => require('node:http').createServer((q, s) => s.end('ok'))
         .listen(Number(process.env.PORT), '127.0.0.1'), 2500);`,
      port,
    );
    const began = Date.now();
    await waitFor(`http://127.0.0.1:${port}/readyz`, () => '', {
      child: server,
      cpuSeconds: 1,
      ms: 60_000,
    });
    expect(Date.now() - began).toBeGreaterThanOrEqual(2_000);
  });

  it('stops at once when the process exits, with what it printed', async () => {
    const port = await freePort();
    const quitter = node('process.exit(3)', port);
    const began = Date.now();
    await expect(
      waitFor(`http://127.0.0.1:${port}/readyz`, () => 'refused: bad config', {
        child: quitter,
        ms: 60_000,
      }),
    ).rejects.toThrow(/the server exited \(3\):\nrefused: bad config/);
    expect(Date.now() - began).toBeLessThan(30_000);
  });

  it('says which status a server answered while it was not ready', async () => {
    const port = await freePort();
    const unready = node(
      `require('node:http').createServer((q, s) => { s.statusCode = 503; s.end(); })
         .listen(Number(process.env.PORT), '127.0.0.1');`,
      port,
    );
    await expect(
      waitFor(`http://127.0.0.1:${port}/readyz`, () => '', { child: unready, ms: 2_000 }),
    ).rejects.toThrow(/last: HTTP 503/);
  });
});
