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
