import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { School } from '@dars/contract';

/** Where the console lives; its API is /api/v1/staff, which these routes never match. */
export const STAFF_BASE = '/staff';

/**
 * The console's page policy: only our own scripts, styles (MUI/emotion insert <style> tags
 * at run time, hence 'unsafe-inline' for styles), fonts, and calls (the API and resumable
 * uploads go to this origin). Images may be any https link (a header image's url) or a local
 * preview (blob:, data:). No outside script, no chat widget, no payment pages, and no one
 * may frame the console (clickjacking of staff actions).
 */
export const STAFF_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const HASHED_ASSET = /[\\/]assets[\\/]/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A path that names a file (`/staff/assets/x.js`), as opposed to a client route. */
const FILE_PATH = /\.[a-z0-9]{1,8}$/i;

const NOT_BUILT =
  '<!doctype html><html lang="ar" dir="rtl"><meta charset="utf-8"><title>لوحة إدارة دَرس</title><p>لوحة الإدارة غير مبنية بعد: شغّل npm start أو npm run build.</p></html>';

/**
 * Serves the built staff console (apps/staff/dist) under /staff: its hashed assets cached for a
 * year, and `index.html` (no-cache) for /staff and every client route below it (/staff/courses/7),
 * so a reload of a deep link works. A missing file under /staff is a 404, not the page. Each page
 * answer carries the console's own CSP (STAFF_CSP) in place of the student app's, with
 * `X-Frame-Options: DENY` and `X-Robots-Tag: noindex`. Without a build, /staff says so (503).
 */
export async function registerStaffSpa(
  app: FastifyInstance,
  staffDist: string,
  /** The school's identity now (ADR 049): the console's title, and a JSON block it reads. */
  school: () => Promise<School>,
): Promise<void> {
  const indexFile = `${staffDist}/index.html`;
  const built = fs.existsSync(indexFile);
  const template = built ? fs.readFileSync(indexFile, 'utf8') : null;
  const escape = (text: string) =>
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  /** The console's page in the school's name; a block never run, so the CSP allows it. */
  const inIdentity = (identity: School) =>
    template!
      .replace(/<title>[^<]*<\/title>/, () => `<title>لوحة إدارة ${escape(identity.name)}</title>`)
      .replace(
        '</head>',
        () =>
          `<script type="application/json" id="dars-school">${JSON.stringify(identity).replace(/</g, '\\u003c')}</script></head>`,
      );

  if (built) {
    await app.register(fastifyStatic, {
      root: staffDist,
      prefix: `${STAFF_BASE}/`,
      wildcard: false,
      index: false,
      decorateReply: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', HASHED_ASSET.test(filePath) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  async function page(request: FastifyRequest, reply: FastifyReply) {
    const pathname = request.url.split('?')[0]!;
    if (FILE_PATH.test(pathname)) return reply.callNotFound();
    reply
      .header('content-security-policy', STAFF_CSP)
      .header('x-frame-options', 'DENY')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8');
    return template ? reply.send(inIdentity(await school())) : reply.code(503).send(NOT_BUILT);
  }

  app.get(STAFF_BASE, page);
  app.get(`${STAFF_BASE}/*`, page);
}
