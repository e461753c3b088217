import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';

// Running ffmpeg for the HLS ladders (ADR 055). Which one: FFMPEG_PATH, else Debian's package
// (/usr/bin/ffmpeg, kept up to date by the system), else the static build npm installed with
// @ffmpeg-installer/ffmpeg (a binary inside an npm package: nothing is downloaded at install),
// so the README's first command gives a demo whose videos play as HLS on a fresh machine.

const DEBIAN_FFMPEG = '/usr/bin/ffmpeg';

/**
 * The ffmpeg this server runs, or null when there is none.
 * @example ffmpegBinary(undefined) // '/usr/bin/ffmpeg'
 */
export function ffmpegBinary(configured: string | undefined): string | null {
  if (configured) return configured;
  if (fs.existsSync(DEBIAN_FFMPEG)) return DEBIAN_FFMPEG;
  try {
    const installed = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as {
      path: string;
    };
    return fs.existsSync(installed.path) ? installed.path : null;
  } catch {
    return null; // no build for this platform
  }
}

/** What the ladder is planned from. */
export type Probe = {
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
};

/**
 * Reads a file's length, picture size and whether it has sound from what `ffmpeg -i` prints
 * (the npm build ships no ffprobe). Null without a video stream or a length.
 * @example parseProbe('  Duration: 00:00:20.00, …\n    Stream #0:0(und): Video: h264 …, 640x360 …') // { durationSeconds: 20, width: 640, height: 360, hasAudio: false }
 */
export function parseProbe(text: string): Probe | null {
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(text);
  const video = /Stream #\d+:\d+[^\n]*: Video: [^\n]*?\b(\d{2,5})x(\d{2,5})\b/.exec(text);
  if (!duration || !video) return null;
  const seconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  if (!(seconds > 0)) return null;
  let width = Number(video[1]);
  let height = Number(video[2]);
  // A phone's portrait clip is stored landscape with a rotation the players apply.
  const rotate = /rotate\s*:\s*(-?\d+)|rotation of (-?\d+)/.exec(text);
  const degrees = Math.abs(Number(rotate?.[1] ?? rotate?.[2] ?? 0)) % 180;
  if (degrees === 90) [width, height] = [height, width];
  return {
    durationSeconds: seconds,
    width,
    height,
    hasAudio: /Stream #\d+:\d+[^\n]*: Audio: /.test(text),
  };
}

/** The file's probe, by running `ffmpeg -i` (which exits 1 for want of an output). */
export async function probe(ffmpeg: string, file: string): Promise<Probe | null> {
  const { output } = await run(ffmpeg, ['-hide_banner', '-i', file], { allowFailure: true });
  return parseProbe(output);
}

export type RunOptions = {
  /** Called with the seconds of output written so far (ffmpeg's `-progress`). */
  onProgress?: (seconds: number) => void;
  /** Stops ffmpeg (SIGKILL) when aborted. */
  signal?: AbortSignal;
  allowFailure?: boolean;
};

/**
 * Runs ffmpeg at a lower priority than the server (it answers students meanwhile): ten steps of
 * niceness below the server's own, 19 at most (an operator may run the server niced; a fixed 10
 * was then refused, or as root raised ffmpeg above the server); rejects
 * with the end of what it printed when it fails. `output` is its stderr (the last 64 KB).
 */
export function run(
  ffmpeg: string,
  args: readonly string[],
  options: RunOptions = {},
): Promise<{ output: string }> {
  return new Promise((resolve, reject) => {
    const progress = options.onProgress !== undefined;
    const child = spawn(
      ffmpeg,
      progress ? ['-nostats', '-progress', 'pipe:1', ...args] : [...args],
      { stdio: ['ignore', progress ? 'pipe' : 'ignore', 'pipe'], signal: options.signal },
    );
    try {
      if (child.pid) os.setPriority(child.pid, Math.min(19, os.getPriority() + 10));
    } catch {
      // not allowed here: it runs at the server's priority
    }
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-65_536);
    });
    if (progress) {
      let pending = '';
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (chunk: string) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines) {
          // out_time_us (newer) and out_time_ms (4.x, also in microseconds despite its name).
          const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
          if (m) options.onProgress!(Number(m[1]) / 1e6);
        }
      });
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0 || options.allowFailure) resolve({ output: stderr });
      else reject(new Error(`ffmpeg ${signal ?? `exited ${code}`}: ${stderr.slice(-2_000)}`));
    });
  });
}
