import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SCHOOL } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { startTestServer, type TestServer } from '../helpers';

// A built SPA with the web build's server entry (apps/web/src/entry-server.ts), reduced to
// what the server relies on: it renders `/` and `/courses` from an API call made through the
// transport the server gives it, and fails on `/boom`.
const FONTS_CSS = '@font-face{font-family:Cairo;src:url(/assets/cairo-abc.woff2)format("woff2")}';
const PAGE =
  '<!doctype html><html lang="ar" dir="rtl"><head>' +
  '<link rel="stylesheet" crossorigin href="/assets/fonts-abc.css">' +
  '</head><body><div id="root"></div></body></html>';
const BOOT_SCRIPT = 'document.documentElement.dataset.boot = "1"';
const ENTRY = `
let transport;
export function setApiTransport(fetchLike) { transport = fetchLike; }
export const BOOT_SCRIPT = ${JSON.stringify(BOOT_SCRIPT)};
export function renderShell() { return { splash: '<p>splash</p>', styles: '' }; }
let renders = 0;
export async function loadPage(url) {
  if (url.pathname === '/boom') throw new Error('render failed');
  if (url.pathname !== '/' && url.pathname !== '/courses') return null;
  const res = await transport('/api/v1/app', { headers: { Accept: 'application/json' } });
  const body = await res.json();
  return { pathname: url.pathname, status: res.status, settings: 'appIsDown' in body.data };
}
export function pageYear(now) { return now.getUTCFullYear(); }
export function renderLoadedPage(page, { desktop, year }) {
  renders += 1;
  const layout = desktop ? 'desktop' : 'phone';
  return { root: '<h1>' + page.pathname + ' ' + layout + ' ' + page.status + ' ' + page.settings + '</h1><p>render ' + renders + '</p><p>year ' + year + '</p>',
    splash: '<p>splash</p>', styles: '', data: '{}', title: 't' };
}
export function composeDocument(template, part, school) {
  return template.replace('<div id="root"></div>', '<div id="root">' + (part.root ?? '') + '</div>' + part.splash)
    .replace('</body>', '<meta name="school" content="' + school.name + ' ' + school.primary_color + '"></body>');
}
`;
const PHONE = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/130 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130 Safari/537.36';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-web-ssr-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), PAGE);
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'fonts-abc.css'), FONTS_CSS);
  fs.mkdirSync(path.join(webDist, '.ssr'));
  fs.writeFileSync(path.join(webDist, '.ssr', 'entry-server.js'), ENTRY);
  server = await startTestServer({ webDist, seed: false });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { 'user-agent': PHONE, ...headers } });

describe('pages rendered by the server', () => {
  it('renders the public pages from the API in this process, as a guest, compressed', async () => {
    for (const url of ['/', '/courses']) {
      const res = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toMatch(
        new RegExp(
          `<div id="root"><h1>${url} phone 200 true</h1><p>render \\d+</p><p>year \\d{4}</p></div><p>splash</p>`,
        ),
      );
    }
    const gz = await get('/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<h1>/ phone');
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>/ phone');
  });

  it('renders for a desktop when the browser says it is not a phone', async () => {
    expect((await get('/', { 'user-agent': DESKTOP })).body).toContain('<h1>/ desktop');
    expect((await get('/', { 'user-agent': DESKTOP, 'sec-ch-ua-mobile': '?1' })).body).toContain(
      '<h1>/ phone',
    );
    expect((await get('/', { 'sec-ch-ua-mobile': '?0' })).body).toContain('<h1>/ desktop');
  });

  it("allows the page's first inline script by its hash, and nothing else inline", async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(csp).toMatch(
      new RegExp(`script-src 'self' [^;]*'sha256-${hash.replace(/[+/]/g, '\\$&')}'`),
    );
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it('writes the small stylesheet into the page: no request blocks the first paint', async () => {
    for (const url of ['/', '/login']) {
      const { body } = await get(url);
      expect(body, url).toContain(`<head><style>${FONTS_CSS}</style></head>`);
      expect(body, url).not.toContain('fonts-abc.css');
    }
  });

  it('renders a page again only when the API answers it is made from change', async () => {
    const render = async (url: string, headers: Record<string, string> = {}) =>
      Number(/render (\d+)/.exec((await get(url, headers)).body)?.[1]);
    const first = await render('/courses');
    expect(await render('/courses')).toBe(first);
    expect(await render('/courses', { 'user-agent': DESKTOP })).toBeGreaterThan(first);
    await putSettings(server.db, { contact_phone: '01099998888' });
    expect(await render('/courses')).toBeGreaterThan(first);
  });

  it("renders a kept page again when the year turns, with the year by the server's date", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2030-12-31T21:00:00Z'));
      const before = (await get('/courses')).body;
      expect(before).toContain('<p>year 2030</p>');
      expect((await get('/courses')).body).toBe(before);
      vi.setSystemTime(new Date('2031-01-01T00:30:00Z'));
      const after = (await get('/courses')).body;
      expect(after).toContain('<p>year 2031</p>');
      expect(Number(/render (\d+)/.exec(after)?.[1])).toBeGreaterThan(
        Number(/render (\d+)/.exec(before)?.[1]),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a revalidation of an unchanged page with 304', async () => {
    const first = await get('/courses', { 'accept-encoding': 'br' });
    const again = await get('/courses', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('gives every other page the splash only, also when the render fails or a token is sent', async () => {
    for (const [url, headers] of [
      ['/login', {}],
      ['/courses/7', {}],
      ['/boom', {}],
      ['/', { authorization: 'Bearer abc' }],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div><p>splash</p>');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it("answers every page in the school's identity as it is now, with no restart (ADR 049)", async () => {
    const identity = (name: string, colour: string) =>
      `<meta name="school" content="${name} ${colour}">`;
    for (const url of ['/', '/login']) {
      expect((await get(url)).body, url).toContain(identity('دَرس', '#1f4fa3'));
    }
    await putSettings(server.db, {
      school: {
        name: 'سنتر النخبة',
        logo_light: null,
        logo_dark: null,
        favicon: null,
        primary_color: '#0b6e4f',
        secondary_color: '#ffd166',
        footer_text: null,
        legal_links: [],
      },
    });
    // A rendered page, the shell, and the shell a signed-in visitor gets.
    for (const [url, headers] of [
      ['/', {}],
      ['/login', {}],
      ['/', { authorization: 'Bearer abc' }],
    ] as const) {
      expect((await get(url, headers)).body, url).toContain(identity('سنتر النخبة', '#0b6e4f'));
    }
    // Back to the default, for the tests after this one.
    await putSettings(server.db, { school: { ...DEFAULT_SCHOOL, legal_links: [] } });
  });

  it('does not publish the server entry, nor render API paths', async () => {
    expect((await get('/.ssr/entry-server.js')).statusCode).toBe(404);
    const api = await get('/api/v1/nope');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
  });
});
