import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE } from '@dars/contract';
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
  composeDocument(template: string, part: RenderedPart): string;
  renderShell(): RenderedPart;
  renderPage(url: URL, options: { desktop: boolean }): Promise<RenderedPart | null>;
}

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

/** The CSP of the app with the page's inline first script allowed by its hash. */
function cspWithScript(script: string): string {
  const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
  const directives: Record<string, string[]> = {
    ...APP_CSP_DIRECTIVES,
    scriptSrc: [...APP_CSP_DIRECTIVES.scriptSrc, hash],
  };
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
 * routes, access rules and answers as the app's calls. A visitor with a token gets the app
 * started in the browser instead (the page's first script sees the token). A page that
 * cannot be rendered (another address, a missing course, maintenance, an error) is the
 * plain index.html with the splash, as before. Null without a server entry.
 */
export async function loadPageAnswers(
  app: FastifyInstance,
  webDist: string,
): Promise<PageAnswers | null> {
  const entry = path.join(webDist, '.ssr', 'entry-server.js');
  if (!fs.existsSync(entry)) return null;
  const renderer = (await import(pathToFileURL(entry).href)) as WebRenderer;
  const template = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  renderer.setApiTransport(async (input, init) => {
    const url = String(input);
    if (!url.startsWith(`${API_BASE}/`)) throw new Error(`not an API call: ${url}`);
    const res = await app.inject({
      method: 'GET',
      url,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
    });
    return new Response(res.rawPayload, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') },
    });
  });
  const shell = await toDocument(renderer.composeDocument(template, renderer.renderShell()));
  const csp = cspWithScript(renderer.BOOT_SCRIPT);

  async function pageFor(request: FastifyRequest): Promise<Document> {
    if (request.method !== 'GET' || request.headers.authorization) return shell;
    try {
      const url = new URL(request.url, 'http://localhost');
      const page = await renderer.renderPage(url, { desktop: looksLikeDesktop(request) });
      return page ? await toDocument(renderer.composeDocument(template, page)) : shell;
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'page render failed; sent the app shell');
      return shell;
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
