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

// These run beside the e2e journeys at a lower priority in the test command, where a process
// can get a few per cent of a core: each limit that should not fire is minutes away, and what a
// test checks does not depend on how much CPU a process got in a given time.
const MINUTES = 240_000;

/** Resolves once `url` answers at all (any status); its server is then listening. */
async function listening(url: string): Promise<void> {
  for (;;) {
    if (
      await fetch(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('waiting for a server process', () => {
  it.runIf(linux)(
    "reads a process's CPU seconds, which grow while it works",
    async () => {
      const born = Date.now();
      const spinner = node('for (;;) {}');
      let used = cpuSecondsOf(spinner.pid!) ?? 0;
      while (used < 0.5) {
        await new Promise((r) => setTimeout(r, 100));
        const now = cpuSecondsOf(spinner.pid!)!;
        expect(now).toBeGreaterThanOrEqual(used);
        used = now;
      }
      // One thread spinning (and Node's few of its own at start): not much more than it lived.
      expect(used).toBeLessThan((Date.now() - born) / 1000 + 0.5);
      expect(cpuSecondsOf(2 ** 22 + 12_345)).toBeUndefined();
    },
    MINUTES,
  );

  it.runIf(linux)(
    'gives up on a process that spends its CPU without answering',
    async () => {
      const port = await freePort();
      const spinner = node('for (;;) {}', port);
      const error = await waitFor(`http://127.0.0.1:${port}/readyz`, () => 'spinning', {
        child: spinner,
        cpuSeconds: 1,
        ms: MINUTES - 30_000,
      }).catch((e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      // Its CPU, not the clock (whose message says how many seconds passed).
      expect((error as Error).message).toMatch(/more than 1 s of CPU/);
      expect((error as Error).message).toMatch(/last: ECONNREFUSED/);
      expect((error as Error).message).toMatch(/spinning$/);
    },
    MINUTES,
  );

  it(
    'waits for a process that does not work, until the clock runs out',
    async () => {
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
    },
    MINUTES,
  );

  it(
    'keeps waiting for a server slow by the clock but not by its CPU, as a starved one is',
    async () => {
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
        ms: MINUTES - 30_000,
      });
      expect(Date.now() - began).toBeGreaterThanOrEqual(2_000);
    },
    MINUTES,
  );

  it(
    'stops at once when the process exits, with what it printed',
    async () => {
      const port = await freePort();
      const quitter = node('process.exit(3)', port);
      // The exit, not the clock (whose message is another).
      await expect(
        waitFor(`http://127.0.0.1:${port}/readyz`, () => 'refused: bad config', {
          child: quitter,
          ms: MINUTES - 30_000,
        }),
      ).rejects.toThrow(/the server exited \(3\):\nrefused: bad config/);
    },
    MINUTES,
  );

  it(
    'says which status a server answered while it was not ready',
    async () => {
      const port = await freePort();
      const unready = node(
        `require('node:http').createServer((q, s) => { s.statusCode = 503; s.end(); })
         .listen(Number(process.env.PORT), '127.0.0.1');`,
        port,
      );
      await listening(`http://127.0.0.1:${port}/readyz`);
      await expect(
        waitFor(`http://127.0.0.1:${port}/readyz`, () => '', { child: unready, ms: 1_000 }),
      ).rejects.toThrow(/last: HTTP 503/);
    },
    MINUTES,
  );
});
