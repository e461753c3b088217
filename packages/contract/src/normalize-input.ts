/**
 * Input typed on Arabic keyboards often uses Arabic-Indic (٠-٩) or Persian (۰-۹) digits;
 * codes and phone numbers are compared as Latin digits, so both sides normalise first.
 * @example toLatinDigits('٠١٠١٢٣٤٥٦٧٨') // '01012345678'
 */
export function toLatinDigits(text: string): string {
  // Both blocks start at a code point ending in 0 (U+0660, U+06F0), so the low nibble is the digit.
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) & 0xf));
}

/**
 * Normalises a typed code (pay card, exam, verification): Latin digits, no whitespace at all,
 * because cards are printed in groups and people copy them with the spaces.
 * @example normalizeCode(' 1234 5678\t9 ') // '123456789'
 */
export function normalizeCode(text: string): string {
  return toLatinDigits(text).replace(/\s+/g, '');
}

/**
 * Normalises a typed wallet address the one way both the transfer and its recipient lookup
 * compare it: Latin digits, no whitespace, upper case (addresses are read off a phone or a QR
 * code and copied with the spaces).
 * @example normalizeWalletAddress('dw ٤٨٢١ 937465') // 'DW4821937465'
 */
export function normalizeWalletAddress(text: string): string {
  return normalizeCode(text).toUpperCase();
}
