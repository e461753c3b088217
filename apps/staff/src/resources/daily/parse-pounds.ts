import { AMOUNT_MAX, fromPiasters, parsePiasters, toPiasters } from '@dars/contract';

const MAX_PIASTERS = toPiasters(AMOUNT_MAX);

/**
 * An amount of pounds typed by staff, read by the contract's parsePiasters (money.ts): Western
 * or Arabic-Indic digits, `.` or the Arabic decimal separator «٫», at most two decimals, above
 * zero and at most `AMOUNT_MAX`; null for anything else (the server checks the same again).
 * @example parsePounds('٨٧٫٣٥') // 87.35
 * @example parsePounds('12.345') // null
 */
export function parsePounds(text: string): number | null {
  const piasters = parsePiasters(text);
  return piasters !== null && piasters > 0 && piasters <= MAX_PIASTERS
    ? fromPiasters(piasters)
    : null;
}
