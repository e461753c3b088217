import type { FastifyInstance } from 'fastify';
import type { School } from '@dars/contract';

/** The book mark of index.html's default favicon, in a colour of the school's. */
function bookMark(colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="16" fill="${colour}"/>` +
    `<path d="M14 20c6-3 12-3 18 1v26c-6-4-12-4-18-1z" fill="#fff"/>` +
    `<path d="M50 20c-6-3-12-3-18 1v26c6-4 12-4 18-1z" fill="#dbe6fb"/></svg>`
  );
}

/** The book mark in the school's colour: an SVG, which Chromium installs at any size. */
const BOOK_MARK_ICON = {
  src: '/icon.svg',
  sizes: 'any',
  type: 'image/svg+xml',
  purpose: 'any',
} as const;

/** The image types Chromium takes for an installed app's icon (PNG, SVG, WebP), by extension. */
const ICON_TYPES: Record<string, string> = {
  png: 'image/png',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/**
 * The manifest's icons: the school's favicon when it uploaded one Chromium can install (a PNG,
 * SVG or WebP; its size is not known, so `any`), then the book mark in its colour, so that the
 * app stays installable whatever the favicon is (a JPEG or an ICO would not be).
 * @example manifestIcons(null) // [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }]
 */
export function manifestIcons(favicon: string | null): Record<string, string>[] {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(favicon ?? '')?.[1]?.toLowerCase() ?? '';
  const type = ICON_TYPES[extension];
  if (!favicon || !type) return [{ ...BOOK_MARK_ICON }];
  return [{ src: favicon, sizes: 'any', type, purpose: 'any' }, { ...BOOK_MARK_ICON }];
}

/**
 * The web app's manifest in the school's identity (ADR 049), so a student who adds the site to
 * a phone's home screen gets the school's name, colour and icon: `/manifest.webmanifest`, and
 * `/icon.svg` (the book mark in the school's primary colour). Both change with the settings,
 * with no rebuild, and are revalidated on each visit. With the service worker (ADR 056) the
 * app is installable: Chromium asks for a name, a start address in scope, a standalone
 * display and an icon of at least 144 px or of size `any` (what `e2e/pwa.test.ts` checks).
 */
export function registerWebManifest(app: FastifyInstance, school: () => Promise<School>): void {
  app.get('/manifest.webmanifest', async (_request, reply) => {
    const identity = await school();
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        JSON.stringify({
          // The app's identity for the browser: stays the same when the school renames itself.
          id: '/',
          name: identity.name,
          short_name: identity.name,
          lang: 'ar',
          dir: 'rtl',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#f4f6fb',
          theme_color: identity.primary_color,
          categories: ['education'],
          icons: manifestIcons(identity.favicon),
        }),
      );
  });
  app.get('/icon.svg', async (_request, reply) => {
    const identity = await school();
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'no-cache')
      .send(bookMark(identity.primary_color));
  });
}
