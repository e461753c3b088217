import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { Browser } from 'playwright-core';
import { expectNoCspViolations, launchBrowser, openPage, waitForAppStart } from './support/browser';
import { courseId } from './support/catalog';
import { it } from './support/students';
import { serverURL } from './support/server';

/**
 * The app runs under its own Content-Security-Policy (docs/decisions/007-security-hardening.md)
 * with nothing refused: every journey's screenshots fail on a violation (support/browser.ts,
 * watchCsp). This file shows that the watch sees one, and walks the guest's pages once.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('Content-Security-Policy in the browser', () => {
  it('reports a script the policy blocks, with the page and the directive', async () => {
    const { context, page } = await openPage(browser, serverURL(), 'phone');
    try {
      await page.goto('/');
      await waitForAppStart(page);
      expectNoCspViolations(context);
      await page.evaluate(() => {
        const planted = document.createElement('script');
        planted.textContent = 'window.planted = true';
        document.body.append(planted);
      });
      await expect
        .poll(() => {
          try {
            expectNoCspViolations(context);
            return '';
          } catch (error) {
            return (error as Error).message;
          }
        })
        .toMatch(/\/: script-src(-elem)? blocked inline/);
      expect(await page.evaluate(() => 'planted' in window)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('loads the pages a guest opens without a violation', async () => {
    const { context, page } = await openPage(browser, serverURL(), 'desktop');
    try {
      const course = await courseId('الرياضيات للصف الثالث الإعدادي');
      for (const path of ['/', '/courses', `/courses/${course}`, '/login', '/register', '/x-404']) {
        await page.goto(path);
        await waitForAppStart(page);
        await page.waitForLoadState('networkidle');
      }
      expectNoCspViolations(context);
    } finally {
      await context.close();
    }
  });
});
