import { AMOUNT_MAX, toLatinDigits } from '@dars/contract';

/**
 * An amount of pounds typed by staff: Western or Arabic-Indic digits, `.` or the Arabic
 * decimal separator «٫», at most two decimals, above zero and at most `AMOUNT_MAX`; null for
 * anything else (the server checks the same again).
 * @example parsePounds('٨٧٫٣٥') // 87.35
 * @example parsePounds('12.345') // null
 */
export function parsePounds(text: string): number | null {
  const plain = toLatinDigits(text.trim()).replace('\u066B', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const value = Number(plain);
  return value > 0 && value <= AMOUNT_MAX ? value : null;
}
