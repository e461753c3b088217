import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A keyed hash in lowercase hex, as the providers write theirs.
 * @example hmacHex('sha512', secret, concatenated) // 'fa8ac0b7…'
 */
export function hmacHex(algorithm: 'sha256' | 'sha512', key: string, text: string): string {
  const hmac = createHmac(algorithm, key);
  // Stryker disable next-line StringLiteral: equivalent, Node reads a text with '' (no encoding) as UTF-8 too
  hmac.update(text, 'utf8');
  return hmac.digest('hex');
}

/** @example sha256Hex('abc') // 'ba7816bf…' */
export function sha256Hex(text: string): string {
  const hash = createHash('sha256');
  // Stryker disable next-line StringLiteral: equivalent, Node reads a text with '' (no encoding) as UTF-8 too
  hash.update(text, 'utf8');
  return hash.digest('hex');
}

/**
 * Whether a signature a provider sent equals the one we computed, in constant time and without
 * regard to the case of its hex digits. A missing one, or one that is not hex, never matches.
 * @example sameSignature(query.hmac, hmacHex('sha512', key, text))
 */
export function sameSignature(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  // Compared as bytes: a forged value of the right length in letters may be longer in UTF-8
  // (timingSafeEqual throws on buffers of different lengths, a 500 instead of a refusal).
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
