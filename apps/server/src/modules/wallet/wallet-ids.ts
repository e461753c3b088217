import { randomInt } from 'node:crypto';

const DIGITS = '0123456789';

function randomDigits(n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += DIGITS[randomInt(10)];
  return out;
}

/**
 * A wallet address students share to receive transfers: 'DW' and ten digits.
 * Uniqueness is enforced by the database; callers retry on a clash.
 * @example newWalletAddress() // 'DW4821937465'
 */
export function newWalletAddress(): string {
  return `DW${randomDigits(10)}`;
}

/**
 * A ledger serial: the date and random digits, readable over the phone.
 * @example newSerial(new Date('2026-11-22')) // 'TX261122-58203917'
 */
export function newSerial(now: Date = new Date()): string {
  const d = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `TX${d}-${randomDigits(8)}`;
}
