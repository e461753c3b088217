/**
 * Whether a value is a plain JSON object (not null, not an array): the first test of a shape
 * checked without zod (ADR 041), in the client, the apps' answers and a player's message.
 * @example isRecord({ message: 'خطأ' }) // true; isRecord([1]) // false
 */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
