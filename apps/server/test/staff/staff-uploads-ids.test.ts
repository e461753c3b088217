import fs from 'node:fs';
import path from 'node:path';
import { fakeMp4, newStaffVideo } from '../factories/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStaff } from './staff-factory';

/**
 * Which video a tus upload may be for (ADR 022): the id in its `Upload-Metadata` must name a
 * video that exists, as a whole number a PostgreSQL integer holds (1 to 2147483647); anything
 * else is refused before a byte is stored. A video removed while its file was on the way gets
 * nothing stored.
 */

let server: TestServer;
let base: string;
let leader: string;
let tusDir: string;
let privateDir: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  leader = (await makeStaff(server.db, 'leader')).token;
  tusDir = path.join(server.config.dataDir, 'uploads', 'tus');
  privateDir = path.join(server.config.dataDir, 'storage', 'private');
}, 120_000);
afterAll(() => server?.close());

const UPLOADS = '/api/v1/staff/uploads/videos';
const NO_VIDEO = 'الفيديو غير موجود، أنشئه أولاً ثم ارفع ملفه';
const b64 = (s: string) => Buffer.from(s).toString('base64');
const tus = (extra: Record<string, string> = {}) => ({
  'tus-resumable': '1.0.0',
  authorization: `Bearer ${leader}`,
  ...extra,
});

/** Opens an upload of 1000 bytes; `metadata` as the client sends it, or none. */
const open = (metadata?: string) =>
  fetch(base + UPLOADS, {
    method: 'POST',
    headers: tus({
      'upload-length': '1000',
      ...(metadata === undefined ? {} : { 'upload-metadata': metadata }),
    }),
  });

const newVideo = () => newStaffVideo(server.app, leader);

const tusFiles = () => (fs.existsSync(tusDir) ? fs.readdirSync(tusDir) : []);
const storedVideos = () =>
  fs.existsSync(path.join(privateDir, 'videos'))
    ? fs.readdirSync(path.join(privateDir, 'videos'))
    : [];

describe('the video an upload is for', () => {
  it('refuses an upload without a video id, or one that is not a whole number from 1 to 2147483647, with the Arabic message', async () => {
    const before = tusFiles();
    const ids = ['abc', '1.5', '0', '-3', '2147483648', '1e400', '999999'];
    for (const metadata of [
      undefined,
      'filename bGVzc29uLm1wNA==',
      ...ids.map((id) => `video_id ${b64(id)}`),
    ]) {
      const res = await open(metadata);
      expect(res.status, String(metadata)).toBe(422);
      expect(await res.text(), String(metadata)).toBe(NO_VIDEO);
    }
    // Nothing of a refused upload waits in the uploads folder.
    expect(tusFiles()).toEqual(before);
  });

  it('stores nothing for a video removed while its file was on the way, and says so', async () => {
    const videoId = await newVideo();
    const file = fakeMp4(64 * 1024);
    const created = await fetch(base + UPLOADS, {
      method: 'POST',
      headers: tus({
        'upload-length': String(file.length),
        'upload-metadata': `video_id ${b64(String(videoId))}`,
      }),
    });
    expect(created.status).toBe(201);
    const url = base + created.headers.get('location')!;
    const id = url.split('/').at(-1)!;
    const patch = (from: number, to: number) =>
      fetch(url, {
        method: 'PATCH',
        headers: tus({
          'upload-offset': String(from),
          'content-type': 'application/offset+octet-stream',
        }),
        body: file.subarray(from, to),
      });
    expect((await patch(0, 1000)).status).toBe(204);
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/staff/videos/${videoId}`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${leader}` },
    });
    expect(removed.statusCode).toBe(200);
    const before = storedVideos();
    const rest = await patch(1000, file.length);
    expect(rest.status).toBe(422);
    expect(await rest.text()).toBe(NO_VIDEO);
    expect(storedVideos()).toEqual(before);
    expect(tusFiles().filter((name) => name.startsWith(id))).toEqual([]);
  });
});

// Last: on SQLite the next video would get the id after the largest row, past what PostgreSQL holds.
describe('ids at the edges', () => {
  /** A copy of a video's row (a new one by default) under `id`, as a database could hold it. */
  async function videoWithId(id: number, from?: number) {
    const template = await server.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', from ?? (await newVideo()))
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('videos')
      .values({ ...template, id })
      .execute();
  }

  it('refuses video 0 even where such a row exists', async () => {
    await videoWithId(0);
    const res = await open(`video_id ${b64('0')}`);
    expect(res.status).toBe(422);
    expect(await res.text()).toBe(NO_VIDEO);
  });

  it('accepts the largest id a PostgreSQL integer holds when that video exists', async () => {
    await videoWithId(2_147_483_647);
    const res = await open(`video_id ${b64('2147483647')}`);
    expect(res.status).toBe(201);
  });

  it('refuses the id after it on SQLite too, which could hold such a row', async () => {
    // PostgreSQL cannot store the row at all; the same ids are refused on either database.
    if (server.dialect !== 'sqlite') return;
    await videoWithId(2_147_483_648, 2_147_483_647);
    const res = await open(`video_id ${b64('2147483648')}`);
    expect(res.status).toBe(422);
    expect(await res.text()).toBe(NO_VIDEO);
  });
});
