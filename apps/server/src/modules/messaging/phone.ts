import { toLatinDigits } from '@dars/contract';

// Egyptian mobile numbers as providers take them (docs/messaging-providers.md: numbering).
// Mobile numbers are 11 digits at home (01X XXXX XXXX) and +20 then 10 digits in E.164; we
// accept what people type (spaces, dashes, Arabic-Indic digits, +20, 0020, 20 or the leading 0).

const MOBILE = /^(?:\+20|0020|20|0)?(1[0125]\d{8})$/;

/**
 * An Egyptian mobile number in E.164, or null when it is not one.
 * @example e164('٠١٠ ١٢٣٤-٥٦٧٨') // '+201012345678'
 */
export function e164(phone: string): string | null {
  const compact = toLatinDigits(phone).replace(/[\s\-().]/g, '');
  const match = MOBILE.exec(compact);
  return match ? `+20${match[1]}` : null;
}

/**
 * A number as staff read it: the local form, 01X XXXX XXXX.
 * @example localForm('+201012345678') // '01012345678'
 */
export function localForm(phone: string): string {
  return phone.startsWith('+20') ? `0${phone.slice(3)}` : phone;
}
