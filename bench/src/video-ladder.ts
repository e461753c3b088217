// The HLS ladder's figures (issue 29, ADR 055), `npm run bench:video`: a test lecture
// (default 10 minutes of 720p at 4 Mbit/s, noise so that every rendition uses its bitrate, a
// tone) transcoded by the server's own code with each ffmpeg this machine has; how long per
// minute of video (wall and CPU), and the bytes a student downloads per minute of viewing at
// each rendition against the original. BENCH_VIDEO_SECONDS shortens the lecture.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { ffmpegTranscoder } from '@dars/server/transcode';
import { ladderFiles, type RungFigures } from '@dars/server/transcode-files';
import { makeClip } from '../../apps/server/test/factories/clips';

const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 600);

function ffmpegs(): { name: string; path: string }[] {
  const out: { name: string; path: string }[] = [];
  if (fs.existsSync('/usr/bin/ffmpeg')) out.push({ name: 'Debian', path: '/usr/bin/ffmpeg' });
  try {
    const p = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    if (fs.existsSync(p)) out.push({ name: 'npm (@ffmpeg-installer)', path: p });
  } catch {
    // none for this platform
  }
  return out;
}

/** CPU seconds of this process's finished children (ffmpeg), from /proc/self/stat. */
function childrenCpu(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[13]) + Number(fields[14]); // cutime, cstime
  return ticks / 100;
}

async function main() {
  const list = ffmpegs();
  if (!list.length) throw new Error('no ffmpeg on this machine');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-bench-video-'));
  const source = path.join(work, 'lecture.mp4');
  console.log(`Making a ${SECONDS} s 720p test lecture at 4 Mbit/s…`);
  makeClip(list[0]!.path, source, { size: '1280x720', seconds: SECONDS, recorded: true });
  const original = fs.statSync(source).size;
  const minutes = SECONDS / 60;
  console.log(
    `\nload ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${os.cpus().length} cores`,
  );
  console.log(`original: ${(original / minutes / 1e6).toFixed(1)} MB per minute`);
  for (const ffmpeg of list) {
    const out = path.join(work, `out-${ffmpeg.name.replace(/\W+/g, '')}`);
    fs.mkdirSync(out);
    const cpuBefore = childrenCpu();
    const started = Date.now();
    const made = await ffmpegTranscoder({
      ffmpeg: ffmpeg.path,
      file: source,
      outDir: out,
      onProgress: () => {},
    });
    const wall = (Date.now() - started) / 1000;
    const cpuSeconds = childrenCpu() - cpuBefore;
    if (!made) throw new Error('not a video');
    const figures: RungFigures[] = [];
    const bytes = new Map<string, number>();
    for (const file of ladderFiles(out, made.rungs, Buffer.alloc(16, 1), made.source, figures)) {
      const rung = file.name.split('/')[0]!;
      bytes.set(rung, (bytes.get(rung) ?? 0) + Buffer.byteLength(file.body));
    }
    console.log(
      `\nffmpeg ${ffmpeg.name}: ${wall.toFixed(0)} s wall, ${cpuSeconds.toFixed(0)} s CPU`,
    );
    console.log(
      `  per minute of video: ${(wall / minutes).toFixed(1)} s wall, ${(cpuSeconds / minutes).toFixed(1)} s CPU` +
        ` (${(SECONDS / wall).toFixed(2)}× realtime)`,
    );
    for (const f of figures) {
      const perMinute = (bytes.get(f.name) ?? 0) / minutes;
      console.log(
        `  ${f.height}p: ${(perMinute / 1e6).toFixed(2)} MB per minute (${((100 * perMinute * minutes) / original).toFixed(0)} % of the original), peak ${(f.bandwidth / 1e3).toFixed(0)} kbit/s, average ${(f.average / 1e3).toFixed(0)} kbit/s`,
      );
    }
  }
  fs.rmSync(work, { recursive: true, force: true });
}

await main();
