import path from 'node:path';
import { expect } from 'vitest';
import { API_BASE } from '@dars/contract';
import { openDatabase } from '../../apps/server/src/db/database';

/**
 * The video journeys start a server of their own (ADR 055: the shared ones play the MP4): what
 * they call on it, as the web client and the console do.
 */

/** What the video journeys read of an answer (each checked by the contract's tests). */
export type VideoAnswer = {
  token?: string;
  u: string;
  data: { id: number; token?: string; transcode: Transcode };
};
type Transcode = { state: string; progress: number; error: string | null; renditions: number[] };

/**
 * A caller of the API of the server at `baseURL()` (read at each call: the server starts in a
 * `beforeAll`), JSON in and out, as the web client sends it.
 * @example const api = ownServerApi(() => server.baseURL); await api('/login', { body })
 */
export function ownServerApi(baseURL: () => string) {
  return async (
    route: string,
    init: { token?: string; body?: unknown; method?: string } = {},
  ): Promise<{ status: number; json: VideoAnswer }> => {
    const res = await fetch(`${baseURL()}${API_BASE}${route}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        'content-type': 'application/json',
        'app-platform': 'web',
        'app-version': '1.0.0',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as VideoAnswer };
  };
}

/** The id of the seeded lecture of that name, read from the server's own database. */
export async function lectureIdNamed(dataDir: string, name: string): Promise<number> {
  const database = openDatabase({ sqliteFile: path.join(dataDir, 'dars.sqlite') });
  try {
    const row = await database.db
      .selectFrom('lectures')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  } finally {
    await database.destroy();
  }
}

/**
 * A new video on the lecture, its file sent by the console's protocol (tus), then the
 * console's view of its transcoding job until the ladder is published or the job failed
 * (`waitMs` at most): the video's id and the job's last state.
 */
export async function uploadVideo(
  baseURL: string,
  staffToken: string,
  video: { lectureId: number; name: string; bytes: Buffer<ArrayBuffer>; waitMs: number },
): Promise<{ videoId: number; transcode: Transcode }> {
  const api = ownServerApi(() => baseURL);
  const made = await api('/staff/videos', {
    token: staffToken,
    body: { lecture_id: video.lectureId, name: video.name },
  });
  expect(made.status).toBe(200);
  const videoId = made.json.data.id;
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = await fetch(`${baseURL}${API_BASE}/staff/uploads/videos`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${staffToken}`,
      'upload-length': String(video.bytes.length),
      'upload-metadata': `video_id ${b64(String(videoId))},filename ${b64('lecture.mp4')}`,
    },
  });
  expect(created.status).toBe(201);
  const sent = await fetch(new URL(created.headers.get('location')!, baseURL), {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${staffToken}`,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: video.bytes,
  });
  expect(sent.status).toBe(204);
  const end = Date.now() + video.waitMs;
  for (;;) {
    const { transcode } = (await api(`/staff/videos/${videoId}`, { token: staffToken })).json.data;
    if (transcode.state === 'ready' || transcode.state === 'failed') return { videoId, transcode };
    if (Date.now() > end) throw new Error(`gave up waiting: ${JSON.stringify(transcode)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
