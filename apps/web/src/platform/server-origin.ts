/**
 * Where the server is, for a page that does not come from it. The native apps load the web
 * build from inside the app (`https://localhost` on Android, `capacitor://localhost` on iOS),
 * so `npm run mobile:sync` writes the server's address into the copied `index.html` as
 * `<meta name="dars-server" content="https://dars.example">` (ADR 021). A page the server
 * sent has no such tag and calls its own origin.
 */
export const SERVER_META = 'dars-server';

let cached: string | null | undefined;

/**
 * The configured server origin without a trailing slash, or null when the page is on the
 * server itself (relative calls).
 * @example serverOrigin() // 'https://dars.example' in the apps, null on the web site
 */
export function serverOrigin(): string | null {
  if (cached !== undefined) return cached;
  if (typeof document === 'undefined') return null; // the server's own render: never cached
  const content = document
    .querySelector<HTMLMetaElement>(`meta[name="${SERVER_META}"]`)
    ?.content?.trim();
  cached = content && /^https?:\/\/[^/]+/i.test(content) ? content.replace(/\/+$/, '') : null;
  return cached;
}

/** Forgets the origin read, for tests that change the document. */
export function resetServerOrigin(): void {
  cached = undefined;
}

/** A path the server gives for its own files and calls: `/storage/…` and `/api/v1/…`. */
const SERVER_PATH = /^\/(?:storage|api\/v\d+)\//;

/**
 * `value` with every server path in it (covers, avatars, slides, signed file links, `links.next`)
 * put under `origin`: in the native apps a relative `/storage/a.png` would be read from the app
 * itself (`https://localhost`), so an answer's links are made absolute before anything renders
 * them (ADR 021). Other strings, and every other value, are kept as they are.
 * @example absolutiseServerPaths({ image_url: '/storage/c.png' }, 'https://dars.example')
 * // { image_url: 'https://dars.example/storage/c.png' }
 */
export function absolutiseServerPaths(value: unknown, origin: string): unknown {
  if (typeof value === 'string') return SERVER_PATH.test(value) ? `${origin}${value}` : value;
  if (Array.isArray(value)) return value.map((item) => absolutiseServerPaths(item, origin));
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      copy[key] = absolutiseServerPaths(item, origin);
    return copy;
  }
  return value;
}
