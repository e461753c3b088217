import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A keyed hash in lowercase hex, as the providers write theirs.
 * @example hmacHex('sha512', secret, concatenated) // 'fa8ac0b7…'
 */
export function hmacHex(algorithm: 'sha256' | 'sha512', key: string, text: string): string {
  return createHmac(algorithm, key).update(text, 'utf8').digest('hex');
}

/** @example sha256Hex('abc') // 'ba7816bf…' */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Whether a signature a provider sent equals the one we computed, in constant time and without
 * regard to the case of its hex digits. A missing one never matches.
 * @example sameSignature(query.hmac, hmacHex('sha512', key, text))
 */
export function sameSignature(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given.toLowerCase()), Buffer.from(expected));
}
