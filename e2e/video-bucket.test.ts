import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { API_BASE } from '@dars/contract';
import { openDatabase } from '../apps/server/src/db/database';
import { ffmpegBinary } from '../apps/server/src/modules/videos/ffmpeg';
import { decryptVideoUrl } from '../apps/server/src/modules/videos/video-url';
import { makeClip } from '../apps/server/test/factories/clips';
import { startTestBucket, type TestBucket } from '../apps/server/test/storage/s3-server';
import { startServer } from './global-setup';
import { launchBrowser, openPage, screenshot } from './support/browser';

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

async function api(route: string, init: { token?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.baseURL}${API_BASE}${route}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      'app-platform': 'web',
      'app-version': '1.0.0',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  // What the calls below read of an answer (each checked by the contract's tests).
  type Answer = {
    token?: string;
    u: string;
    data: { id: number; token?: string; transcode: { state: string } };
  };
  return { status: res.status, json: (await res.json().catch(() => null)) as Answer };
}

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
  const database = openDatabase({ sqliteFile: path.join(server.dataDir, 'dars.sqlite') });
  const lecture = await database.db
    .selectFrom('lectures')
    .select('id')
    .where('name', '=', 'قوانين مندل')
    .executeTakeFirstOrThrow();
  await database.destroy();
  const made = await api('/staff/videos', {
    token: staff,
    body: { lecture_id: lecture.id, name: 'محاضرة من الحاوية' },
  });
  expect(made.status).toBe(200);
  const videoId = made.json.data.id;
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const created = await fetch(`${server.baseURL}${API_BASE}/staff/uploads/videos`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${staff}`,
      'upload-length': String(bytes.length),
      'upload-metadata': `video_id ${b64(String(videoId))},filename ${b64('lecture.mp4')}`,
    },
  });
  expect(created.status).toBe(201);
  const sent = await fetch(new URL(created.headers.get('location')!, server.baseURL), {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${staff}`,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
  expect(sent.status).toBe(204);
  const end = Date.now() + 180_000;
  for (;;) {
    const state = (await api(`/staff/videos/${videoId}`, { token: staff })).json.data.transcode
      .state;
    if (state === 'ready') break;
    if (state === 'failed' || Date.now() > end) throw new Error(`the ladder is ${state}`);
    await new Promise((r) => setTimeout(r, 250));
  }
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
    const database = openDatabase({ sqliteFile: path.join(server.dataDir, 'dars.sqlite') });
    const lecture = await database.db
      .selectFrom('lectures')
      .select('id')
      .where('name', '=', 'قوانين مندل')
      .executeTakeFirstOrThrow();
    await database.destroy();
    await api(`/lectures/${lecture.id}/purchase`, { token: student, body: {} });
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
