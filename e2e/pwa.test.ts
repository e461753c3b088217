import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { API_BASE } from '@dars/contract';
import { callApi } from './support/api';
import { cardTitles, CHROMIUM, screenshot, VIEWPORTS, waitForAppStart } from './support/browser';
import { ANDROID_ORIGIN, openNativeApp } from './support/native';
import { it, VIEWPORT_NAMES } from './support/screens';
import { serverURL } from './support/server';

/**
 * The student app as an installable app that survives a weak network (issue 29, ADR 056): the
 * service worker takes over a guest's first visit, keeps the catalogue it saw and answers it
 * offline, answers an address never opened with the Arabic offline page, keeps nothing a
 * signed-in call answered, and offers a new version only when the student accepts it; the
 * server serves the worker and the manifest as Chromium needs them; the native apps register
 * no worker.
 */

const OFFLINE_TITLE = 'أنت غير متصل بالإنترنت';
const RETRY = 'إعادة المحاولة';

/** Waits until a service worker controls the page (it registers after load and idle). */
async function workerControls(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
    timeout: 60_000,
  });
}

/** Every request kept in the page's caches (Cache Storage), by address. */
function keptAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** Whether the page's caches hold an answer for `address` (any cache). */
function isKept(page: Page, address: string): Promise<boolean> {
  return page.evaluate(
    async (url) => (await caches.match(url, { ignoreVary: true })) !== undefined,
    new URL(address, serverURL()).href,
  );
}

describe.each(VIEWPORT_NAMES)('on a %s', (viewport) => {
  it.override({ viewport, serviceWorkers: 'allow' });
  const shot = (page: Page, name: string) => screenshot(page, `${viewport}-pwa-${name}`);

  it('keeps the catalogue a guest saw and shows it offline; a page never opened is the offline page', async ({
    page,
    context,
    students,
  }) => {
    await page.goto('/courses');
    await waitForAppStart(page);
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);

    // The worker takes over the first visit and keeps the page it had loaded before it.
    await workerControls(page);
    await expect.poll(() => isKept(page, '/courses'), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => isKept(page, `${API_BASE}/app`)).toBe(true);
    // The app's shell is precached: its scripts and the Cairo fonts.
    const kept = await keptAddresses(page);
    expect(kept.some((url) => /\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
    expect(kept.some((url) => /\/assets\/cairo-arabic-400-normal-[\w-]+\.woff2$/.test(url))).toBe(
      true,
    );

    // A course opened in the app: its call goes through the worker and is kept.
    const main = page.getByRole('main');
    await main.getByTestId('course-card').first().getByRole('link').first().click();
    await main.getByRole('heading', { level: 1, name: titles[0], exact: true }).waitFor();
    const coursePath = new URL(page.url()).pathname;
    await expect.poll(() => isKept(page, `${API_BASE}${coursePath}`)).toBe(true);
    await page.goBack();
    await main.getByTestId('course-card').first().waitFor();

    // Calls made online with a student's token are never kept; the same call as a guest is.
    const student = await students.create();
    const login = await callApi('/login', {
      body: { login: student.email, password: student.password },
    });
    expect(login.status).toBe(200);
    const { token } = login.json as { token: string };
    const tag = randomUUID().slice(0, 8);
    const asStudent = `${API_BASE}/courses?query=student-${tag}`;
    const asGuest = `${API_BASE}/courses?query=guest-${tag}`;
    const statuses = await page.evaluate(
      async ({ token, asStudent, asGuest, api }) => {
        const bearer = { authorization: `Bearer ${token}` };
        return Promise.all([
          fetch(asStudent, { headers: bearer }).then((r) => r.status),
          fetch(`${api}/home`, { headers: bearer }).then((r) => r.status),
          fetch(`${api}/wallet`, { headers: bearer }).then((r) => r.status),
          fetch(asGuest).then((r) => r.status),
        ]);
      },
      { token, asStudent, asGuest, api: API_BASE },
    );
    expect(statuses).toEqual([200, 200, 200, 200]);
    await expect.poll(() => isKept(page, asGuest)).toBe(true);
    const afterCalls = await keptAddresses(page);
    expect(afterCalls.filter((url) => url.includes(`student-${tag}`))).toEqual([]);
    expect(afterCalls.filter((url) => /\/api\/v1\/(home|wallet|staff|video)/.test(url))).toEqual(
      [],
    );
    expect(afterCalls.filter((url) => /\/(storage|player)\//.test(url))).toEqual([]);

    // Offline: the course list comes back as it was seen.
    await context.setOffline(true);
    await page.reload();
    await waitForAppStart(page);
    expect(await cardTitles(page)).toEqual(titles);
    await shot(page, '01-courses-offline');

    // The course opened in the app opens again, from the kept answer.
    await main.getByTestId('course-card').first().getByRole('link').first().click();
    await main.getByRole('heading', { level: 1, name: titles[0], exact: true }).waitFor();
    await shot(page, '02-course-offline');

    // An address never opened on this device: the offline page, in Arabic, with a retry.
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: OFFLINE_TITLE }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    // It offers the kept course list.
    expect(await page.getByRole('link', { name: 'الدورات' }).getAttribute('href')).toBe('/courses');
    await shot(page, '03-offline-page');

    // Back online, the retry opens the page asked for.
    await context.setOffline(false);
    await page.getByRole('button', { name: RETRY }).click();
    await waitForAppStart(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByRole('heading', { level: 1, name: OFFLINE_TITLE }).count()).toBe(0);
  });

  it('offers a new version deployed with «يتوفر إصدار جديد»; «تحديث» hands over to it and reloads the page', async ({
    page,
  }) => {
    await page.goto('/courses');
    await waitForAppStart(page);
    await workerControls(page);
    // The next deploy, as the browser meets it: the site's worker under a new script address
    // (a new build's would differ in its bytes), found by the browser's update check.
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js?next-build', { scope: '/' });
    });
    const prompt = page.getByRole('status').filter({ hasText: 'يتوفر إصدار جديد' });
    await prompt.waitFor({ timeout: 30_000 });
    await screenshot(page, `${viewport}-pwa-04-update-prompt`, { fullPage: false });
    // Nothing changes until the student accepts: the new version waits, the old one controls.
    const controller = () =>
      page.evaluate(() => new URL(navigator.serviceWorker.controller!.scriptURL).search);
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.waiting != null;
      }),
    ).toBe(true);
    expect(await controller()).toBe('');
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'تحديث' }).click();
    await reloaded;
    await waitForAppStart(page);
    // The page came back under the new version. (It then registers /sw.js again, which this
    // test's stand-in for a deploy makes a newer version still: not looked at.)
    expect(await controller()).toBe('?next-build');
  });
});

describe('the worker and the manifest', () => {
  it('are served as Chromium needs them: the worker revalidated, for the whole site, under the app’s policy', async () => {
    const res = await fetch(new URL('/sw.js', serverURL()), {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('service-worker-allowed')).toBe('/');
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(await res.text()).toContain('dars-pages-v1');

    const manifest = await fetch(new URL('/manifest.webmanifest', serverURL()));
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      lang: 'ar',
      dir: 'rtl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      icons: [
        { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: '/icon-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
    expect(body.name).toEqual(expect.any(String));
    expect(body.short_name).toEqual(expect.any(String));
    expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(body.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    // The maskable icon is there, a PNG (its drawing: plugins/web-manifest.test.ts).
    const maskable = await fetch(new URL('/icon-maskable.png', serverURL()));
    expect(maskable.status).toBe(200);
    expect(maskable.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await maskable.arrayBuffer());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // Width and height in the header chunk: 512 × 512.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([512, 512]);
  });

  it('make the app installable: Chromium reports no installability error', async () => {
    // A profile on disk: Chromium never installs from an incognito profile (a new context is one).
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-e2e-pwa-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...CHROMIUM,
      baseURL: serverURL(),
      viewport: VIEWPORTS.phone,
      locale: 'ar-EG',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/');
      await waitForAppStart(page);
      await workerControls(page);
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as {
        url: string;
        errors: unknown[];
      };
      expect(new URL(manifest.url).pathname).toBe('/manifest.webmanifest');
      expect(manifest.errors).toEqual([]);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('the native apps', () => {
  it('register no service worker (ADR 021: their pages come from the app)', async ({ browser }) => {
    const { context, page } = await openNativeApp(browser, serverURL(), 'phone', {
      platform: 'android',
      version: '1.0.3',
    });
    try {
      const asked: string[] = [];
      page.on('request', (request) => asked.push(new URL(request.url()).pathname));
      await page.goto(`${ANDROID_ORIGIN}/courses`);
      await page.getByRole('main').getByTestId('course-card').first().waitFor();
      // The app's start asks for the registration's module after load, which finds the app native.
      await expect
        .poll(() => asked.some((p) => /\/assets\/service-worker-[\w-]+\.js$/.test(p)), {
          timeout: 30_000,
        })
        .toBe(true);
      await page.waitForTimeout(2_000);
      expect(asked.filter((p) => /workbox|\/sw\.js$/.test(p))).toEqual([]);
      expect(await page.evaluate(async () => navigator.serviceWorker.getRegistrations())).toEqual(
        [],
      );
    } finally {
      await context.close();
    }
  });
});
