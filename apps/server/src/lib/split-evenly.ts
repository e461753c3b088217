/**
 * Shares an integer amount (piasters) among `parts` as evenly as whole piasters allow: the
 * leftover piasters go one each to the first shares, so the shares always add up to the amount
 * and none is counted twice. A cash payment for several lectures (ADR 033) and a course's sales
 * among its teachers are split this way.
 * @example splitEvenly(10_000, 3) // [3334, 3333, 3333]
 * @example splitEvenly(5, 0) // []
 */
export function splitEvenly(amount: number, parts: number): number[] {
  if (parts <= 0) return [];
  const base = Math.floor(amount / parts);
  const leftover = amount - base * parts;
  return Array.from({ length: parts }, (_, i) => base + (i < leftover ? 1 : 0));
}
