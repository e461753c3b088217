import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, waitForAppStart, type ViewportName } from './support/browser';
import { courseId, signIn } from './support/catalog';
import { it } from './support/students';
import { serverURL } from './support/server';

/**
 * The public pages come from the server rendered as a guest sees them (docs/decisions/
 * 011-first-load.md): the page is in the HTML before any script runs, the browser takes it
 * over without React finding a difference (a mismatch is logged as an error and re-renders
 * the page), and a signed-in visitor still gets the app started in the browser (`/` sends
 * them home). Runs against the real server and its demo seed.
 */

const WELCOME_HEADING = 'تعلّم بذكاء، وتفوّق بثقة';
const COURSE = 'الرياضيات للصف الثالث الإعدادي';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Errors the page logs or throws while it loads and starts. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe.each<ViewportName>(['phone', 'desktop'])('on a %s', (viewport) => {
  it('sends the public pages rendered, and the browser takes them over without a difference', async () => {
    const baseURL = serverURL();
    const paths = ['/', '/courses', `/courses/${await courseId(COURSE)}`];
    for (const path of paths) {
      const html = await (await fetch(`${baseURL}${path}`)).text();
      const root = /<div id="root">(.*?)<\/div><div id="boot-splash"/s.exec(html)?.[1] ?? '';
      expect(root.length, path).toBeGreaterThan(1000);
      expect(html, path).toContain('<script type="application/json" id="dars-page">');
    }

    const { context, page } = await openPage(browser, baseURL, viewport);
    try {
      const errors = collectErrors(page);
      for (const path of paths) {
        await page.goto(path);
        await waitForAppStart(page);
        await expect.poll(() => page.locator('#boot-splash').count(), { message: path }).toBe(0);
        expect(errors, path).toEqual([]);
      }
      await page.goto('/');
      await waitForAppStart(page);
      await expect(
        page.getByRole('heading', { level: 1, name: WELCOME_HEADING }).isVisible(),
      ).resolves.toBe(true);
      // Taken over: the app answers a click (the phone search or the menu opens the drawer).
      await page.getByRole('banner').getByRole('button', { name: 'فتح القائمة' }).click();
      await page.getByRole('dialog').getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('answers a tap made before the app has taken the page over, once it has', async () => {
    const { context, page } = await openPage(browser, serverURL(), viewport);
    try {
      // The page's first script (the entry) is held back until the tap has been made.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/courses', { waitUntil: 'commit' });
      await page.getByRole('banner').getByRole('button', { name: 'فتح القائمة' }).click();
      release();
      await waitForAppStart(page);
      await page.getByRole('dialog').getByRole('link', { name: 'تسجيل الدخول' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('starts the app in the browser for a signed-in student, whom / sends home', async ({
    students,
  }) => {
    const student = await students.create();
    const { context, page } = await openPage(browser, serverURL(), viewport);
    try {
      await signIn(context, student);
      const errors = collectErrors(page);
      await page.goto('/');
      await waitForAppStart(page);
      await expect.poll(() => new URL(page.url()).pathname).toBe('/home');
      await expect(
        page.getByRole('heading', { level: 1, name: WELCOME_HEADING }).count(),
      ).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
