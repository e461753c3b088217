import type { FastifyInstance } from 'fastify';
import type { School } from '@dars/contract';

/** The open book of the mark, on a 64-unit square (x 14–50, y 17.86–47). */
const BOOK =
  `<path d="M14 20c6-3 12-3 18 1v26c-6-4-12-4-18-1z" fill="#fff"/>` +
  `<path d="M50 20c-6-3-12-3-18 1v26c6-4 12-4 18-1z" fill="#dbe6fb"/>`;

/** The book mark of index.html's default favicon, in a colour of the school's. */
function bookMark(colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="16" fill="${colour}"/>${BOOK}</svg>`
  );
}

/** The maskable icon's side in pixels: the size Chromium and Android ask for a splash. */
export const MASKABLE_SIZE = 512;

/**
 * The book mark as a maskable icon (the launcher cuts it to its own circle, squircle or
 * rounded square): the colour fills the whole square, no transparent corners, and the book is
 * drawn smaller (85 %) about the middle, so that all of it lies well inside the safe zone (the
 * circle of radius 40 % of the side about the centre, which every mask keeps): its farthest
 * point 30 % of the side from the centre, its box within the middle half.
 */
function maskableMark(colour: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${MASKABLE_SIZE}" height="${MASKABLE_SIZE}" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" fill="${colour}"/>` +
    `<g transform="translate(32 32) scale(0.85) translate(-32 -32.43)">${BOOK}</g></svg>`
  );
}

/**
 * The maskable icon in `colour` as a PNG (sharp, loaded at the first request: the mark as an
 * SVG drawn by librsvg, as the mobile apps' icons are drawn).
 */
async function maskablePng(colour: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(maskableMark(colour)))
    .resize(MASKABLE_SIZE, MASKABLE_SIZE)
    .flatten({ background: colour })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** The book mark in the school's colour: an SVG, which Chromium installs at any size. */
const BOOK_MARK_ICON = {
  src: '/icon.svg',
  sizes: 'any',
  type: 'image/svg+xml',
  purpose: 'any',
} as const;

/**
 * The same mark for launchers that mask icons (Android's adaptive icons): a square PNG whose
 * content keeps to the safe zone, in the school's colour like the other.
 */
const MASKABLE_ICON = {
  src: '/icon-maskable.png',
  sizes: `${MASKABLE_SIZE}x${MASKABLE_SIZE}`,
  type: 'image/png',
  purpose: 'maskable',
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
 * app stays installable whatever the favicon is (a JPEG or an ICO would not be), and last the
 * book mark as a maskable PNG, which a launcher that masks icons takes instead of shrinking
 * another onto a white plate.
 * @example manifestIcons(null) // [{ src: '/icon.svg', … purpose: 'any' }, { src: '/icon-maskable.png', … purpose: 'maskable' }]
 */
export function manifestIcons(favicon: string | null): Record<string, string>[] {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(favicon ?? '')?.[1]?.toLowerCase() ?? '';
  const type = ICON_TYPES[extension];
  const marks = [{ ...BOOK_MARK_ICON }, { ...MASKABLE_ICON }];
  if (!favicon || !type) return marks;
  return [{ src: favicon, sizes: 'any', type, purpose: 'any' }, ...marks];
}

/**
 * The web app's manifest in the school's identity (ADR 049), so a student who adds the site to
 * a phone's home screen gets the school's name, colour and icon: `/manifest.webmanifest`,
 * `/icon.svg` (the book mark in the school's primary colour) and `/icon-maskable.png` (the
 * same, maskable, ADR 056). They change with the settings, with no rebuild, and are
 * revalidated on each visit. With the service worker (ADR 056) the
 * app is installable: Chromium asks for a name, a start address in scope, a standalone
 * display and an icon of at least 144 px or of size `any` (what `e2e/pwa.test.ts` checks).
 */
export function registerWebManifest(app: FastifyInstance, school: () => Promise<School>): void {
  // Drawn once per colour (a school changes it seldom; a few kept for a colour being tried).
  const maskables = new Map<string, Promise<Buffer>>();
  const maskable = (colour: string) => {
    let png = maskables.get(colour);
    if (!png) {
      if (maskables.size >= 4) maskables.clear();
      png = maskablePng(colour);
      png.catch(() => maskables.delete(colour));
      maskables.set(colour, png);
    }
    return png;
  };
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
  app.get('/icon-maskable.png', async (_request, reply) => {
    const identity = await school();
    return reply
      .type('image/png')
      .header('cache-control', 'no-cache')
      .send(await maskable(identity.primary_color));
  });
}
