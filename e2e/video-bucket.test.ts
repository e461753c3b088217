import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { ffmpegBinary } from '../apps/server/src/modules/videos/ffmpeg';
import { decryptVideoUrl } from '../apps/server/src/modules/videos/video-url';
import { makeClip } from '../apps/server/test/factories/clips';
import { startTestBucket, type TestBucket } from '../apps/server/test/storage/s3-server';
import { startServer } from './global-setup';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { lectureIdNamed, ownServerApi, uploadVideo } from './support/videos';

/**
 * Issue 29 (ADR 055's follow-up): with the files in a bucket and S3_PRESIGNED_SEGMENTS=on, a
 * student's browser plays the HLS ladder with every segment read straight from the bucket
 * (a local S3-compatible server whose CORS lets the player page's origin read), through the
 * segment call's redirect and the player page's policy; the key and playlists still come from
 * the server.
 */

const FFMPEG = ffmpegBinary(process.env.FFMPEG_PATH);
let bucket: TestBucket;
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
/** The video the staff uploaded, transcoded on the bucket. */
let videoIdOf = 0;

const api = ownServerApi(() => server.baseURL);
/** The demo's free lecture, which the student holds. */
const LECTURE = 'قوانين مندل';

beforeAll(async () => {
  if (!FFMPEG) throw new Error('this journey needs ffmpeg (Debian: apt-get install ffmpeg)');
  bucket = await startTestBucket('dars-e2e', ['http://127.0.0.1:*']);
  server = await startServer(inject('webDist'), inject('staffDist'), {
    ...bucket.env,
    S3_PRESIGNED_SEGMENTS: 'on',
    JOBS_POLL_MS: '200',
  });
  browser = await launchBrowser();
  // A short 240p lecture: one rung, transcoded in seconds.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-lecture-'));
  const file = path.join(dir, 'lecture.mp4');
  makeClip(FFMPEG, file, { size: '426x240', seconds: 8 });
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });

  const staff = (
    await api('/staff/login', { body: { email: 'admin@dars.test', password: 'dars12345' } })
  ).json.data.token!;
  const { videoId, transcode } = await uploadVideo(server.baseURL, staff, {
    lectureId: await lectureIdNamed(server.dataDir, LECTURE),
    name: 'محاضرة من الحاوية',
    bytes,
    waitMs: 180_000,
  });
  if (transcode.state !== 'ready') throw new Error(`the ladder is ${transcode.state}`);
  videoIdOf = videoId;
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await bucket?.close();
});

describe('HLS segments from the bucket', () => {
  it('plays the ladder with every segment read from the bucket, the key from the server', async () => {
    const student = (
      await api('/login', { body: { login: 'student@dars.test', password: 'dars12345' } })
    ).json.token!;
    await api(`/lectures/${await lectureIdNamed(server.dataDir, LECTURE)}/purchase`, {
      token: student,
      body: {},
    });
    const opened = await api(`/video/apps/${videoIdOf}`, { token: student });
    expect(opened.status).toBe(200);
    const url = new URL(decryptVideoUrl(opened.json.u));

    const { context, page } = await openPage(browser, server.baseURL, 'desktop');
    try {
      const fromBucket: { url: string; status: number }[] = [];
      const blocked: string[] = [];
      page.on('response', (res) => {
        if (res.url().startsWith(bucket.config.endpoint!))
          fromBucket.push({ url: res.url(), status: res.status() });
      });
      page.on('requestfailed', (req) => blocked.push(`${req.url()} ${req.failure()?.errorText}`));
      await page.addInitScript(() => {
        document.addEventListener(
          'DOMContentLoaded',
          () => {
            document.querySelector('video')!.muted = true;
          },
          { once: true },
        );
      });
      await page.goto(`${url.pathname}${url.search}`);
      if (await page.locator('#start').isVisible()) await page.locator('#start').click();
      await expect
        .poll(() => page.evaluate(() => document.querySelector('video')!.currentTime), {
          timeout: 30_000,
        })
        .toBeGreaterThan(1);
      expect(await page.evaluate(() => document.body.dataset.player)).toBe('hls');
      await screenshot(page, 'desktop-video-bucket', { fullPage: false });
      expect(blocked).toEqual([]);
      // Every segment came from the bucket, whole, by a signed link into this ladder's folder.
      expect(fromBucket.length).toBeGreaterThan(0);
      for (const got of fromBucket) {
        expect(got.status, got.url).toBe(200);
        expect(new URL(got.url).pathname).toMatch(
          new RegExp(`^/dars-e2e/private/hls/${videoIdOf}/[^/]+/v0/s\\d{5}\\.ts$`),
        );
      }
    } finally {
      await context.close();
    }
  });
});
