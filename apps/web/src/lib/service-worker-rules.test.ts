import { describe, expect, it } from 'vitest';
import { API_BASE, endpoints, staffEndpoints, type EndpointDef } from '@dars/contract';
import {
  CATALOGUE_CALLS,
  isAppPage,
  isCatalogueCall,
  isStalePage,
  workerRoute,
  type RequestLike,
} from './service-worker-rules';

const ORIGIN = 'https://school.example';

function request(
  path: string,
  { method = 'GET', mode = 'cors', headers = {} as Record<string, string> } = {},
): RequestLike {
  return { method, mode, url: new URL(path, ORIGIN).href, headers: new Headers(headers) };
}
const page = (path: string) => request(path, { mode: 'navigate' });
const bearer = { authorization: 'Bearer 1|secret' };

/**
 * The contract's GET calls a guest may make (`auth: 'optional'`) that the worker does not keep,
 * each with its reason. A new optional GET call must be put in CATALOGUE_CALLS or here.
 */
const NOT_KEPT: Record<string, string> = {
  // A guest's support conversation: its token in the path is the credential, its messages personal.
  '/support/follow/:token': 'personal',
};

describe('workerRoute (ADR 056)', () => {
  it('keeps a guest’s GET of the public catalogue: settings, landing page, courses, lectures, teachers', () => {
    for (const path of [
      '/app',
      '/welcome',
      '/courses',
      '/courses?query=%D8%AC%D8%A8%D8%B1&grade_id=2&page=2',
      '/courses/12',
      '/teachers/3',
    ])
      expect(workerRoute(request(`${API_BASE}${path}`), ORIGIN), path).toBe('catalogue');
  });

  it('never keeps nor answers a request that carries an Authorization header', () => {
    for (const path of [`${API_BASE}/courses`, `${API_BASE}/courses/12`, `${API_BASE}/app`])
      expect(workerRoute(request(path, { headers: bearer }), ORIGIN), path).toBe('network');
    // Whatever its case, and on a page too.
    expect(
      workerRoute(request(`${API_BASE}/app`, { headers: { AUTHORIZATION: 'Bearer x' } }), ORIGIN),
    ).toBe('network');
    expect(workerRoute(request('/courses', { mode: 'navigate', headers: bearer }), ORIGIN)).toBe(
      'network',
    );
  });

  it('never keeps the staff API, videos, the player, attachments, files or a student’s own calls', () => {
    for (const path of [
      `${API_BASE}/staff/courses`,
      `${API_BASE}/staff/settings`,
      `${API_BASE}/video/stream/4?token=abc`,
      `${API_BASE}/video/4`,
      `${API_BASE}/video/hls/4/360p/index.m3u8`,
      `${API_BASE}/attachments/9/download?token=abc`,
      `${API_BASE}/home`,
      `${API_BASE}/wallet`,
      `${API_BASE}/lectures/5/contents`,
      `${API_BASE}/support/follow/0123456789abcdef`,
      `${API_BASE}/courses/12/join`,
      `${API_BASE}/coursesx`,
      '/player/4?token=abc',
      '/storage/covers/1.webp',
      '/storage/videos/4.mp4',
    ])
      expect(workerRoute(request(path), ORIGIN), path).toBe('network');
  });

  it('answers nothing but GET, and nothing of another origin', () => {
    expect(workerRoute(request(`${API_BASE}/courses`, { method: 'POST' }), ORIGIN)).toBe('network');
    expect(workerRoute(request(`${API_BASE}/courses`, { method: 'HEAD' }), ORIGIN)).toBe('network');
    expect(workerRoute(request(`https://client.crisp.chat${API_BASE}/courses`), ORIGIN)).toBe(
      'network',
    );
    expect(workerRoute(page('https://other.example/courses'), ORIGIN)).toBe('network');
  });

  it('treats the app’s pages as pages, and the server’s own addresses and files as network', () => {
    for (const path of ['/', '/courses', '/courses/12?tab=lectures', '/login', '/wallet', '/x-404'])
      expect(workerRoute(page(path), ORIGIN), path).toBe('page');
    for (const path of [
      '/staff',
      '/staff/',
      '/staff/courses/1',
      '/player/4',
      '/payments/paymob/return?id=1',
      '/payments/sandbox/abc',
      '/api/v1/docs',
      '/storage/covers/1.webp',
      '/demo/mail',
      '/healthz',
      '/sw.js',
      '/manifest.webmanifest',
      '/icon.svg',
    ])
      expect(workerRoute(page(path), ORIGIN), path).toBe('network');
    // A page's address is not a catalogue call, nor a call a page.
    expect(workerRoute(request('/courses'), ORIGIN)).toBe('network');
    expect(workerRoute(page(`${API_BASE}/courses`), ORIGIN)).toBe('network');
  });

  it('reads paths by whole segments', () => {
    expect(isAppPage('/staffroom')).toBe(true);
    expect(isAppPage('/players')).toBe(true);
    expect(isCatalogueCall(`${API_BASE}/courses/12/`)).toBe(true);
    expect(isCatalogueCall(`${API_BASE}/courses/12/lectures`)).toBe(false);
    expect(isCatalogueCall(`/api/v2/courses`)).toBe(false);
  });
});

describe('the catalogue calls against the contract (ADR 037’s way)', () => {
  const all: EndpointDef[] = Object.values(endpoints);

  it('are each a GET a guest may make, and no staff call', () => {
    for (const path of CATALOGUE_CALLS) {
      const call = all.find((e) => e.path === path && e.method === 'GET');
      expect(call, path).toBeDefined();
      expect(call!.auth, path).toBe('optional');
      expect(call!.file, path).toBeUndefined();
    }
    for (const call of Object.values(staffEndpoints))
      expect(isCatalogueCall(`${API_BASE}${call.path}`), call.path).toBe(false);
  });

  it('leave out no GET a guest may make without saying why', () => {
    const guestGets = all
      .filter((e) => e.method === 'GET' && e.auth === 'optional' && !e.staff)
      .map((e) => e.path);
    for (const path of guestGets)
      expect((CATALOGUE_CALLS as readonly string[]).includes(path) || path in NOT_KEPT, path).toBe(
        true,
      );
    for (const path of Object.keys(NOT_KEPT)) {
      expect(guestGets, path).toContain(path);
      expect(isCatalogueCall(`${API_BASE}${path.replace(/:\w+/g, 'x1')}`), path).toBe(false);
    }
  });

  it('keep no call that needs a token or a signed link', () => {
    for (const call of all.filter((e) => e.auth !== 'optional')) {
      const path = `${API_BASE}${call.path.replace(/:\w+/g, '7')}`;
      expect(isCatalogueCall(path), call.path).toBe(false);
    }
  });
});

describe('isStalePage', () => {
  const precached = new Set(['/assets/index-new.js', '/assets/app-new.js']);

  it('is false for a page whose scripts the precache holds', () => {
    expect(
      isStalePage(
        '<script type="module" crossorigin src="/assets/index-new.js"></script>' +
          '<link rel="modulepreload" href="/assets/app-new.js">',
        precached,
      ),
    ).toBe(false);
  });

  it('is true for a page kept under an earlier build', () => {
    expect(
      isStalePage(
        '<script type="module" src="/assets/index-old.js"></script><link rel="modulepreload" href="/assets/app-new.js">',
        precached,
      ),
    ).toBe(true);
    expect(isStalePage('<link rel="modulepreload" href="/assets/app-old.js">', precached)).toBe(
      true,
    );
  });
});
