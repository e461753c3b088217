/** One piece of a message: Arabic (or anything else) as it is, or a left-to-right run. */
export interface TextPiece {
  text: string;
  ltr: boolean;
}

/**
 * A run a person writes left to right inside Arabic: a word, a link, an e-mail or a code with
 * at least one Latin letter, its inner punctuation (`-./:?#@=&%+_~`) included, not the
 * punctuation that ends the sentence around it.
 */
const LTR_RUN = /[A-Za-z0-9](?:[A-Za-z0-9\-._~:/?#@=&%+]*[A-Za-z0-9/])?/g;
const LATIN = /[A-Za-z]/;

/**
 * Splits a message into its left-to-right runs and the rest, so each run can be isolated
 * (`<bdi dir="ltr">`): a link or a code that wraps over two lines of an Arabic message then
 * keeps its characters in order, and its hyphens and slashes on the right side. Numbers alone
 * stay in the Arabic text, which already shows them left to right.
 * @example splitLtrRuns('الرمز PAY-7F3K.') // [{ text: 'الرمز ', ltr: false }, { text: 'PAY-7F3K', ltr: true }, { text: '.', ltr: false }]
 */
export function splitLtrRuns(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of text.matchAll(LTR_RUN)) {
    if (!LATIN.test(match[0])) continue;
    if (match.index > at) pieces.push({ text: text.slice(at, match.index), ltr: false });
    pieces.push({ text: match[0], ltr: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) pieces.push({ text: text.slice(at), ltr: false });
  return pieces;
}

/**
 * A message's text with each left-to-right run (a link, a code, an e-mail) isolated in a
 * `<bdi dir="ltr">`, so it keeps its order where it wraps inside Arabic. The student app's
 * conversations and the staff console's tickets show messages through it.
 * @example <LtrRuns text="الرمز PAY-7F3K" />
 */
export function LtrRuns({ text }: { text: string }) {
  return (
    <>
      {splitLtrRuns(text).map((piece, i) =>
        piece.ltr ? (
          <bdi key={i} dir="ltr">
            {piece.text}
          </bdi>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
