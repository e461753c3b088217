import { LOCALE } from '@dars/ui/format';
import { lectureContentsArabic } from '../i18n/lecture-contents-ar';

const UNITS = [
  lectureContentsArabic.size.bytes,
  lectureContentsArabic.size.kilobytes,
  lectureContentsArabic.size.megabytes,
  lectureContentsArabic.size.gigabytes,
] as const;
const sizeFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/**
 * A file size as the student app shows it (apps/web lib/format.ts): the largest unit it reaches
 * in 1024 steps, one decimal at most, Western digits, the Arabic unit.
 * @example formatFileSize(1536) // '1.5 كيلوبايت'
 */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${sizeFormat.format(value)} ${UNITS[unit]}`;
}
