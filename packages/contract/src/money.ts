/**
 * Money travels as pounds with at most two decimals and is stored as integer piasters.
 * @example toPiasters(12.5) // 1250
 */
export function toPiasters(pounds: number): number {
  return Math.round(pounds * 100);
}

/** @example fromPiasters(1250) // 12.5 */
export function fromPiasters(piasters: number): number {
  return Math.round(piasters) / 100;
}
