import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { openDatabase } from '../apps/server/src/db/database';
import { ffmpegBinary } from '../apps/server/src/modules/videos/ffmpeg';
import { decryptVideoUrl } from '../apps/server/src/modules/videos/video-url';
import { startServer } from './global-setup';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { makeClip } from '../apps/server/test/factories/clips';
import { lectureIdNamed, ownServerApi, uploadVideo } from './support/videos';

/**
 * Issue 29 (ADR 055): the demo as `npm start` runs it makes HLS ladders. A staff upload (tus)
 * of a 20-second 720p lecture recorded at 4 Mbit/s is transcoded into 240p–720p; the player
 * plays it by hls.js with a working quality menu (phone and desktop); over a link throttled to
 * 1.5 Mbit/s with 150 ms of latency it picks a lower rendition and stalls no longer than the
 * MP4 as uploaded does in the same run; a second device resumes where the first stopped.
 */

const FFMPEG = ffmpegBinary(process.env.FFMPEG_PATH);
let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
let videoId: number;
let studentToken: string;

const db = () => openDatabase({ sqliteFile: path.join(server.dataDir, 'dars.sqlite') });

const api = ownServerApi(() => server.baseURL);

async function login(email: string, path = '/login'): Promise<string> {
  const { status, json } = await api(path, {
    body:
      path === '/login'
        ? { login: email, password: 'dars12345' }
        : { email, password: 'dars12345' },
  });
  if (status !== 200) throw new Error(`${path} answered ${status}`);
  return (json.token ?? json.data?.token)!;
}

/** The player page of a fresh opening of the video for the student, as the app frames it. */
async function playerUrl(token: string): Promise<string> {
  const { status, json } = await api(`/video/apps/${videoId}`, { token });
  expect(status).toBe(200);
  const url = new URL(decryptVideoUrl(json.u));
  return `${url.pathname}${url.search}`;
}

type Playback = {
  player: string;
  level: string;
  time: number;
  firstFrameMs: number;
  stalledMs: number;
};

/**
 * Opens the player, plays for `seconds` of page time and answers what happened: which
 * player, the rendition last shown, the time reached, how long until the first frame, and
 * how long it stalled (waiting after it had started).
 */
async function play(page: Page, url: string, seconds: number): Promise<Playback> {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __t: { opened: number; first?: number; stalls: number; since?: number };
    };
    w.__t = { opened: performance.now(), stalls: 0 };
    document.addEventListener(
      'DOMContentLoaded',
      () => {
        const v = document.querySelector('video')!;
        v.muted = true; // a page opened by a test has no tap to pass on for sound
        v.addEventListener('playing', () => {
          if (w.__t.first === undefined) w.__t.first = performance.now();
          if (w.__t.since !== undefined) w.__t.stalls += performance.now() - w.__t.since;
          w.__t.since = undefined;
        });
        v.addEventListener('waiting', () => {
          if (w.__t.first !== undefined) w.__t.since = performance.now();
        });
      },
      { once: true },
    );
  });
  await page.goto(url);
  await page.waitForFunction(
    () => !document.querySelector('video')!.paused || !document.getElementById('start')!.hidden,
  );
  if (await page.locator('#start').isVisible()) await page.locator('#start').click();
  await page.waitForTimeout(seconds * 1000);
  return page.evaluate(() => {
    const w = window as unknown as {
      __t: { opened: number; first?: number; stalls: number; since?: number };
    };
    const v = document.querySelector('video')!;
    const open = w.__t.since !== undefined ? performance.now() - w.__t.since : 0;
    return {
      player: document.body.dataset.player ?? '',
      level: document.body.dataset.level ?? '',
      time: v.currentTime,
      firstFrameMs: w.__t.first === undefined ? Infinity : Math.round(w.__t.first - w.__t.opened),
      stalledMs: Math.round(w.__t.stalls + open),
    };
  });
}

beforeAll(async () => {
  if (!FFMPEG) throw new Error('this journey needs ffmpeg (Debian: apt-get install ffmpeg)');
  // The demo as `npm start` runs it: HLS ladders on.
  server = await startServer(inject('webDist'), inject('staffDist'), { JOBS_POLL_MS: '200' });
  browser = await launchBrowser();
  // A 20-second 720p lecture at 4 Mbit/s: noise makes every rendition use its whole bitrate.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-lecture-'));
  const file = path.join(dir, 'lecture.mp4');
  makeClip(FFMPEG, file, { size: '1280x720', seconds: 20, recorded: true });
  const bytes = fs.readFileSync(file);
  fs.rmSync(dir, { recursive: true, force: true });

  // A video on the demo's free lecture, its file sent by the console's protocol (tus), and
  // the console's view of the job until the ladder is published.
  const staff = await login('admin@dars.test', '/staff/login');
  const lectureId = await lectureIdNamed(server.dataDir, 'قوانين مندل');
  const uploaded = await uploadVideo(server.baseURL, staff, {
    lectureId,
    name: 'محاضرة مسجلة بجودة عالية',
    bytes,
    waitMs: 240_000,
  });
  videoId = uploaded.videoId;
  const ready = uploaded.transcode;
  expect(ready).toEqual({
    state: 'ready',
    progress: 100,
    error: null,
    renditions: [240, 360, 480, 720],
  });
  studentToken = await login('student@dars.test');
  // The free lecture, held.
  await api(`/lectures/${lectureId}/purchase`, { token: studentToken, body: {} });
}, 420_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('HLS video', () => {
  for (const viewport of ['phone', 'desktop'] as const) {
    it(`plays the ladder by hls.js with a quality menu on a ${viewport}`, async () => {
      const { context, page } = await openPage(browser, server.baseURL, viewport);
      try {
        const played = await play(page, await playerUrl(studentToken), 3);
        expect(played.player).toBe('hls');
        expect(played.time).toBeGreaterThan(0.5);
        const quality = page.getByLabel('الجودة');
        await expect
          .poll(() => quality.locator('option').allTextContents())
          .toEqual([expect.stringMatching(/^تلقائي/), '720p', '480p', '360p', '240p']);
        await quality.selectOption({ label: '240p' });
        await expect.poll(() => page.evaluate(() => document.body.dataset.level)).toBe('240');
        await page.getByLabel('السرعة').selectOption('1.5');
        expect(await page.evaluate(() => document.querySelector('video')!.playbackRate)).toBe(1.5);
        // The view was counted when it started playing, as with the MP4.
        expect(await page.evaluate(() => document.body.dataset.viewCounted)).toBe('true');
        // Keys: → jumps 5 s on, and a seek shows the thumbnail of where it lands.
        const before = await page.evaluate(() => document.querySelector('video')!.currentTime);
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('ArrowRight');
        await expect
          .poll(() => page.evaluate(() => document.querySelector('video')!.currentTime))
          .toBeGreaterThanOrEqual(before + 4.5);
        const thumb = page.locator('#thumb');
        await expect.poll(() => thumb.isVisible()).toBe(true);
        expect(await thumb.evaluate((t) => getComputedStyle(t).backgroundImage)).toContain(
          `/video/hls/${videoId}/images/thumbs.jpg`,
        );
        // Paused, the controls and the bar show.
        await page.evaluate(() => document.querySelector('video')!.pause());
        await page.mouse.move(100, 100);
        await screenshot(page, `${viewport}-video-hls`, { fullPage: false });
      } finally {
        await context.close();
      }
    });
  }

  it('starts low and stays at 360p at most on mobile data (the data saver)', async () => {
    const { context, page } = await openPage(browser, server.baseURL, 'phone');
    try {
      await page.addInitScript(() =>
        Object.defineProperty(navigator, 'connection', {
          value: { type: 'cellular', effectiveType: '4g', saveData: false },
        }),
      );
      const played = await play(page, await playerUrl(studentToken), 4);
      expect(played.player).toBe('hls');
      expect(['240', '360']).toContain(played.level);
      const auto = page.getByLabel('الجودة').locator('option').first();
      expect(await auto.textContent()).toMatch(/^تلقائي \(توفير البيانات\)/);
    } finally {
      await context.close();
    }
  });

  it('picks a lower rendition over a 1.5 Mbit/s link and stalls no longer than the MP4', async () => {
    const throttled = async (hls: boolean) => {
      // Both from the start: no resume from an earlier opening's reports (written within 1 s).
      await new Promise((r) => setTimeout(r, 1_500));
      const database = db();
      await database.db.deleteFrom('video_progress').where('video_id', '=', videoId).execute();
      await database.destroy();
      const { context, page } = await openPage(browser, server.baseURL, 'phone');
      try {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 150,
          downloadThroughput: (1.5 * 1024 * 1024) / 8,
          uploadThroughput: (0.75 * 1024 * 1024) / 8,
        });
        // Today's MP4: the page without hls.js, in a browser that cannot play HLS itself (this
        // Chromium says it "maybe" can), plays the uploaded file by range requests.
        if (!hls) {
          await page.route('**/player/assets/**', (route) => route.abort());
          await page.addInitScript(() => {
            const canPlay = HTMLMediaElement.prototype.canPlayType;
            HTMLMediaElement.prototype.canPlayType = function (type: string) {
              return /mpegurl/i.test(type) ? '' : canPlay.call(this, type);
            };
          });
        }
        return await play(page, await playerUrl(studentToken), 15);
      } finally {
        await context.close();
      }
    };
    const ladder = await throttled(true);
    const mp4 = await throttled(false);
    console.log(
      `throttled 1.5 Mbit/s, 150 ms: HLS ${JSON.stringify(ladder)}; MP4 ${JSON.stringify(mp4)}`,
    );
    expect(ladder.player).toBe('hls');
    expect(mp4.player).toBe('mp4');
    expect(['240', '360', '480']).toContain(ladder.level);
    expect(ladder.stalledMs).toBeLessThanOrEqual(mp4.stalledMs);
    expect(ladder.time).toBeGreaterThanOrEqual(mp4.time);
  }, 300_000);

  it('says why when the key is refused: the last view went to another opening', async () => {
    const database = db();
    const student = await database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'student@dars.test')
      .executeTakeFirstOrThrow();
    // One view left, then two openings; the first starts playing and takes it.
    await database.db.deleteFrom('video_views').where('video_id', '=', videoId).execute();
    await database.db
      .updateTable('videos')
      .set({ views_limit: 1 })
      .where('id', '=', videoId)
      .execute();
    try {
      const first = await playerUrl(studentToken);
      const second = await playerUrl(studentToken);
      const vt = new URL(first, server.baseURL).searchParams.get('vt')!;
      expect((await api('/video/views', { body: { vt } })).status).toBe(200);
      const { context, page } = await openPage(browser, server.baseURL, 'phone');
      try {
        await page.goto(second);
        await expect
          .poll(() => page.getByRole('alert').textContent(), { timeout: 30_000 })
          .toBe('لقد استنفدت عدد مرات المشاهدة المسموح بها لهذا الفيديو');
        const views = await database.db
          .selectFrom('video_views')
          .select('id')
          .where('video_id', '=', videoId)
          .where('user_id', '=', student.id)
          .execute();
        expect(views).toHaveLength(1);
      } finally {
        await context.close();
      }
    } finally {
      await database.db
        .updateTable('videos')
        .set({ views_limit: null })
        .where('id', '=', videoId)
        .execute();
      await database.destroy();
    }
  });

  it('resumes on another device where the student stopped', async () => {
    const phone = await openPage(browser, server.baseURL, 'phone');
    try {
      await play(phone.page, await playerUrl(studentToken), 1);
      await phone.page.evaluate(() => {
        const v = document.querySelector('video')!;
        v.currentTime = 5;
      });
      await phone.page.waitForTimeout(2_500);
      // Paused: the page reports where it stands.
      await phone.page.evaluate(() => document.querySelector('video')!.pause());
      await phone.page.waitForTimeout(1_500);
    } finally {
      await phone.context.close();
    }
    const desktop = await openPage(browser, server.baseURL, 'desktop');
    try {
      await desktop.page.goto(await playerUrl(studentToken));
      await expect
        .poll(() => desktop.page.evaluate(() => document.querySelector('video')!.currentTime), {
          timeout: 30_000,
        })
        .toBeGreaterThan(6);
      const said = desktop.page.getByRole('status').filter({ hasText: 'نكمل من حيث توقفت' });
      await said.waitFor({ state: 'visible' });
      await desktop.page.getByRole('button', { name: 'من البداية' }).click();
      await expect
        .poll(() => desktop.page.evaluate(() => document.querySelector('video')!.currentTime))
        .toBeLessThan(5);
    } finally {
      await desktop.context.close();
    }
  });
});
