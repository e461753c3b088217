// Progress reports (issue 28, ADR 054): the player page reports what played every 15 s of play,
// for every student watching at once, and that must cost the student nothing. Measured: the
// reports POST /video/progress accepts a second (the server only checks the token and its
// sign-in, then hands the report to the batching recorder), and the p99 of a student's
// GET /video/apps/{id} (where to play) alone and while reports flow at a steady rate.
import { createDecipheriv } from 'node:crypto';
import autocannon from 'autocannon';
import { VIDEO_URL_KEY_BASE64 } from '@dars/contract';
import type { Server } from './processes';

/** Reports a second flowing beside the video call: 15,000 students watching at once. */
export const PROGRESS_BACKGROUND_RATE = Number(process.env.BENCH_PROGRESS_RATE ?? 1_000);
/**
 * Player openings the reports are spread over: one token takes 30 reports a minute
 * (progress-service.ts), so the load comes from many openings, as it does from many students.
 */
const OPENINGS = Number(process.env.BENCH_PROGRESS_OPENINGS ?? 6_000);

/** The player's url in `u`, decrypted as the clients do (video-url.ts). */
function decrypt(value: string): string {
  const raw = Buffer.from(value, 'base64url');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(VIDEO_URL_KEY_BASE64, 'base64'),
    raw.subarray(0, 12),
  );
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([
    decipher.update(raw.subarray(12, raw.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}

const headersOf = (token: string) => ({
  authorization: `Bearer ${token}`,
  'app-platform': 'web',
  'app-version': '1.0.2',
});

/** A video the demo student may watch now: the first one a lecture's contents lists. */
async function aVideo(base: string, token: string): Promise<number> {
  const headers = headersOf(token);
  const home = (await (await fetch(`${base}/api/v1/courses?page=1`, { headers })).json()) as {
    data: { id: number }[];
  };
  for (const { id } of home.data) {
    const course = (await (await fetch(`${base}/api/v1/courses/${id}`, { headers })).json()) as {
      data: { lectures: { id: number }[] };
    };
    for (const lecture of course.data.lectures) {
      const res = await fetch(`${base}/api/v1/lectures/${lecture.id}/contents`, { headers });
      if (!res.ok) continue;
      const contents = (await res.json()) as { videos?: { id: number }[] };
      for (const video of contents.videos ?? []) {
        if ((await fetch(`${base}/api/v1/video/apps/${video.id}`, { headers })).ok) return video.id;
      }
    }
  }
  throw new Error('progress bench: the demo student has no video to watch');
}

/** `count` player tokens of the video, as many openings of the player would carry. */
async function openings(base: string, token: string, videoId: number, count: number) {
  const tokens: string[] = [];
  const one = async () => {
    const res = await fetch(`${base}/api/v1/video/apps/${videoId}`, { headers: headersOf(token) });
    const { u } = (await res.json()) as { u: string };
    tokens.push(new URL(decrypt(u), base).searchParams.get('vt')!);
  };
  for (let i = 0; i < count; i += 20) {
    await Promise.all(Array.from({ length: Math.min(20, count - i) }, one));
  }
  return tokens;
}

/** autocannon's requests: reports of 15 s of play, each from the next opening in turn. */
function reports(tokens: string[]): autocannon.Request[] {
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/api/v1/video/progress',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => {
        const vt = tokens[next++ % tokens.length]!;
        return {
          ...request,
          body: JSON.stringify({ vt, watched: 15, position: (next % 40) * 15, duration: 600 }),
        };
      },
    },
  ];
}

export type ProgressSetup = {
  videoUrl: string;
  headers: Record<string, string>;
  requests: autocannon.Request[];
};

/** The student's video call and the reports' requests, on one API server. */
export async function progressSetup(api: Server): Promise<ProgressSetup> {
  const base = api.info.address;
  const token = api.info.token;
  if (!token) throw new Error('progress bench: the API server signed no student in');
  const videoId = await aVideo(base, token);
  return {
    videoUrl: `${base}/api/v1/video/apps/${videoId}`,
    headers: headersOf(token),
    requests: reports(await openings(base, token, videoId, OPENINGS)),
  };
}

/**
 * Runs `during` while reports flow at PROGRESS_BACKGROUND_RATE a second on 10 connections of
 * their own; answers what `during` answered and the reports accepted meanwhile.
 */
export async function withReportsFlowing<T>(
  api: Server,
  setup: ProgressSetup,
  seconds: number,
  during: () => Promise<T>,
): Promise<{ result: T; accepted: number; refused: number }> {
  const flowing = autocannon({
    url: api.info.address,
    connections: 10,
    overallRate: PROGRESS_BACKGROUND_RATE,
    duration: seconds,
    requests: setup.requests,
  });
  const result = await during();
  const r = await flowing;
  return { result, accepted: r['2xx'], refused: r.non2xx + r.errors };
}
