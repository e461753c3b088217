import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAppSecret } from '../../src/lib/app-secret';
import { signToken, verifyToken } from '../../src/lib/signed-token';
import { openStorage } from '../../src/storage';
import { startTestServer, type TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { firstSegmentCall, hlsUrl as hls, publishTestLadder } from '../factories/ladders';
import { studentClient } from '../denial-client';

// Who may read a ladder's files (ADR 055, hls-service.ts), on a ladder written by hand (no
// ffmpeg): what is not there yet, a rendition the ladder does not have, a segment token of
// another video or one we never sign, the segments' tokens dying with the opening, and which
// picture is which. Each case turned a surviving mutant of `npm run mutate` red.

let server: TestServer;
let as: ReturnType<typeof studentClient>;
let secret: Buffer;

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  as = studentClient(server);
  secret = loadAppSecret(server.config.dataDir, server.config.appSecret);
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });

/** A held lecture's one video, opened by its student: the video's id and the opening's token. */
async function openedVideo(ladder: boolean) {
  const student = await makeStudent(server.db);
  const lecture = await makeLecture(server, { free: true });
  expect((await as.buyLecture(lecture.id, student.token, {})).statusCode).toBe(200);
  const video = await as.firstVideo(lecture.id);
  if (ladder) await publishTestLadder(server, video.id);
  const vt = (await as.openVideo(video.id, student.token)).vt!;
  return { videoId: video.id, vt, userId: student.userId };
}

/** Where the video's published ladder lies in storage. */
async function ladderFolder(videoId: number): Promise<string | null> {
  const row = await server.db
    .selectFrom('videos')
    .select('hls_prefix')
    .where('id', '=', videoId)
    .executeTakeFirstOrThrow();
  return row.hls_prefix;
}

const segmentUrl = (videoId: number, vt: string) => firstSegmentCall(server, videoId, vt);

describe('a ladder that is not there', () => {
  it('answers 404 «not ready» for every file of a video that plays its MP4 only', async () => {
    const { videoId, vt } = await openedVideo(false);
    for (const rest of ['master.m3u8', 'v0/index.m3u8', 'key', 'images/poster.jpg']) {
      const res = await get(hls(videoId, rest, vt));
      expect(res.statusCode, rest).toBe(404);
      expect(res.json(), rest).toMatchObject({
        code: 'NOT_FOUND',
        message: 'الفيديو لم يُجهّز بجودات متعددة بعد',
      });
    }
  });

  it('answers 404 «no video» once the video has no file, and for a rendition the ladder lacks', async () => {
    const { videoId, vt } = await openedVideo(true);
    const missing = await get(hls(videoId, 'v3/index.m3u8', vt));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'الفيديو غير موجود' });
    await server.db
      .updateTable('videos')
      .set({ source_path: null })
      .where('id', '=', videoId)
      .execute();
    const gone = await get(hls(videoId, 'master.m3u8', vt));
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND', message: 'الفيديو غير موجود' });
  });

  it('answers 404 «not ready» when a published playlist is missing from storage', async () => {
    const { videoId, vt } = await openedVideo(true);
    const prefix = await ladderFolder(videoId);
    const storage = openStorage(server.config.storage, server.config.dataDir);
    await storage.remove('private', `${prefix}/master.m3u8`);
    storage.close();
    const res = await get(hls(videoId, 'master.m3u8', vt));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'الفيديو لم يُجهّز بجودات متعددة بعد',
    });
  });
});

describe('segment tokens', () => {
  it('live exactly as long as the opening that asked for the playlist', async () => {
    const { videoId, vt } = await openedVideo(true);
    const opening = verifyToken(secret, vt) as { exp: number };
    const segment = await segmentUrl(videoId, vt);
    const st = verifyToken(secret, decodeURIComponent(segment.split('?st=')[1]!)) as {
      exp: number;
    };
    // Signed a few milliseconds after the opening, with what was left of it.
    expect(Math.abs(st.exp - opening.exp)).toBeLessThan(5_000);
  });

  it("refuses another video's segment token, and tokens we never sign, though signed", async () => {
    const a = await openedVideo(true);
    const b = await openedVideo(true);
    const ofA = await segmentUrl(a.videoId, a.vt);
    expect((await get(ofA)).statusCode).toBe(200);
    // A's token on B's segment.
    const onB = ofA.replace(`/hls/${a.videoId}/`, `/hls/${b.videoId}/`);
    expect((await get(onB)).statusCode).toBe(403);
    const payload = verifyToken(secret, decodeURIComponent(ofA.split('?st=')[1]!));
    const { v, p, u } = payload as unknown as { v: number; p: string; u: number };
    const segmentWith = (fields: Record<string, string | number>) =>
      ofA.replace(/\?st=.*/, `?st=${encodeURIComponent(signToken(secret, fields, 60_000))}`);
    expect((await get(segmentWith({ v, p, u }))).statusCode).toBe(200);
    // No folder, a folder outside the ladders, no student, a student named by text.
    expect((await get(segmentWith({ v, u }))).statusCode).toBe(403);
    expect((await get(segmentWith({ v, p: `videos/${p}`, u }))).statusCode).toBe(403);
    expect((await get(segmentWith({ v, p }))).statusCode).toBe(403);
    expect((await get(segmentWith({ v, p, u: String(u) }))).statusCode).toBe(403);
  });
});

describe('the pictures', () => {
  it('serves the poster as the poster and the sprite as the sprite', async () => {
    const { videoId, vt } = await openedVideo(true);
    const prefix = await ladderFolder(videoId);
    // Two different JPEGs where the hand-written ladder has the same bytes twice.
    const jpeg = (fill: number) =>
      Buffer.concat([
        Buffer.from('ffd8ffe0', 'hex'),
        Buffer.alloc(16, fill),
        Buffer.from('ffd9', 'hex'),
      ]);
    const storage = openStorage(server.config.storage, server.config.dataDir);
    await storage.write('private', `${prefix}/poster.jpg`, jpeg(1));
    await storage.write('private', `${prefix}/thumbs.jpg`, jpeg(2));
    storage.close();
    const poster = await get(hls(videoId, 'images/poster.jpg', vt));
    const thumbs = await get(hls(videoId, 'images/thumbs.jpg', vt));
    expect(poster.statusCode).toBe(200);
    expect(thumbs.statusCode).toBe(200);
    expect(poster.rawPayload.equals(jpeg(1))).toBe(true);
    expect(thumbs.rawPayload.equals(jpeg(2))).toBe(true);
  });
});
