import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { openStorage, readAll } from '../../src/storage';
import { startTestServer, type TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { firstSegmentCall, publishTestLadder } from '../factories/ladders';
import { studentClient } from '../denial-client';
import { startTestBucket, type TestBucket } from '../storage/s3-server';

// S3_PRESIGNED_SEGMENTS (ADR 055): on S3, a segment call that passes its checks sends the
// player to the bucket by a link signed for five minutes, so a lecture's bytes do not pass
// through the server; the player page lets hls.js reach the bucket. Against s3rver, a real
// S3-compatible server on this machine, with a ladder written by hand.

let bucket: TestBucket;
let server: TestServer;
let plain: TestServer;

beforeAll(async () => {
  bucket = await startTestBucket();
  server = await startTestServer({
    seed: false,
    env: { ...bucket.env, S3_PRESIGNED_SEGMENTS: 'on' },
  });
  plain = await startTestServer({ seed: false, env: bucket.env });
});
afterAll(async () => {
  await server?.close();
  await plain?.close();
  await bucket?.close();
});

/** A held lecture's one video with a ladder, opened by its student. */
async function openedLadder(on: TestServer) {
  const client = studentClient(on);
  const student = await makeStudent(on.db);
  const lecture = await makeLecture(on, { free: true });
  expect((await client.buyLecture(lecture.id, student.token, {})).statusCode).toBe(200);
  const video = await client.firstVideo(lecture.id);
  const prefix = await publishTestLadder(on, video.id);
  const vt = (await client.openVideo(video.id, student.token)).vt!;
  return { videoId: video.id, vt, prefix };
}

describe('segments read from the bucket (S3_PRESIGNED_SEGMENTS=on)', () => {
  it('sends the player to a five-minute link that reads the stored segment whole', async () => {
    const { videoId, vt, prefix } = await openedLadder(server);
    const res = await server.app.inject({
      method: 'GET',
      url: await firstSegmentCall(server, videoId, vt),
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toBe('');
    const link = new URL(String(res.headers.location));
    expect(link.origin).toBe(bucket.config.endpoint);
    expect(link.pathname).toBe(`/${bucket.config.bucket}/private/${prefix}/v0/s00000.ts`);
    expect(link.searchParams.get('X-Amz-Expires')).toBe('300');
    // Signed with the bucket's key (s3rver accepts any signature, so its check is S3's own).
    expect(link.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\//);
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const fromBucket = await fetch(link);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get('content-type')).toBe('video/mp2t');
    expect(fromBucket.headers.get('cache-control')).toBe('private, max-age=14400, immutable');
    const storage = openStorage(server.config.storage, server.config.dataDir);
    const stored = await readAll(storage, 'private', `${prefix}/v0/s00000.ts`);
    storage.close();
    expect(Buffer.from(await fromBucket.arrayBuffer())).toEqual(stored);
  });

  it('signs no link for a call that fails its checks', async () => {
    const { videoId, vt } = await openedLadder(server);
    const call = await firstSegmentCall(server, videoId, vt);
    for (const url of [call.replace(/st=[^&]+/, 'st=forged'), call.replace(/\?st=.*$/, '')]) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(403);
      expect(res.headers.location, url).toBeUndefined();
    }
  });

  it('lets the player page reach the bucket, and only there', async () => {
    const { videoId, vt } = await openedLadder(server);
    const page = await server.app.inject({
      method: 'GET',
      url: `/player/${videoId}?vt=${encodeURIComponent(vt)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(
      `connect-src 'self' ${bucket.config.endpoint}`,
    );
  });
});

describe('segments through the server (the default)', () => {
  it('streams the segment itself, and the player page reaches no other origin', async () => {
    const { videoId, vt } = await openedLadder(plain);
    const res = await plain.app.inject({
      method: 'GET',
      url: await firstSegmentCall(plain, videoId, vt),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp2t');
    expect(res.headers.location).toBeUndefined();
    const page = await plain.app.inject({
      method: 'GET',
      url: `/player/${videoId}?vt=${encodeURIComponent(vt)}`,
    });
    expect(page.headers['content-security-policy']).not.toContain('connect-src');
  });

  it('refuses the switch without a bucket: the data folder has no signed links', () => {
    expect(() => loadConfig({ S3_PRESIGNED_SEGMENTS: 'on' })).toThrow(
      'S3_PRESIGNED_SEGMENTS=on needs S3_BUCKET',
    );
    expect(() => loadConfig({ S3_PRESIGNED_SEGMENTS: 'maybe' })).toThrow(
      'S3_PRESIGNED_SEGMENTS must be on or off',
    );
  });
});
