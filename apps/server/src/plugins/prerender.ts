import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, type School } from '@dars/contract';
import { APP_CSP_DIRECTIVES } from './security-headers';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What the web build's server entry (`apps/web/src/entry-server.ts`) exports. */
interface RenderedPart {
  splash: string;
  styles: string;
  root?: string;
  data?: string;
  title?: string;
}
interface WebRenderer {
  setApiTransport(fetchLike: typeof fetch): void;
  BOOT_SCRIPT: string;
  composeDocument(template: string, part: RenderedPart, school: School): string;
  renderShell(school: School): RenderedPart;
  loadPage(url: URL): Promise<unknown>;
  /** The year a page rendered at `now` shows (the footer's copyright). */
  pageYear(now: Date): number;
  renderLoadedPage(loaded: unknown, options: { desktop: boolean; year: number }): RenderedPart;
}

/** Rendered pages kept, by address, layout and the API answers they were rendered from. */
const KEPT_PAGES = 200;

/** One HTML answer, compressed once. */
interface Document {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

async function toDocument(html: string): Promise<Document> {
  const raw = Buffer.from(html);
  const [br, gz] = await Promise.all([
    // A page is rendered per request: a middle brotli level compresses it in about a millisecond.
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzipAsync(raw, { level: 6 }),
  ]);
  const etag = `"${createHash('sha1').update(raw).digest('base64url')}"`;
  return { html: raw, br, gzip: gz, etag };
}

/** The app's CSP (as the server sends it) with the page's inline first script allowed by its hash. */
function cspWithScript(script: string, app: typeof APP_CSP_DIRECTIVES): string {
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const directives: Record<string, string[]> = { ...app, scriptSrc: [...app.scriptSrc, hash] };
  return Object.entries(directives)
    .map(
      ([name, values]) =>
        `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${values.join(' ')}`,
    )
    .join('; ');
}

/** `br` or `gzip` when the request accepts it (a `q=0` refuses), brotli first. */
function encodingFor(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = String(request.headers['accept-encoding'] ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name!.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return null;
}

/**
 * A phone, by the browser's own hint or its user agent: the layout the server renders a page
 * for (the browser corrects a wrong guess after taking the page over).
 */
function looksLikeDesktop(request: FastifyRequest): boolean {
  const hint = request.headers['sec-ch-ua-mobile'];
  if (hint === '?1') return false;
  if (hint === '?0') return true;
  return !/Mobi|Android|iPhone|iPad/i.test(String(request.headers['user-agent'] ?? ''));
}

/**
 * index.html with its small stylesheets (the fonts' @font-face rules) written into it: the
 * page's one render-blocking request, a round trip before the first paint on a slow network.
 * Their URLs are absolute (/assets/…), so they read the same from the page.
 */
function inlineStylesheets(template: string, webDist: string): string {
  return template.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)"\s*\/?>/g,
    (link, href: string) => {
      const file = path.join(webDist, href);
      if (!fs.existsSync(file) || fs.statSync(file).size > 8192) return link;
      return `<style>${fs.readFileSync(file, 'utf8')}</style>`;
    },
  );
}

export interface PageAnswers {
  /** Answers a page request with index.html, rendered for a guest where it can be. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/**
 * Pages from the server (docs/decisions/011-first-load.md). When the web build has its
 * server entry (`dist/.ssr/entry-server.js`), every page answer is index.html with the splash
 * already in it, and `/`, `/courses` and a course page come rendered as a guest sees them,
 * with their data: the browser paints them before any script has arrived, then takes them
 * over. The render calls this server's own API in process, without a token, through the same
 * routes, access rules and answers as the app's calls; a page's HTML is kept while those
 * answers stay the same (the calls are made for every request, the render only when they
 * change). A visitor with a token gets the app started in the browser instead (the page's
 * first script sees the token). A page that cannot be rendered (another address, a missing
 * course, maintenance, an error) is the plain index.html with the splash, as before. A page
 * shows the year by this server's date (the footer), which the browser takes it over with:
 * the year is part of what a kept page is kept for. Null without a server entry.
 */
export async function loadPageAnswers(
  app: FastifyInstance,
  webDist: string,
  /** The school's identity now (ADR 049): every page is answered in it. */
  school: () => Promise<School>,
): Promise<PageAnswers | null> {
  const entry = path.join(webDist, '.ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  let renderer: WebRenderer;
  try {
    renderer = (await import(pathToFileURL(entry).href)) as WebRenderer;
  } catch (error) {
    app.log.error(
      { err: error },
      "the web build's server entry did not load; pages are not rendered",
    );
    return null;
  }
  const template = inlineStylesheets(
    fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'),
    webDist,
  );
  // The answers a page's load got, per request: the page's HTML is kept for the same ones.
  const answers = new AsyncLocalStorage<string[]>();
  renderer.setApiTransport(async (input, init) => {
    const url = String(input);
    if (!url.startsWith(`${API_BASE}/`)) throw new Error(`not an API call: ${url}`);
    const res = await app.inject({
      method: 'GET',
      url,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    answers.getStore()?.push(url, String(res.statusCode), res.body);
    return new Response(res.rawPayload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  });
  const csp = cspWithScript(renderer.BOOT_SCRIPT, app.appCspDirectives ?? APP_CSP_DIRECTIVES);

  // The shell (the splash alone) of each identity the school has had, the last few kept.
  const shells = new Map<string, Promise<Document>>();
  function shellFor(identity: School): Promise<Document> {
    const key = JSON.stringify(identity);
    let shell = shells.get(key);
    if (!shell) {
      shell = toDocument(
        renderer.composeDocument(template, renderer.renderShell(identity), identity),
      );
      if (shells.size >= 8) shells.delete(shells.keys().next().value!);
      shells.set(key, shell);
    }
    return shell;
  }

  const kept = new Map<string, Document>();

  async function render(url: URL, desktop: boolean, identity: School): Promise<Document> {
    const got: string[] = [];
    const loaded = await answers.run(got, () => renderer.loadPage(url));
    if (!loaded) return shellFor(identity);
    // By this server's date: a page kept from last year is rendered again with this one.
    const year = renderer.pageYear(new Date());
    const key = createHash('sha1')
      .update(`${desktop}\n${year}\n${url.pathname}${url.search}\n${got.join('\n')}`)
      .digest('base64url');
    const known = kept.get(key);
    if (known) return known;
    // The identity is in the settings the page loaded (`got`), so a new one renders anew.
    const page = renderer.renderLoadedPage(loaded, { desktop, year });
    const document = await toDocument(renderer.composeDocument(template, page, identity));
    if (kept.size >= KEPT_PAGES) kept.delete(kept.keys().next().value!);
    kept.set(key, document);
    return document;
  }

  async function pageFor(request: FastifyRequest): Promise<Document> {
    const identity = await school();
    if (request.method !== 'GET' || request.headers.authorization) return shellFor(identity);
    try {
      return await render(
        new URL(request.url, 'http://localhost'),
        looksLikeDesktop(request),
        identity,
      );
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'page render failed; sent the app shell');
      return shellFor(identity);
    }
  }

  return {
    async send(request, reply) {
      const document = await pageFor(request);
      const encoding = encodingFor(request);
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'Accept-Encoding')
        .header('etag', document.etag)
        .header('content-security-policy', csp);
      if (String(request.headers['if-none-match'] ?? '').includes(document.etag)) {
        return reply.code(304).send();
      }
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(
        encoding === 'br' ? document.br : encoding === 'gzip' ? document.gzip : document.html,
      );
    },
  };
}
