import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  expectNoCspViolations,
  launchBrowser,
  openPage,
  VIEWPORTS,
  type ViewportName,
} from './browser';
import { it as studentsIt } from './students';
import { serverURL } from './server';

/** The viewports every journey walks, in order (architecture.md). */
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

/** What a journey drives, each test on its own. */
export interface Screen {
  /** The suite's viewport: `it.override({ viewport })` in a `describe.each(VIEWPORT_NAMES)`. */
  viewport: ViewportName;
  /** Chromium, launched once for the test file, for a journey that opens a second device. */
  browser: Browser;
  /** A fresh context (no stored token) at the viewport, closed when the test ends. */
  context: BrowserContext;
  /** The context's page. */
  page: Page;
}

/**
 * `it` with the `students` fixture and a `Screen`: one browser per file, and for each test a
 * fresh context and page at the suite's viewport (openPage: Arabic, the announcement read,
 * CSP watched), closed when the test ends, pass or fail; a CSP violation fails the test.
 * @example describe.each(VIEWPORT_NAMES)('on a %s', (viewport) => { it.override({ viewport }); it('…', async ({ page }) => { await page.goto('/') }) })
 */
export const it = studentsIt.extend<{
  viewport: ViewportName;
  /** Whether the web app's service worker may run (openPage's option; blocked by default). */
  serviceWorkers: 'allow' | 'block';
  opened: { context: BrowserContext; page: Page };
  browser: Browser;
  context: BrowserContext;
  page: Page;
}>({
  viewport: 'phone',
  serviceWorkers: 'block',
  browser: [
    // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's needs from this pattern
    async ({}, use) => {
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],
  opened: async ({ browser, viewport, serviceWorkers }, use) => {
    const opened = await openPage(browser, serverURL(), viewport, { serviceWorkers });
    try {
      await use(opened);
      // Also what the journey met after its last screenshot.
      expectNoCspViolations(opened.context);
    } finally {
      await opened.context.close();
    }
  },
  context: async ({ opened }, use) => use(opened.context),
  page: async ({ opened }, use) => use(opened.page),
});

/**
 * The path the page is at, without the query.
 * @example expect(pathname(page)).toBe('/login')
 */
export function pathname(page: Page): string {
  return new URL(page.url()).pathname;
}

/**
 * Checks the page is never wider than the viewport (nothing spills out sideways).
 * @example await expectNoSidewaysOverflow(page)
 */
export async function expectNoSidewaysOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  // A phone browser widens its layout viewport to fit a page wider than the screen (and zooms
  // out), so the page never overflows it: compare with the screen's width too.
  const screenWidth = page.viewportSize()?.width;
  if (screenWidth !== undefined) expect(innerWidth).toBeLessThanOrEqual(screenWidth);
}
