import { serverOrigin } from './server-origin';

/** Paths the server answers itself (files, payment pages, the player), never the app's pages. */
const SERVER_PATHS = /^\/(?:api|storage|payments|player)\//;

/**
 * Where a clicked link should go outside the app, or null when the app handles it: links to
 * another site (store badges, social pages, the web-wallet hand-off), and links to the
 * server's own files, which in the apps must name the server (`server-origin.ts`).
 * @example externalTarget('https://play.google.com/x', 'https://localhost', null) // 'https://play.google.com/x'
 * @example externalTarget('https://localhost/courses', 'https://localhost', null) // null
 */
export function externalTarget(
  href: string,
  pageOrigin: string,
  server: string | null,
): string | null {
  let url: URL;
  try {
    url = new URL(href, pageOrigin);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== pageOrigin) return url.href;
  if (server && SERVER_PATHS.test(url.pathname)) return `${server}${url.pathname}${url.search}`;
  return null;
}

/**
 * In the native apps, sends every link that leaves the app to the system browser (spec §2
 * store links, §7 the web-wallet hand-off) instead of replacing the app's page. One listener
 * on the document, after React's own handlers: a click they already handled is left alone.
 * @returns a function that removes the listener
 */
export function handleExternalLinks(doc: Document, open: (url: string) => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const target = externalTarget(
      anchor.getAttribute('href') ?? '',
      doc.location.origin,
      serverOrigin(),
    );
    if (target === null) return;
    event.preventDefault();
    open(target);
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
