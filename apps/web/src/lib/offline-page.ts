import { DEFAULT_SCHOOL, HEX_COLOUR } from '@dars/contract/plain';
import { arPwa } from '../i18n/ar-pwa';

/**
 * The page the service worker answers (ADR 056) when the student opens, offline, an address
 * that was never saved on the device: in Arabic, right to left, in the school's name and
 * colour (ADR 049) when the worker has kept its settings, with a retry button that needs no
 * script (a form that asks for the same address again). Written by the worker, not served by
 * the server, so it exists exactly when the network does not.
 */

/** The page's own policy: its inline styles, the app's fonts and a form to this origin only. */
export const OFFLINE_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; font-src 'self'; img-src 'self' data:; " +
  "form-action 'self'; base-uri 'none'; frame-ancestors 'self'";

export interface OfflinePageInput {
  /** The address the student asked for: the retry asks for it again. */
  url: URL;
  /** The school's name and primary colour, from the settings the worker kept. */
  school?: { name?: unknown; primary_color?: unknown } | null;
  /** The app's Cairo fonts in the worker's precache (regular and bold woff2), when found. */
  fonts?: { regular?: string; bold?: string };
  /** Kept pages the student can open instead (their address and label). */
  saved?: { href: string; label: string }[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text or an attribute's value, safe inside HTML. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** An address of this origin only (`/assets/…`), for the page's CSS. */
const ASSET_PATH = /^\/assets\/[\w.-]+\.woff2$/;

function fontFaces(fonts: OfflinePageInput['fonts']): string {
  return (
    [
      [fonts?.regular, 400],
      [fonts?.bold, 700],
    ] as const
  )
    .filter(([src]) => src !== undefined && ASSET_PATH.test(src))
    .map(
      ([src, weight]) =>
        `@font-face{font-family:Cairo;font-weight:${weight};font-display:swap;src:url(${src}) format("woff2")}`,
    )
    .join('');
}

/**
 * The offline page's HTML. A name or colour that is not what the settings allow falls back to
 * the default identity's (the colour is written into the page's CSS). Its picture is Material
 * Icons' WifiOff, as the app's icons are Material's.
 * @example offlinePage({ url: new URL('https://school.example/courses/4') }) // '<!doctype html>…'
 */
export function offlinePage({ url, school, fonts, saved = [] }: OfflinePageInput): string {
  const name =
    typeof school?.name === 'string' && school.name.trim() ? school.name : DEFAULT_SCHOOL.name;
  const colour =
    typeof school?.primary_color === 'string' && HEX_COLOUR.test(school.primary_color)
      ? school.primary_color
      : DEFAULT_SCHOOL.primary_color;
  const text = arPwa.offline;
  const hidden = [...url.searchParams]
    .map(
      ([key, value]) =>
        `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`,
    )
    .join('');
  const links = saved
    .filter((link) => link.href.startsWith('/') && !link.href.startsWith('//'))
    .map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></li>`)
    .join('');
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="${colour}">
<title>${escapeHtml(text.title)} | ${escapeHtml(name)}</title>
<style>
${fontFaces(fonts)}
*{box-sizing:border-box}
html{font-family:Cairo,Tahoma,Arial,sans-serif;background:#f4f6fb;color:#1b1b1b;line-height:1.7}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
header{background:${colour};color:#fff;padding:12px 16px;font-weight:700;font-size:1.125rem}
main{flex:1;display:flex;align-items:center;justify-content:center;padding:24px 16px}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.12);max-width:480px;width:100%;padding:32px 24px;text-align:center}
.card svg{width:64px;height:64px;color:${colour}}
h1{color:${colour};font-size:1.5rem;margin:16px 0 8px}
p{margin:0 0 24px;color:#424242}
button{font:inherit;font-weight:700;background:${colour};color:#fff;border:0;border-radius:8px;min-height:48px;padding:8px 32px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1b1b1b;outline-offset:2px}
.saved{margin-top:24px;border-top:1px solid #e0e0e0;padding-top:16px;text-align:start}
.saved p{margin:0 0 8px}
ul{margin:0;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:8px 16px}
a{color:${colour};font-weight:700;display:inline-block;min-height:44px;padding:8px 0}
</style>
</head>
<body>
<header>${escapeHtml(name)}</header>
<main>
<div class="card">
<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M22.99 9C19.15 5.16 13.8 3.76 8.84 4.78l2.52 2.52c3.47-.17 6.99 1.05 9.63 3.7zm-4 4c-1.29-1.29-2.84-2.13-4.49-2.56l3.53 3.53zM2 3.05 5.07 6.1C3.6 6.82 2.22 7.78 1 9l1.99 2c1.24-1.24 2.67-2.16 4.2-2.77l2.24 2.24C7.81 10.89 6.27 11.73 5 13v.01L6.99 15c1.36-1.36 3.14-2.04 4.92-2.06L18.98 20l1.27-1.26L3.29 1.79zM9 17l3 3 3-3c-1.65-1.66-4.34-1.66-6 0"/></svg>
<h1>${escapeHtml(text.title)}</h1>
<p>${escapeHtml(text.body)}</p>
<form method="get" action="${escapeHtml(url.pathname)}">${hidden}<button type="submit">${escapeHtml(text.retry)}</button></form>
${links ? `<nav class="saved" aria-label="${escapeHtml(text.saved)}"><p>${escapeHtml(text.saved)}</p><ul>${links}</ul></nav>` : ''}
</div>
</main>
</body>
</html>
`;
}
