/** What a truncated description shows, and whether anything was left out. */
export interface Truncated {
  text: string;
  truncated: boolean;
}

/** A cut may step back this far to end on a whole word instead of inside one. */
const WORD_BACKTRACK = 30;

/**
 * A course description cut to `limit` characters (spec §5: 350 on desktop, 200 on phones),
 * ending on a whole word where one is near, with an ellipsis. Characters are counted as the
 * reader sees them, so an emoji is never split.
 * @example truncateDescription('شرح كامل لمنهج الجبر', 8) // { text: 'شرح كامل…', truncated: true }
 * @example truncateDescription('قصير', 350) // { text: 'قصير', truncated: false }
 */
export function truncateDescription(text: string, limit: number): Truncated {
  const chars = Array.from(text);
  if (chars.length <= limit) return { text, truncated: false };
  let cut = chars.slice(0, limit).join('');
  const endsOnWord = /\s/.test(chars[limit] ?? '');
  const space = cut.search(/\s\S*$/);
  if (!endsOnWord && space > 0 && limit - space <= WORD_BACKTRACK) cut = cut.slice(0, space);
  return { text: `${cut.trimEnd()}…`, truncated: true };
}
