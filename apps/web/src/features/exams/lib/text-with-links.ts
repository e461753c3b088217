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
    label = `${url.host.replace(/^www\./i, '')}${rest}`;
  } catch {
    label = href;
  }
  const chars = Array.from(label.replace(UNSAFE, ''));
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
