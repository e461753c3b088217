import type { Workbox } from 'workbox-window';
import type { WorkerMessage } from '../sw';

/**
 * Registers the student app's service worker (`src/sw.ts`, ADR 056). `main.tsx` loads this
 * module once the page has loaded, and it registers the worker when the browser is next idle,
 * so none of it (nor workbox-window, loaded from here) is on a first screen's budget (ADR 041).
 * It imports nothing statically: its import in the first script is one address, with no list
 * of chunks to preload beside it. Never in the native apps: their pages come from the app
 * itself (ADR 021), and an update is the store's.
 *
 * - The first time, once the worker has taken over, it is asked to keep what the page had
 *   loaded before it (`WARM`): the page and its catalogue calls, so that a first visit is
 *   already there offline.
 * - A new version deployed waits until the student accepts it in the update prompt
 *   (`app/update-prompt.tsx`, loaded only then); it then takes over and the page reloads.
 * - A page left open is asked for a new version when it is shown again, at most every 30
 *   minutes (the browser itself checks at each page load).
 */

/** What of workbox-window's `Workbox` is used (a test's fake stands in for it). */
export type WorkboxLike = Pick<
  Workbox,
  'addEventListener' | 'register' | 'messageSkipWaiting' | 'messageSW' | 'update'
>;

export interface ServiceWorkerOptions {
  win?: Window;
  /** True in the Android and iOS apps (`platform/platform.ts`, read when not given). */
  isNative?: boolean;
  /** Resolves when the browser is idle (the registration waits for it). */
  whenIdle?: () => Promise<void>;
  createWorkbox?: () => Promise<WorkboxLike>;
  /** Shows the update prompt; `accept` is called when the student taps «تحديث». */
  showUpdatePrompt?: (accept: () => void) => unknown;
}

/** The worker's address and scope: the whole site (the server sends it with no-cache). */
export const SERVICE_WORKER_URL = '/sw.js';
const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * What the page loaded before the worker controlled it: its address, and the API calls of
 * this origin it made (the worker keeps only those its rules allow, `lib/service-worker-rules.ts`).
 * @example warmMessage(window) // { type: 'WARM', pages: ['https://…/courses'], calls: ['https://…/api/v1/app'] }
 */
export function warmMessage(win: Window): Extract<WorkerMessage, { type: 'WARM' }> {
  const origin = win.location.origin;
  const calls = win.performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => url.startsWith(`${origin}/api/`));
  return { type: 'WARM', pages: [win.location.href], calls: [...new Set(calls)] };
}

/** The browser's next idle moment (5 s at the latest), or the next task where it has none. */
function browserIdle(win: Window): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.requestIdleCallback === 'function')
      win.requestIdleCallback(() => resolve(), { timeout: 5000 });
    else win.setTimeout(resolve, 0);
  });
}

/**
 * Registers the worker, once the browser is idle, unless the app runs natively or the browser
 * has no service workers. Resolves with the registered worker's Workbox, or null when none was
 * registered.
 * @example void startServiceWorker()
 */
export async function startServiceWorker({
  win = window,
  isNative,
  whenIdle = () => browserIdle(win),
  createWorkbox = async () =>
    new (await import('workbox-window')).Workbox(SERVICE_WORKER_URL, { scope: '/' }),
  showUpdatePrompt = async (accept) => (await import('./update-prompt')).showUpdatePrompt(accept),
}: ServiceWorkerOptions = {}): Promise<WorkboxLike | null> {
  if (!('serviceWorker' in win.navigator)) return null;
  if (isNative ?? (await import('../platform/platform')).platform.isNative) return null;
  await whenIdle();
  const wb = await createWorkbox();
  wb.addEventListener('waiting', () => {
    void showUpdatePrompt(() => {
      // Once the new version controls the page, the page is loaded again under it.
      wb.addEventListener('controlling', () => win.location.reload());
      wb.messageSkipWaiting();
    });
  });
  wb.addEventListener('activated', (event) => {
    if (!event.isUpdate) void wb.messageSW(warmMessage(win));
  });
  try {
    await wb.register();
  } catch (error) {
    // The worker is an addition: the app works as before without it (a failed download of
    // /sw.js, a browser that refuses it); the next page load tries again.
    console.warn('service worker not registered', error);
    return null;
  }
  let checked = Date.now();
  win.document.addEventListener('visibilitychange', () => {
    if (win.document.visibilityState !== 'visible' || Date.now() - checked < UPDATE_CHECK_MS)
      return;
    checked = Date.now();
    void wb.update();
  });
  return wb;
}
