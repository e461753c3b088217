import fs from 'node:fs';
import path from 'node:path';

/** Where the apps look for the server unless DARS_SERVER_URL says: `npm start` seen from the Android emulator. */
export const DEFAULT_SERVER = 'http://10.0.2.2:3000';

/** The meta tag the web client reads the server from (apps/web/src/platform/server-origin.ts). */
export const SERVER_META = 'dars-server';

/**
 * The server's origin as the apps call it: an http(s) origin, no path, no trailing slash.
 * @example serverOriginOf('https://dars.example/') // 'https://dars.example'
 */
export function serverOriginOf(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')
    throw new Error(`DARS_SERVER_URL must be an http(s) url, not ${url}`);
  return parsed.origin;
}

/**
 * The web build's `index.html` as the apps load it: the server named in a meta tag (every
 * API call, the web-wallet hand-off and server files go there), and the settings' preload
 * asked of the server instead of the app's own files.
 * @example appIndexHtml('<head></head>', 'https://dars.example')
 */
export function appIndexHtml(html: string, server: string): string {
  const origin = serverOriginOf(server);
  if (!html.includes('</head>')) throw new Error('index.html has no </head>');
  return html
    .replace(/<meta name="dars-server"[^>]*>\s*/g, '')
    .replace(/href="\/api\//g, `href="${origin}/api/`)
    .replace('</head>', `<meta name="${SERVER_META}" content="${origin}" /></head>`);
}

/**
 * The service worker of the web build (`sw.js`, ADR 056) and the Workbox files a build may
 * write beside it (`workbox-<hash>.js`, with their source maps): the apps never register a
 * worker (their pages come from the app itself, ADR 021), so they carry none. The page's own
 * chunks stay, workbox-window's among them (`assets/`): a script of the app names it, and it is
 * loaded only where a worker is registered.
 */
const SERVICE_WORKER_FILE = /^(?:sw|workbox-[\w.-]+)\.js(?:\.map)?$/;

/**
 * Files of the web build the apps do not need: the server's render, precompressed copies, the
 * service worker.
 * @example skippedForApps('sw.js') // true
 */
export function skippedForApps(relative: string): boolean {
  return (
    relative.startsWith('.ssr') ||
    relative.startsWith('.vite') ||
    /\.(br|gz)$/.test(relative) ||
    SERVICE_WORKER_FILE.test(relative)
  );
}

/**
 * Copies the web build into `target` for the apps, with `index.html` pointed at the server,
 * leaving out what they do not need (`skippedForApps`).
 * @returns the number of files copied
 */
export function copyWebBuild(dist: string, target: string, server: string): number {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) throw new Error(`${dist} holds no web build (index.html)`);
  fs.rmSync(target, { recursive: true, force: true });
  let count = 0;
  for (const entry of fs.readdirSync(dist, { recursive: true })) {
    const relative = String(entry);
    const from = path.join(dist, relative);
    if (skippedForApps(relative) || !fs.statSync(from).isFile()) continue;
    const to = path.join(target, relative);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.copyFileSync(from, to);
    count++;
  }
  const html = fs.readFileSync(index, 'utf8');
  fs.writeFileSync(path.join(target, 'index.html'), appIndexHtml(html, server));
  return count;
}
