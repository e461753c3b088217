import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { School } from '@dars/contract';
import { messageFor } from '../lib/app-error';
import { sendFile } from '../lib/send-file';
import { isLocalStorage, type Storage } from '../storage';
import { answerMethodNotAllowed } from './method-not-allowed';
import { loadPageAnswers } from './prerender';

/** Vite names every file under assets/ by its content's hash: a changed file is a new URL. */
const HASHED_ASSET = /[\\/]assets[\\/]/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The web build's service worker (`apps/web/src/sw.ts`, ADR 056), or its brotli or gzip copy. */
const SERVICE_WORKER = /^sw\.js(?:\.br|\.gz)?$/;

/** What public storage holds (covers, avatars, slides, figures) and how it is served. */
const PUBLIC_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
};

/**
 * Public files: from the data folder by the static file server (as always), or read from the
 * bucket and streamed (ADR 024: the bucket stays private; nginx or a CDN may cache these).
 */
async function registerPublicStorage(app: FastifyInstance, storage: Storage): Promise<void> {
  if (isLocalStorage(storage)) {
    const root = storage.root('public');
    fs.mkdirSync(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: '/storage/',
      decorateReply: false,
      index: false,
      maxAge: '7d',
    });
    return;
  }
  app.get<{ Params: { '*': string } }>('/storage/*', async (request, reply) => {
    let key: string;
    try {
      key = decodeURIComponent(request.params['*']);
    } catch {
      key = '';
    }
    const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
    const type = PUBLIC_TYPES[extension];
    if (!type || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      return reply.code(404).send({ message: messageFor('NOT_FOUND'), code: 'NOT_FOUND' });
    }
    return sendFile(request, reply, storage, key, {
      type,
      area: 'public',
      cacheControl: 'public, max-age=604800',
    });
  });
}

/**
 * Serves the built SPA with history fallback: any GET that is not an API or storage path and
 * not a file answers index.html, so deep links like /courses?query=x work on reload. Unknown
 * API paths answer a JSON 404. Built files are registered at start (no per-request disk
 * lookups), so a rebuilt web app is served after a restart.
 *
 * The build writes brotli (`.br`) and gzip (`.gz`) copies beside each text file; they are sent
 * as they are to a browser that accepts them (`preCompressed`, with `Vary: Accept-Encoding`).
 * Hashed assets are cached for a year as immutable; index.html and other unhashed files are
 * revalidated on every visit (`no-cache`), so a deploy reaches users at their next load: the
 * service worker `/sw.js` among them, with `Service-Worker-Allowed: /` (ADR 056). It runs
 * under the app's Content-Security-Policy like any file here, and fetches this origin only.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
  storage: Storage,
  /** The school's identity now (ADR 049), for the pages' heads and first paint. */
  school: () => Promise<School>,
): Promise<void> {
  const indexFile = path.join(webDist, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  await registerPublicStorage(app, storage);

  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', HASHED_ASSET.test(filePath) ? IMMUTABLE : 'no-cache');
        // The student app's service worker (ADR 056), at the root so that its scope is the
        // whole site; revalidated on each check (no-cache, above) so a deploy reaches it.
        if (SERVICE_WORKER.test(path.basename(filePath)))
          reply.header('service-worker-allowed', '/');
      },
    });
  }

  // With the web build's server entry: the splash in every page, public pages rendered.
  const pages = hasSpa ? await loadPageAnswers(app, webDist, school) : null;

  app.setNotFoundHandler((request, reply) => {
    // A known path asked with another method: 405 with the methods it takes, for every route.
    if (answerMethodNotAllowed(app, request, reply)) return reply;
    const url = request.url;
    const pathname = url.split('?')[0]!;
    // A missing file (a stale /assets/x.js after a deploy) is a 404, not the SPA's page: the
    // browser then reports a missing script instead of a MIME-type error.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isFile &&
      !/^\/(api|storage|player)(\/|$|\?)/.test(url);
    if (!isPage) {
      return reply.code(404).send({ message: messageFor('NOT_FOUND'), code: 'NOT_FOUND' });
    }
    if (!hasSpa) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><html lang="ar" dir="rtl"><meta charset="utf-8"><p>واجهة الموقع غير مبنية بعد: شغّل npm start.</p></html>',
        );
    }
    if (pages) return pages.send(request, reply);
    // Through the static plugin, so the page gets the same precompressed copies and headers.
    return reply.type('text/html; charset=utf-8').sendFile('index.html', webDist);
  });
}
