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
