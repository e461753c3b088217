import { API_BASE } from '@dars/contract/plain';

/**
 * What the student app's service worker (`src/sw.ts`, ADR 056) may answer and keep, decided
 * from the request alone, so that the rules are tested here and not only in a browser.
 *
 * - A **page** (a navigation to one of the app's addresses) is asked of the network first and
 *   kept per address, so the school's identity, which the server writes into every page
 *   (ADR 049), is the newest one whenever the network answers; offline, the page as last
 *   served, or the offline page.
 * - A **catalogue call** (the public catalogue: settings, the landing page, the course list,
 *   a course with its lectures, a teacher) is asked of the network first and kept, for a
 *   guest only: a request that carries an Authorization header is never answered from, nor
 *   written to, a cache.
 * - Everything else is the network's, untouched: other API calls (a student's own data,
 *   staff calls, video and attachment links), media and files (`/storage`), the player page,
 *   the staff console, payment returns, other origins.
 */

/** The caches the worker writes at run time, besides Workbox's precache of the app's files. */
export const WORKER_CACHES = {
  pages: 'dars-pages-v1',
  catalogue: 'dars-catalogue-v1',
} as const;

/**
 * The calls whose answer is the same for every guest (paths under API_BASE, `:name` for a
 * part of the path), each a GET with `auth: 'optional'` in the contract's list of calls;
 * `service-worker-rules.test.ts` checks this list against it.
 */
export const CATALOGUE_CALLS = [
  '/app',
  '/welcome',
  '/courses',
  '/courses/:id',
  '/teachers/:id',
] as const;

/**
 * Addresses the server answers itself, never with the app's page: the worker leaves them to
 * the network (a payment provider's return, the staff console, the embedded player, files).
 */
export const SERVER_PATHS = [
  '/api',
  '/storage',
  '/player',
  '/staff',
  '/payments',
  '/demo',
  '/webhooks',
  '/healthz',
  '/readyz',
  '/metrics',
] as const;

/** What of a request the rules read (a `Request`, or a test's stand-in). */
export interface RequestLike {
  method: string;
  url: string;
  /** `navigate` for a page the browser opens. */
  mode?: string;
  headers: { has(name: string): boolean };
}

export type WorkerRoute = 'page' | 'catalogue' | 'network';

const CATALOGUE_PATTERNS = CATALOGUE_CALLS.map(
  (path) => new RegExp(`^${API_BASE}${path.replace(/:\w+/g, '[^/]+')}/?$`),
);

/**
 * Whether `pathname` is a call of the public catalogue.
 * @example isCatalogueCall('/api/v1/courses/12') // true
 */
export function isCatalogueCall(pathname: string): boolean {
  return CATALOGUE_PATTERNS.some((pattern) => pattern.test(pathname));
}

/**
 * Whether `pathname` is one of the app's pages: not a path the server answers itself, and not
 * a file (`/sw.js`, `/manifest.webmanifest`, `/icon.svg`).
 * @example isAppPage('/courses/3') // true
 */
export function isAppPage(pathname: string): boolean {
  if (SERVER_PATHS.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`)))
    return false;
  return !/\.[a-z0-9]{1,12}$/i.test(pathname);
}

/**
 * How the worker treats a request: `page`, `catalogue`, or `network` (not answered by the
 * worker at all). Only a GET of this origin without an Authorization header may be a page or
 * a catalogue call.
 * @example workerRoute(new Request('/api/v1/courses'), location.origin) // 'catalogue'
 */
export function workerRoute(request: RequestLike, origin: string): WorkerRoute {
  if (request.method !== 'GET' || request.headers.has('authorization')) return 'network';
  const url = new URL(request.url, origin);
  if (url.origin !== origin) return 'network';
  if (request.mode === 'navigate') return isAppPage(url.pathname) ? 'page' : 'network';
  return isCatalogueCall(url.pathname) ? 'catalogue' : 'network';
}

/**
 * Whether a kept page can no longer start offline: it names a script that the worker's
 * precache (the current build's files, `precached`) does not hold, so the page was kept
 * under an earlier build. The worker drops such pages once a new version takes over.
 * @example isStalePage('<script src="/assets/index-old.js">', new Set(['/assets/index-new.js'])) // true
 */
export function isStalePage(html: string, precached: ReadonlySet<string>): boolean {
  for (const [, script] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)) {
    if (!precached.has(script!)) return true;
  }
  return false;
}
