// The student app's service worker (ADR 056), built by vite-plugin-pwa (`injectManifest`) into
// dist/sw.js with the list of the build's files in place of `self.__WB_MANIFEST`. What it may
// answer and keep is decided in `lib/service-worker-rules.ts`; the page it answers offline is
// `lib/offline-page.ts`. The app registers it after the page has loaded (`app/service-worker.ts`),
// never in the native apps.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { API_BASE } from '@dars/contract/plain';
import { arPwa } from './i18n/ar-pwa';
import { OFFLINE_PAGE_CSP, offlinePage } from './lib/offline-page';
import { isStalePage, WORKER_CACHES, workerRoute } from './lib/service-worker-rules';

/** The parts of a service worker's global scope used here (the app's types are the DOM's). */
interface WaitEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerMessageEvent extends WaitEvent {
  data: unknown;
  ports: readonly MessagePort[];
}
interface WorkerScope {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: WorkerMessageEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: WaitEvent) => void): void;
}
declare const self: WorkerScope;

/** What the page may ask of the worker (`app/service-worker.ts`). */
export type WorkerMessage =
  /** Workbox-window's own message: the waiting version takes over (the update prompt). */
  | { type: 'SKIP_WAITING' }
  /** Keep what the page loaded before the worker controlled it (its first visit). */
  | { type: 'WARM'; pages: string[]; calls: string[] };

/** How long a page or call waits for the network before the kept copy answers (weak networks). */
const NETWORK_TIMEOUT_SECONDS = 5;
const MONTH_SECONDS = 30 * 24 * 60 * 60;

const origin = self.location.origin;
const precache = self.__WB_MANIFEST;
/** The build's files (scripts, styles, fonts) by path: the app's shell, kept for offline use. */
const precached = new Set(
  precache.map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, origin).pathname),
);
const font = (weight: number) =>
  [...precached].find((path) =>
    new RegExp(`/cairo-arabic-${weight}-normal-[\\w-]+\\.woff2$`).test(path),
  );

precacheAndRoute(precache);
cleanupOutdatedCaches();
// The first version controls the page that registered it at once, so that what the student
// opens next on this visit is kept; a new version takes over only when the student accepts it.
clientsClaim();

/** Only whole answers are kept (no 0, 206, 304, errors). */
const wholeAnswers = new CacheableResponsePlugin({ statuses: [200] });

/** The school's name and colour from the kept settings (`GET /app`), if any. */
async function keptSchool(): Promise<{ name?: unknown; primary_color?: unknown } | null> {
  try {
    const cache = await caches.open(WORKER_CACHES.catalogue);
    const answer = await cache.match(`${origin}${API_BASE}/app`, { ignoreVary: true });
    const body = (await answer?.json()) as { data?: { school?: object } } | undefined;
    return body?.data?.school ?? null;
  } catch {
    return null;
  }
}

/** The landing page and the course list, when kept and not the address asked for. */
async function keptPages(asked: URL): Promise<{ href: string; label: string }[]> {
  const cache = await caches.open(WORKER_CACHES.pages);
  const pages = [
    { href: '/', label: arPwa.offline.home },
    { href: '/courses', label: arPwa.offline.courses },
  ].filter((page) => page.href !== asked.pathname || asked.search !== '');
  const found = await Promise.all(
    pages.map((page) => cache.match(`${origin}${page.href}`, { ignoreVary: true })),
  );
  return pages.filter((_page, i) => found[i] !== undefined);
}

/** The offline page for an address no kept page answers (`lib/offline-page.ts`). */
async function offlineAnswer(asked: URL): Promise<Response> {
  const [school, saved] = await Promise.all([keptSchool(), keptPages(asked)]);
  const html = offlinePage({
    url: asked,
    school,
    fonts: { regular: font(400), bold: font(700) },
    saved,
  });
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': OFFLINE_PAGE_CSP,
      'cache-control': 'no-store',
    },
  });
}

// Pages: the network first (the server writes the school's identity into each, ADR 049), the
// page as last served when the network fails or is slower than the timeout, else the offline page.
const pages = new NetworkFirst({
  cacheName: WORKER_CACHES.pages,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    wholeAnswers,
    new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: MONTH_SECONDS, purgeOnQuotaError: true }),
    { handlerDidError: ({ request }) => offlineAnswer(new URL(request.url)) },
  ],
});
registerRoute(({ request }) => workerRoute(request, origin) === 'page', pages);

// The public catalogue, a guest's calls only: the network first, the last answer when offline.
const catalogue = new NetworkFirst({
  cacheName: WORKER_CACHES.catalogue,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [
    wholeAnswers,
    new ExpirationPlugin({
      maxEntries: 100,
      maxAgeSeconds: MONTH_SECONDS,
      purgeOnQuotaError: true,
    }),
  ],
});
registerRoute(({ request }) => workerRoute(request, origin) === 'catalogue', catalogue);

/**
 * Keeps what the page had loaded before this worker controlled it: its own address and the
 * catalogue calls it made, each only if the rules allow it (asked again, as a guest), and the
 * settings, which every start of the app needs (a page rendered by the server carries its own
 * and made no call) and which give the offline page the school's name and colour.
 */
async function warm(event: WaitEvent, pagesSeen: unknown, callsSeen: unknown): Promise<void> {
  const list = (value: unknown) =>
    (Array.isArray(value) ? value : []).filter((v): v is string => typeof v === 'string');
  const settings = `${origin}${API_BASE}/app`;
  const calls = [settings, ...list(callsSeen).filter((url) => url !== settings)];
  const none = new Headers();
  const jobs = [
    ...list(pagesSeen)
      .filter(
        (url) =>
          workerRoute({ method: 'GET', url, mode: 'navigate', headers: none }, origin) === 'page',
      )
      .slice(0, 5)
      .map((url) =>
        pages.handle({ event, request: new Request(url, { headers: { accept: 'text/html' } }) }),
      ),
    ...calls
      .filter((url) => workerRoute({ method: 'GET', url, headers: none }, origin) === 'catalogue')
      .slice(0, 30)
      .map((url) => catalogue.handle({ event, request: new Request(url) })),
  ];
  await Promise.allSettled(jobs);
}

self.addEventListener('message', (event) => {
  const message = event.data as Partial<WorkerMessage> | null;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  // Answered once done (workbox-window's `messageSW` waits for it).
  if (message?.type === 'WARM')
    event.waitUntil(
      warm(event, message.pages, message.calls).then(() =>
        event.ports[0]?.postMessage({ type: 'WARMED' }),
      ),
    );
});

/**
 * When a version takes over: the caches of earlier versions of these rules go, and so do kept
 * pages that name scripts this version's precache does not hold (they could not start offline).
 */
async function tidy(): Promise<void> {
  const current: string[] = Object.values(WORKER_CACHES);
  for (const name of await caches.keys()) {
    if (name.startsWith('dars-') && !current.includes(name)) await caches.delete(name);
  }
  const cache = await caches.open(WORKER_CACHES.pages);
  for (const request of await cache.keys()) {
    const page = await cache.match(request);
    if (!page || isStalePage(await page.text(), precached)) await cache.delete(request);
  }
}
self.addEventListener('activate', (event) => event.waitUntil(tidy()));
