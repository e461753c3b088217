import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from '../server-process';

// ffmpeg works at a lower priority than the server, so a lecture being transcoded does not slow
// the students' answers (ADR 055): ten steps of niceness below the server's own, 19 at most,
// also when an operator runs the server niced. A stand-in for ffmpeg writes the niceness it runs
// at; the server's side (`run`) runs in a process started at a known niceness.

const linux = fs.existsSync('/proc/self/stat');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-ffmpeg-nice-'));
  // Waits a moment (the server lowers its priority just after starting it), then says.
  fs.writeFileSync(path.join(dir, 'ffmpeg'), '#!/bin/sh\nsleep 0.5\nnice > "$1"\n', {
    mode: 0o755,
  });
  fs.writeFileSync(
    path.join(dir, 'server.mjs'),
    `const { run } = await import(${JSON.stringify(
      pathToFileURL(path.join(SERVER_DIR, 'src/modules/videos/ffmpeg.ts')).href,
    )});
await run(process.argv[2], [process.argv[3]]);
`,
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The niceness the stand-in ffmpeg ran at, `run` called by a server `steps` nicer than this test. */
function ffmpegNicenessUnder(steps: number): number {
  const out = path.join(dir, `nice-${steps}`);
  execFileSync(
    'nice',
    [
      '-n',
      String(steps),
      process.execPath,
      '--import',
      'tsx',
      path.join(dir, 'server.mjs'),
      path.join(dir, 'ffmpeg'),
      out,
    ],
    { cwd: SERVER_DIR, stdio: 'pipe' },
  );
  return Number(fs.readFileSync(out, 'utf8').trim());
}

describe("ffmpeg's priority", () => {
  it.runIf(linux)(
    "is ten steps below the server's, 19 at most",
    () => {
      const own = os.getPriority(); // this test's: 0, or 10 in the test command's SQLite lane
      // The server 5 steps nicer than this test; ffmpeg 10 more, by hand, never past 19.
      const server = Math.min(19, own + 5);
      expect(ffmpegNicenessUnder(5)).toBe(Math.min(19, server + 10));
    },
    240_000,
  );
});
