import { execFileSync } from 'node:child_process';

/**
 * A lecture made by ffmpeg's own test sources (a moving test card and a tone), written to
 * `file`: for the HLS tests, the HLS journey and `npm run bench:video` (ADR 055). `recorded`
 * makes it as a phone or camera would upload it: noise in every frame, so that each rendition
 * spends its whole bitrate, at 4 Mbit/s.
 * @example makeClip(ffmpeg, '/tmp/clip.mp4', { size: '854x480', seconds: 6 })
 */
export function makeClip(
  ffmpeg: string,
  file: string,
  options: { size: string; seconds: number; recorded?: boolean },
): void {
  const rate = options.recorded ? 25 : 24;
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${options.size}:rate=${rate}`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(options.seconds),
    ...(options.recorded
      ? [
          '-vf',
          'noise=alls=30:allf=t',
          '-b:v',
          '4M',
          '-maxrate',
          '4M',
          '-bufsize',
          '4M',
          '-b:a',
          '128k',
        ]
      : []),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    file,
  ]);
}
