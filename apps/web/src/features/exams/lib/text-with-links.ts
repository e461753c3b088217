import { toUnicode } from 'punycode/punycode.es6.js';

/** A piece of a teacher's text: plain, or a link to open. */
export type TextPiece = { text: string; href?: undefined } | { text: string; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Punctuation that ends a sentence rather than the link before it. */
const TRAILING = /[.,;:!?)\]}،؛؟»]+$/;

/**
 * Splits a teacher's text into plain pieces and http(s) links, so it is shown as text with
 * links and never as HTML (architecture: security rules).
 * @example textWithLinks('راجع https://a.eg/x.') // [{ text: 'راجع ' }, { text: 'https://a.eg/x', href: 'https://a.eg/x' }, { text: '.' }]
 */
export function textWithLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING, '');
    const start = match.index;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}

/** Characters that must not reach a link's label: controls, and the marks that reorder text. */
const UNSAFE = /[\p{Cc}\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The longest label, in characters, before it is cut with an ellipsis. */
export const LINK_LABEL_MAX = 48;

/** `decodeURI` of one part, or the part as it is when it is not valid percent-encoding. */
function decodePart(part: string): string {
  try {
    return decodeURI(part);
  } catch {
    return part;
  }
}

/** A label of a domain name as a reader knows it: Arabic letters, digits and hyphens. */
const ARABIC_LABEL = /^[\p{Script=Arabic}0-9-]+$/u;

/**
 * The host as it reads: a label in punycode (`xn--…`, how an Arabic domain such as «مثال.مصر»
 * travels) is shown in Arabic when it is Arabic letters and digits only. Any other, such as
 * Latin mixed with look-alike letters of another script, stays in punycode, as browsers do
 * against look-alike addresses.
 * @example readableHost('xn--mgbh0fb.xn--wgbh1c') // 'مثال.مصر'
 */
export function readableHost(host: string): string {
  return host
    .split('.')
    .map((label) => {
      if (!/^xn--/i.test(label)) return label;
      try {
        const unicode = toUnicode(label.toLowerCase());
        return ARABIC_LABEL.test(unicode) ? unicode : label;
      } catch {
        return label;
      }
    })
    .join('.');
}

/**
 * What a link reads as: its host (without `www.`) and its path, query and fragment decoded
 * (Arabic instead of percent signs; a malformed part stays as written), without the scheme
 * or a closing slash, cut with an ellipsis past `max` characters. Only a label: the link
 * itself keeps the address as written.
 * @example readableLink('https://ar.wikipedia.org/wiki/%D8%AC%D8%A8%D8%B1') // 'ar.wikipedia.org/wiki/جبر'
 */
export function readableLink(href: string, max = LINK_LABEL_MAX): string {
  let label: string;
  try {
    const url = new URL(href);
    const rest = `${url.pathname}${url.search}${url.hash}`
      .split('/')
      .map(decodePart)
      .join('/')
      .replace(/^\/$/, '');
    label = `${readableHost(url.host).replace(/^www\./i, '')}${rest}`;
  } catch {
    label = href;
  }
  const chars = Array.from(label.replace(UNSAFE, ''));
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
