import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { API_BASE, STORAGE_KEYS, type AppSettings } from '@dars/contract';
import { appIndexHtml } from '../../apps/mobile/scripts/web-assets';
import {
  installFakeNativeBridge,
  type FakeNativeOptions,
  type NativeCall,
} from '../../apps/web/src/test/fake-native-bridge';
import { VIEWPORTS, watchCsp, type ViewportName } from './browser';

/**
 * The copy of the web build the run's servers serve (global-setup.ts): apps/web/dist itself
 * is emptied by any rebuild during the run (the unit suite's mobile sync ran beside these).
 */
const WEB_DIST = inject('webDist');

/** Where the Android app's pages come from (Capacitor's androidScheme https). */
export const ANDROID_ORIGIN = 'https://localhost';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/**
 * A browser context that loads the web build the way the apps do (ADR 021): every page of
 * https://localhost is answered from apps/web/dist (an unknown path with index.html, as
 * Capacitor's local server does), with index.html pointed at the real server as
 * `npm run mobile:sync` writes it, and the native side faked where Capacitor's lives
 * (`installFakeNativeBridge`, the same fake the unit tests use), before any page script runs.
 * @example const { page } = await openNativeApp(browser, serverURL(), 'phone', { platform: 'android', version: '1.0.3' })
 */
export async function openNativeApp(
  browser: Browser,
  serverURL: string,
  viewport: ViewportName,
  native: FakeNativeOptions,
  { token }: { token?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    locale: 'ar-EG',
    isMobile: viewport === 'phone',
    hasTouch: viewport === 'phone',
    deviceScaleFactor: 1,
    // The app's page (https://localhost) calls the test server on 127.0.0.1: Chromium asks
    // permission for a page reaching the loopback address space. A real app calls a public
    // server, where no such permission exists.
    permissions: ['local-network-access'],
  });
  await watchCsp(context);
  const index = appIndexHtml(fs.readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'), serverURL);
  await context.route(`${ANDROID_ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = path.join(WEB_DIST, decodeURIComponent(pathname));
    if (file.startsWith(WEB_DIST + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
      return route.fulfill({ status: 200, body: fs.readFileSync(file), contentType: type });
    }
    return route.fulfill({ status: 200, body: index, contentType: TYPES['.html'] });
  });
  await context.addInitScript({
    content: `(${installFakeNativeBridge.toString()})(window, ${JSON.stringify(native)});`,
  });
  // The general announcement counts as read, and the student is signed in when a token is given.
  const settings = (await (await fetch(`${serverURL}${API_BASE}/app`)).json()) as {
    data: Pick<AppSettings, 'general_announcement'>;
  };
  const storage: [string, string][] = [];
  const announcement = settings.data.general_announcement?.trim();
  if (announcement) storage.push([STORAGE_KEYS.announcementDismissed, announcement]);
  if (token) storage.push([STORAGE_KEYS.token, token]);
  await context.addInitScript((entries) => {
    if (location.origin !== 'https://localhost') return;
    for (const [key, value] of entries) window.localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** The calls the page made to the fake native side so far (plugin, method, options). */
export function nativeCalls(page: Page, plugin?: string): Promise<NativeCall[]> {
  return page.evaluate(
    (name) =>
      ((window as unknown as { __nativeCalls?: NativeCall[] }).__nativeCalls ?? []).filter(
        (call) => !name || call.plugin === name,
      ),
    plugin,
  );
}

/**
 * Records the API calls the app's client makes to the server (they ask for JSON), with their
 * headers; index.html's early settings preload, which no script sends, is left out.
 */
export function recordApiCalls(page: Page, serverURL: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(`${serverURL}${API_BASE}/`)) return;
    if (request.headers().accept === 'application/json') seen.push(request);
  });
  return seen;
}
