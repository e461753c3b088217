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

/**
 * The web app's manifest in the school's identity (ADR 049), so a student who adds the site to
 * a phone's home screen gets the school's name, colour and icon: `/manifest.webmanifest`, and
 * `/icon.svg` (the book mark in the school's primary colour) where the school uploaded no
 * favicon. Both change with the settings, with no rebuild, and are revalidated on each visit.
 */
export function registerWebManifest(app: FastifyInstance, school: () => Promise<School>): void {
  app.get('/manifest.webmanifest', async (_request, reply) => {
    const identity = await school();
    const icons = identity.favicon
      ? [{ src: identity.favicon, sizes: 'any' }]
      : [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml' }];
    return reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(
        JSON.stringify({
          name: identity.name,
          short_name: identity.name,
          lang: 'ar',
          dir: 'rtl',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          background_color: '#f4f6fb',
          theme_color: identity.primary_color,
          icons,
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
