import type { School } from '@dars/contract';
import { APP_REVEAL_DELAY_MS, DEFAULT_SCHOOL, STORAGE_KEYS } from '@dars/contract/plain';
import { t } from '../i18n/t';
import { SCHOOL_DATA_ID } from '../lib/page-school';
import type { RenderedPage } from './render-page';
import {
  BOOT_SPLASH_ID,
  CLIENT_START_ATTRIBUTE,
  EARLY_CLICKS,
  PAGE_DATA_ID,
} from './prerendered-page';

/**
 * The page's first script, inline in the head so it runs before the first paint: a visitor
 * with a stored token (or the native wrapper, which checks its version first) gets the app
 * started by the browser, behind the splash, not the guest page the server rendered. Until
 * the app has taken a rendered page over, a tap on one of its buttons is kept (the last one)
 * for the app to replay, and a form is not sent away (`releaseEarlyClicks`); links work as
 * links. The server allows the script by its hash in the Content-Security-Policy.
 */
export const BOOT_SCRIPT =
  `try{if(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)})||window.Capacitor)document.documentElement.setAttribute("${CLIENT_START_ATTRIBUTE}","")}catch(e){}` +
  `window.${EARLY_CLICKS}=[];` +
  `document.addEventListener("click",function(e){var q=window.${EARLY_CLICKS},b=q&&e.target.closest&&e.target.closest("button,[role=button]");if(b){e.preventDefault();e.stopPropagation();q.push(b)}},true);` +
  `document.addEventListener("submit",function(e){if(window.${EARLY_CLICKS})e.preventDefault()},true)`;

/**
 * Spec §4: the app shows about 250 ms after the start's check. For a guest's page from the
 * server the check is done (settings loaded, no token), so the splash fades on its own then,
 * as the app's own splash does (200 ms), without waiting for the scripts. Faded, it lets
 * clicks through to the page's links and stays in the document (a status saying the app is
 * loading) until the app has taken the page over and removes it.
 */
const BOOT_CSS =
  `#${BOOT_SPLASH_ID}[data-reveal]{pointer-events:none;animation:dars-reveal 200ms ease-out ${APP_REVEAL_DELAY_MS}ms both}` +
  `html[${CLIENT_START_ATTRIBUTE}] #${BOOT_SPLASH_ID}{pointer-events:auto;animation:none}` +
  '@keyframes dars-reveal{to{opacity:0}}';

const ROOT = '<div id="root"></div>';
const SETTINGS_PRELOAD = /<link rel="preload" href="\/api\/v1\/app"[^>]*>/;

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeHtml(text).replace(/"/g, '&quot;');
}

/**
 * The school's identity in the page's head (ADR 049): its colour as the browser's
 * `theme-color`, its favicon, its name in the title and the description, and the identity as a
 * JSON block (never run, so the Content-Security-Policy has nothing to allow) that the first
 * script paints with (`page-school.ts`).
 */
function withSchool(html: string, school: School): string {
  let out = html
    .replace(
      /<meta name="theme-color" content="[^"]*"\s*\/?>/,
      () => `<meta name="theme-color" content="${escapeAttribute(school.primary_color)}" />`,
    )
    .replace(
      /(<meta\s+name="description"\s+content=")[^"]*("\s*\/?>)/,
      (_, start: string, end: string) =>
        `${start}${escapeAttribute(`${school.name}: ${t('app.description')}`)}${end}`,
    )
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(`${school.name} | ${t('app.tagline')}`)}</title>`,
    );
  // Its own favicon, or the book mark in its colour (served by the server, `/icon.svg`).
  const icon =
    school.favicon ?? (school.primary_color === DEFAULT_SCHOOL.primary_color ? null : '/icon.svg');
  if (icon) {
    out = out.replace(
      /<link\s+rel="icon"[^>]*>/,
      () => `<link rel="icon" href="${escapeAttribute(icon)}" />`,
    );
  }
  const data = JSON.stringify(school).replace(/</g, '\\u003c');
  // Replaced by functions: a `$&` in a school's or a course's name is text, not a pattern.
  return out.replace(
    '</head>',
    () => `<script type="application/json" id="${SCHOOL_DATA_ID}">${data}</script></head>`,
  );
}

/**
 * index.html with the splash (every page) and, for a page the server rendered, the page,
 * its title and its data, all in the school's identity (`withSchool`). A page's data is
 * already in it, so its settings preload goes.
 * @example composeDocument(indexHtml, renderShell(school), school)
 */
export function composeDocument(
  template: string,
  part: Pick<RenderedPage, 'splash' | 'styles'> & Partial<RenderedPage>,
  school: School = DEFAULT_SCHOOL,
): string {
  if (!template.includes(ROOT) || !template.includes('</head>')) {
    throw new Error('index.html has no empty #root or no </head>');
  }
  const page = part.root !== undefined && part.data !== undefined;
  let html = withSchool(template, school).replace(
    '</head>',
    () => `<script>${BOOT_SCRIPT}</script><style>${BOOT_CSS}</style>${part.styles}</head>`,
  );
  if (page) {
    html = html.replace(SETTINGS_PRELOAD, '');
    if (part.title)
      html = html.replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${escapeHtml(part.title!)}</title>`,
      );
  }
  const data = page
    ? `<script type="application/json" id="${PAGE_DATA_ID}">${part.data!.replace(/</g, '\\u003c')}</script>`
    : '';
  return html.replace(
    ROOT,
    () =>
      `<div id="root">${part.root ?? ''}</div>` +
      `<div id="${BOOT_SPLASH_ID}"${page ? ' data-reveal' : ''}>${part.splash}</div>${data}`,
  );
}
