import { splitLtrRuns } from '../lib/ltr-runs';

/**
 * A message's text with each left-to-right run (a link, a code, an e-mail) isolated in a
 * `<bdi dir="ltr">`, so it keeps its order where it wraps inside Arabic.
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
