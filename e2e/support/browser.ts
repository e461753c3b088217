import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { API_BASE, STORAGE_KEYS, type AppSettings } from '@dars/contract';
import { expectNoSeriousA11yViolations } from './a11y';

export const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/** The two viewports every journey walks (architecture.md). */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1366, height: 768 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Debian's Chromium, headless, without the background traffic this closed network refuses. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM);
}

/** How the journeys run Debian's Chromium (also for a profile on disk, e2e/pwa.test.ts). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/**
 * Marks the settings' general announcement as read on this context's device, the way the
 * app stores it when its dialog is closed (spec §4: shown once). A journey that is not
 * about the announcement starts past it, so the dialog never covers the screen under test
 * or races the first click.
 */
async function markAnnouncementSeen(context: BrowserContext, baseURL: string): Promise<void> {
  const res = await fetch(new URL(`${API_BASE}/app`, baseURL));
  if (!res.ok) throw new Error(`GET ${API_BASE}/app answered ${res.status}`);
  const { data } = (await res.json()) as { data: Pick<AppSettings, 'general_announcement'> };
  const text = data.general_announcement?.trim();
  if (!text) return;
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    STORAGE_KEYS.announcementDismissed,
    text,
  ] as const);
}

/** What each context's pages reported as blocked by the Content-Security-Policy. */
const cspViolations = new WeakMap<BrowserContext, string[]>();

/**
 * Records every Content-Security-Policy violation of the context's pages (the document's
 * `securitypolicyviolation` event, as `path: directive blocked what`), so a journey fails
 * when the app loads a script, style, image or frame its own policy refuses: the student
 * would meet a broken screen that no text assertion sees.
 * @example await watchCsp(context); …; expectNoCspViolations(context)
 */
export async function watchCsp(context: BrowserContext): Promise<void> {
  const seen: string[] = [];
  cspViolations.set(context, seen);
  await context.exposeBinding('__darsCspViolation', (_source, line: string) => {
    seen.push(line);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __darsCspViolation?: (line: string) => void })
        .__darsCspViolation;
      report?.(
        `${location.pathname}: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}` +
          (event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : ''),
      );
    });
  });
}

/**
 * Fails when any page of the context has reported a CSP violation since `watchCsp`.
 * @example expectNoCspViolations(page.context())
 */
export function expectNoCspViolations(context: BrowserContext): void {
  const seen = cspViolations.get(context) ?? [];
  if (seen.length > 0) {
    throw new Error(`Content-Security-Policy violations:\n  ${seen.join('\n  ')}`);
  }
}

/**
 * A fresh context (no stored token) at the given viewport, with Arabic as the browser
 * language, watched for CSP violations (watchCsp). Unless `announcement: 'unseen'`, the
 * general announcement counts as read.
 * @example const { context, page } = await openPage(browser, serverURL(), 'phone');
 */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: ViewportName,
  {
    announcement = 'seen',
    serviceWorkers = 'block',
  }: {
    announcement?: 'seen' | 'unseen';
    /**
     * The web app's service worker (ADR 056) answers the page's requests itself, out of
     * `page.route`'s sight: journeys that hold or answer requests run without it; the PWA
     * journey (e2e/pwa.test.ts) allows it.
     */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers,
    viewport: VIEWPORTS[viewport],
    locale: 'ar-EG',
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    deviceScaleFactor: 1,
  });
  await watchCsp(context);
  if (announcement === 'seen') await markAnnouncementSeen(context, baseURL);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The splash screen's accessible name (apps/web/src/i18n/ar.ts, app.loading). */
const SPLASH_LABEL = 'جارٍ تحميل المنصة';

/**
 * Waits until the app has started: the splash screen, which covers the page and fades out
 * after the settings load, is gone. Starting the app is the heaviest step of a journey for a
 * busy machine (the clean-clone run once took more than the 15 s a locator gets), so it gets
 * a minute.
 * @example await page.goto('/'); await waitForAppStart(page);
 */
export async function waitForAppStart(page: Page): Promise<void> {
  await page
    .getByRole('status', { name: SPLASH_LABEL })
    .waitFor({ state: 'detached', timeout: 60_000 });
}

/**
 * Saves a screenshot of the whole page under e2e/artifacts/ (ignored by git) and returns its
 * path. It shows the page as a person would see it once everything has settled: after the splash
 * has faded, with lazy images loaded (a full-page capture does not scroll, so images far
 * below the fold would stay blank), transitions finished, and captured from the top (a
 * capture of a scrolled page draws the sticky top bar in the middle). The scroll position
 * is restored afterwards. Then axe checks the screen (support/a11y.ts): a serious or critical
 * violation fails the journey, as does any CSP violation the context has seen. Pass `fullPage: false` for an overlay (a menu, a dialog): it
 * covers the viewport only, so the rest of a full-page capture would show it cut off.
 * @example await screenshot(page, 'phone-01-welcome')
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await waitForAppStart(page);
  const scrolled = await page.evaluate(async (toTop) => {
    const images = Array.from(document.images);
    for (const img of images) img.loading = 'eager';
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    const at = { x: window.scrollX, y: window.scrollY };
    if (toTop) window.scrollTo(0, 0);
    return at;
  }, fullPage);
  await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide' });
  if (fullPage) await page.evaluate(({ x, y }) => window.scrollTo(x, y), scrolled);
  // After the capture, so a failing screen's picture is there to look at.
  await expectNoSeriousA11yViolations(page);
  expectNoCspViolations(page.context());
  return file;
}

/** The course cards' titles, in the order shown. */
export function cardTitles(page: Page): Promise<string[]> {
  return page
    .getByRole('main')
    .getByTestId('course-card')
    .getByRole('heading', { level: 3 })
    .allInnerTexts();
}
