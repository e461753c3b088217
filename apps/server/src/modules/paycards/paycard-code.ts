import { randomInt } from 'node:crypto';
import { sha256 } from '../../lib/tokens';

// No 0/O or 1/I: codes are read off printed cards.
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const PAYCARD_CODE_LENGTH = 16;

/**
 * How a typed code is compared: spaces (spec §5) and dashes dropped, upper case.
 * @example normalizePaycardCode(' k7pm-4qxr 9twd 2hna ') // 'K7PM4QXR9TWD2HNA'
 */
export function normalizePaycardCode(code: string): string {
  // Stryker disable next-line Regex: with /g, dropping a run of blanks or dropping each blank is the same
  return code.replace(/[\s-]+/g, '').toUpperCase();
}

/** The stored form of a code; 16 characters of 32 give 80 bits, so sha256 suffices. */
export function hashPaycardCode(code: string): string {
  return sha256(normalizePaycardCode(code));
}

/**
 * A new random code, grouped by four for printing.
 * @example newPaycardCode() // 'K7PM 4QXR 9TWD 2HNA'
 */
export function newPaycardCode(): string {
  let code = '';
  for (let i = 0; i < PAYCARD_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code.replace(/(.{4})(?=.)/g, '$1 ');
}
