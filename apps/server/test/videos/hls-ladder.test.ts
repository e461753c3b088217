import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, getVideoResponseSchema, staffVideoSchema } from '@dars/contract';
import { decryptVideoUrl } from '../../src/modules/videos/video-url';
import type { AppContext } from '../../src/app-context';
import { ffmpegBinary } from '../../src/modules/videos/ffmpeg';
import { openStorage } from '../../src/storage';
import { requestTranscode, TRANSCODE_JOB } from '../../src/modules/videos/transcode';
import { captureLog } from '../captured-log';
import { startTestServer, type TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { publishTestLadder } from '../factories/ladders';
import { studentClient } from '../denial-client';
import { makeStaff } from '../staff/staff-factory';
import { makeClip } from '../factories/clips';

// Issue 29 (ADR 055): an uploaded video becomes an encrypted HLS ladder by a job on the
// durable queue, with real ffmpeg on a clip it generates (6 s, 854×480, a tone). Every
// playlist, segment, picture and the key answer only a live opening of a student who still
// has the lecture; the key also keeps the view limit.

const FFMPEG = ffmpegBinary(process.env.FFMPEG_PATH);
let server: TestServer;
let as: ReturnType<typeof studentClient>;
let log: string[];
let clip: Buffer;
let staffToken: string;

beforeAll(async () => {
  if (!FFMPEG) throw new Error('these tests need ffmpeg (Debian: apt-get install ffmpeg)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-clip-'));
  const file = path.join(dir, 'clip.mp4');
  makeClip(FFMPEG, file, { size: '854x480', seconds: 6 });
  clip = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });
  server = await startTestServer({
    seed: false,
    env: { VIDEO_TRANSCODE: 'on', JOBS_POLL_MS: '100', LOG_LEVEL: 'info' },
  });
  log = captureLog(server.app);
  as = studentClient(server);
  staffToken = (await makeStaff(server.db, 'leader')).token;
}, 120_000);
afterAll(() => server?.close());

const ctxOf = (s: TestServer) =>
  ({ db: s.db, config: s.config, jobs: s.app.jobs }) as unknown as AppContext;

/** A lecture the student holds, its one video limited to `views` views, playing `clip`. */
async function videoOnClip(views: number | null = null) {
  const student = await makeStudent(server.db);
  const lecture = await makeLecture(server, { free: true, videos: [views] });
  expect((await as.buyLecture(lecture.id, student.token, {})).statusCode).toBe(200);
  const video = await as.firstVideo(lecture.id);
  const source = `videos/${video.id}-clip.mp4`;
  const storage = openStorage(server.config.storage, server.config.dataDir);
  await storage.write('private', source, clip, { contentType: 'video/mp4' });
  storage.close();
  await server.db
    .updateTable('videos')
    .set({ source_path: source, duration_seconds: 6 })
    .where('id', '=', video.id)
    .execute();
  return { student, lecture, videoId: video.id, source };
}

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers });

/** The AES-128 decryption HLS asks for: CBC, PKCS#7, the IV the segment's sequence number. */
function decrypt(bytes: Buffer, key: Buffer, sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeUInt32BE(sequence, 12);
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(bytes), decipher.final()]);
}

/** An MPEG transport stream: 188-byte packets, each opening with the sync byte 0x47. */
function isTransportStream(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.length % 188 !== 0) return false;
  for (let i = 0; i < bytes.length; i += 188) if (bytes[i] !== 0x47) return false;
  return true;
}

async function transcoded(videoId: number, source: string) {
  await requestTranscode(ctxOf(server), videoId, source, 6);
  await server.app.jobs.idle([TRANSCODE_JOB], 180_000);
}

describe('the HLS ladder of an uploaded video', () => {
  it('plays the MP4 until the ladder is published, then an encrypted ladder of 240p, 360p and 480p', async () => {
    const { student, videoId, source } = await videoOnClip();
    const { res: opened, vt } = await as.openVideo(videoId, student.token);
    expect(getVideoResponseSchema.parse(opened.json()).hls).toBeNull();
    // Before: the player page streams the MP4 and names no ladder.
    const before = await get(`/player/${videoId}?vt=${encodeURIComponent(vt!)}`);
    expect(before.body).toContain('"hls":null');
    expect(before.body).not.toContain('hls.light.min.js');
    const stream = await get(`${API_BASE}/video/stream/${videoId}?vt=${encodeURIComponent(vt!)}`, {
      range: 'bytes=0-99',
    });
    expect(stream.statusCode).toBe(206);

    await transcoded(videoId, source);
    const row = await server.db
      .selectFrom('videos')
      .selectAll()
      .where('id', '=', videoId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      transcode_state: 'ready',
      transcode_progress: 100,
      hls_source: source,
    });
    expect(row.hls_key).toMatch(/^[0-9a-f]{32}$/);
    // The console's view of it.
    const staff = await get(`${API_BASE}/staff/videos/${videoId}`, {
      authorization: `Bearer ${staffToken}`,
    });
    expect(staffVideoSchema.parse(staff.json().data).transcode).toEqual({
      state: 'ready',
      progress: 100,
      error: null,
      renditions: [240, 360, 480],
    });
    expect(log.filter((l) => l.includes('video ladder published'))).toHaveLength(1);
    // The native player's stream (ADR 055): the master playlist, for a new opening.
    const again = await as.openVideo(videoId, student.token);
    const hls = new URL(decryptVideoUrl(getVideoResponseSchema.parse(again.res.json()).hls!));
    expect(hls.pathname).toBe(`${API_BASE}/video/hls/${videoId}/master.m3u8`);
    expect(hls.searchParams.get('vt')).toBe(again.vt);

    // The page now loads hls.js from our path, which its policy allows, and names the master.
    const page = await get(`/player/${videoId}?vt=${encodeURIComponent(vt!)}`);
    expect(page.body).toContain(`/player/assets/hls.light.min.js?v=`);
    expect(page.headers['content-security-policy']).toMatch(
      /script-src 'sha256-[^']+' http:\/\/localhost(:\d+)?\/player\/assets\//,
    );
    const cfg = JSON.parse(
      /<script type="application\/json" id="cfg">(.*?)<\/script>/s.exec(page.body)![1]!,
    );
    expect(cfg.hls.master).toBe(
      `${API_BASE}/video/hls/${videoId}/master.m3u8?vt=${encodeURIComponent(vt!)}`,
    );
    expect(cfg.hls.renditions.map((r: { height: number }) => r.height)).toEqual([240, 360, 480]);
    const script = await get('/player/assets/hls.light.min.js', { 'accept-encoding': 'gzip' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-encoding']).toBe('gzip');

    // The master playlist: three renditions, each named by our call with the opening's token.
    const master = await get(cfg.hls.master);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toContain('no-store');
    const resolutions = [...master.body.matchAll(/RESOLUTION=(\d+x\d+)/g)].map((m) => m[1]);
    expect(resolutions).toEqual(['426x240', '640x360', '854x480']);
    const variants = master.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(variants).toEqual(
      [0, 1, 2].map(
        (i) => `${API_BASE}/video/hls/${videoId}/v${i}/index.m3u8?vt=${encodeURIComponent(vt!)}`,
      ),
    );

    // A rendition: the key named by our key call, 4-second segments by signed links.
    const low = await get(variants[0]!);
    const keyLine = low.body.split('\n').find((l) => l.startsWith('#EXT-X-KEY'))!;
    expect(keyLine).toBe(
      `#EXT-X-KEY:METHOD=AES-128,URI="${API_BASE}/video/hls/${videoId}/key?vt=${encodeURIComponent(vt!)}"`,
    );
    const segments = low.body.split('\n').filter((l) => l && !l.startsWith('#'));
    expect(segments.length).toBe(2); // 6 s in 4-second segments
    expect(segments[0]).toMatch(
      new RegExp(`^${API_BASE}/video/hls/${videoId}/v0/s00000\\.ts\\?st=`),
    );

    // The key decrypts each segment into a transport stream; the bytes stored and served are not one.
    const key = await get(`${API_BASE}/video/hls/${videoId}/key?vt=${encodeURIComponent(vt!)}`);
    expect(key.statusCode).toBe(200);
    expect(key.headers['cache-control']).toContain('no-store');
    expect(key.rawPayload).toHaveLength(16);
    expect(key.rawPayload.toString('hex')).toBe(row.hls_key);
    for (const [i, url] of segments.entries()) {
      const segment = await get(url);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(isTransportStream(segment.rawPayload)).toBe(false);
      expect(isTransportStream(decrypt(segment.rawPayload, key.rawPayload, i))).toBe(true);
    }
    // The poster and the thumbnails' sprite are JPEGs.
    for (const url of [cfg.hls.poster, cfg.hls.thumbs.url]) {
      const image = await get(url);
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
    }
    expect(cfg.hls.thumbs).toMatchObject({ interval: 5, count: 2, columns: 10, rows: 10 });
  }, 240_000);

  it('refuses the playlists, segments, pictures and key to a guest, another video, an ended sign-in, a lecture no longer held and a view beyond the limit', async () => {
    const { student, lecture, videoId, source } = await videoOnClip(1);
    await transcoded(videoId, source);
    const first = (await as.openVideo(videoId, student.token)).vt!;
    const second = (await as.openVideo(videoId, student.token)).vt!;
    const t = (vt: string) => encodeURIComponent(vt);
    const urls = (vt: string | null) => {
      const q = vt === null ? '' : `?vt=${t(vt)}`;
      return [
        `${API_BASE}/video/hls/${videoId}/master.m3u8${q}`,
        `${API_BASE}/video/hls/${videoId}/v0/index.m3u8${q}`,
        `${API_BASE}/video/hls/${videoId}/key${q}`,
        `${API_BASE}/video/hls/${videoId}/images/poster.jpg${q}`,
      ];
    };
    const statuses = async (list: string[]) =>
      Promise.all(list.map(async (u) => (await get(u)).statusCode));
    expect(await statuses(urls(first))).toEqual([200, 200, 200, 200]);
    // A guest, and a forged token.
    expect(await statuses(urls(null))).toEqual([403, 403, 403, 403]);
    expect(await statuses(urls(`${first}x`))).toEqual([403, 403, 403, 403]);
    // Another video's link.
    const other = await videoOnClip();
    const otherVt = (await as.openVideo(other.videoId, other.student.token)).vt!;
    expect(await statuses(urls(otherVt))).toEqual([403, 403, 403, 403]);
    // Segments: without their token, or with one whose folder was changed.
    const playlist = (await get(urls(first)[1]!)).body;
    const segment = playlist.split('\n').find((l) => l.includes('/s00000.ts?st='))!;
    expect((await get(segment)).statusCode).toBe(200);
    expect((await get(segment.replace(/\?st=.*/, ''))).statusCode).toBe(403);
    const st = decodeURIComponent(segment.split('?st=')[1]!);
    const [body, mac] = st.split('.');
    const forged = JSON.parse(Buffer.from(body!, 'base64url').toString());
    forged.p = 'hls/1/aaaaaaaaaaaa';
    const forgedSt = `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`;
    expect(
      (await get(segment.replace(/\?st=.*/, `?st=${encodeURIComponent(forgedSt)}`))).statusCode,
    ).toBe(403);

    // The view limit (1): the first opening's view counted, the key still opens for it (it is
    // the view spent) and no longer for the second opening.
    expect((await as.countView(first)).statusCode).toBe(200);
    expect((await get(urls(first)[2]!)).statusCode).toBe(200);
    const refused = await get(urls(second)[2]!);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('لقد استنفدت عدد مرات المشاهدة المسموح بها لهذا الفيديو');

    // The lecture no longer held: everything but the segments' bytes (still encrypted) stops.
    await server.db
      .deleteFrom('lecture_purchases')
      .where('lecture_id', '=', lecture.id)
      .where('user_id', '=', student.userId)
      .execute();
    expect(await statuses(urls(first))).toEqual([403, 403, 403, 403]);

    // A lecture whose homework must be taken first: the key waits for it (the playlists do
    // not decide anything a student could use without it).
    const held = await makeLecture(server, { free: true, exam: 'homework' });
    expect((await as.buyLecture(held.id, student.token, {})).statusCode).toBe(200);
    const heldVideo = await as.firstVideo(held.id);
    await publishTestLadder(server, heldVideo.id);
    const heldVt = as.signedVideoToken(heldVideo.id, student.userId);
    expect(
      (await get(`${API_BASE}/video/hls/${heldVideo.id}/master.m3u8?vt=${t(heldVt)}`)).statusCode,
    ).toBe(200);
    const waiting = await get(`${API_BASE}/video/hls/${heldVideo.id}/key?vt=${t(heldVt)}`);
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json().message).toBe('لا يمكنك مشاهدة الفيديو قبل حل الامتحان المطلوب');

    // An ended sign-in: its links die with it, segments too.
    const s2 = await videoOnClip();
    await transcoded(s2.videoId, s2.source);
    const vt2 = (await as.openVideo(s2.videoId, s2.student.token)).vt!;
    const seg2 = (await get(`${API_BASE}/video/hls/${s2.videoId}/v0/index.m3u8?vt=${t(vt2)}`)).body
      .split('\n')
      .find((l) => l.includes('/s00000.ts?st='))!;
    expect((await get(seg2)).statusCode).toBe(200);
    const out = await server.app.inject({
      method: 'POST',
      url: `${API_BASE}/logout`,
      headers: { authorization: `Bearer ${s2.student.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await get(seg2)).statusCode).toBe(403);
    expect((await get(`${API_BASE}/video/hls/${s2.videoId}/key?vt=${t(vt2)}`)).statusCode).toBe(
      403,
    );
  }, 360_000);
});
