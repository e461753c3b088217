import { LOCALE, formatNumber } from '@dars/ui/format';
import { ar } from '../i18n/ar';

/** Numbers and money are written as in the staff console (packages/ui). */
export { formatMoney, formatNumber } from '@dars/ui/format';

/**
 * The forms of an Arabic noun after a count (spec §9: 1, 2, 3 to 10, and above).
 * `one` and `two` stand alone (Arabic drops the number there); `few` and `many` follow the
 * number. `zero` is optional: without it 0 reads as `0 <many>`.
 */
export interface PluralForms {
  readonly zero?: string;
  readonly one: string;
  readonly two: string;
  readonly few: string;
  readonly many: string;
}

/**
 * A count with the Arabic plural form that fits it. The spec's simple rule is followed:
 * 1, 2, 3–10, and everything above 10 (fractions and negatives use their absolute value;
 * a fraction takes the `many` form).
 * @example pluralize(2, { one: 'دورة', two: 'دورتان', few: 'دورات', many: 'دورة' }) // 'دورتان'
 * @example pluralize(7, { one: 'دورة', two: 'دورتان', few: 'دورات', many: 'دورة' }) // '7 دورات'
 * @example pluralize(25, { one: 'دورة', two: 'دورتان', few: 'دورات', many: 'دورة' }) // '25 دورة'
 */
export function pluralize(count: number, forms: PluralForms): string {
  const n = Math.abs(count);
  if (n === 0 && forms.zero !== undefined) return forms.zero;
  if (n === 1) return forms.one;
  if (n === 2) return forms.two;
  const word = Number.isInteger(n) && n >= 3 && n <= 10 ? forms.few : forms.many;
  return `${formatNumber(count)} ${word}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** spec §9: a month counts as 30 days. */
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

const UNITS = [
  [YEAR, ar.plurals.year],
  [MONTH, ar.plurals.month],
  [DAY, ar.plurals.day],
  [HOUR, ar.plurals.hour],
  [MINUTE, ar.plurals.minute],
] as const;

/**
 * How long ago (or how far ahead) a moment is, in Arabic, in the largest whole unit of
 * year, month (30 days), day, hour and minute; 'الآن' below a minute.
 * @example formatRelativeTime('2024-01-01T10:00:00Z', Date.parse('2024-01-01T10:05:30Z')) // 'منذ 5 دقائق'
 * @example formatRelativeTime(Date.now() - 2 * 86_400_000) // 'منذ يومين'
 */
export function formatRelativeTime(
  moment: Date | string | number,
  now: Date | number = Date.now(),
): string {
  const then =
    moment instanceof Date
      ? moment.getTime()
      : typeof moment === 'string'
        ? Date.parse(moment)
        : moment;
  const diff = (now instanceof Date ? now.getTime() : now) - then;
  if (Number.isNaN(diff)) return '';
  const distance = Math.abs(diff);
  for (const [size, forms] of UNITS) {
    const count = Math.floor(distance / size);
    if (count >= 1) {
      const time = pluralize(count, forms);
      return (diff >= 0 ? ar.format.ago : ar.format.later).replace('{time}', time);
    }
  }
  return ar.format.now;
}

const fileSizeFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
const FILE_SIZE_UNITS = [
  ar.format.bytes,
  ar.format.kilobytes,
  ar.format.megabytes,
  ar.format.gigabytes,
] as const;

/**
 * A file size in the largest unit it reaches (1024 steps), with at most one decimal and the
 * Arabic unit name.
 * @example formatFileSize(1536) // '1.5 كيلوبايت'
 * @example formatFileSize(734) // '734 بايت'
 */
export function formatFileSize(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${fileSizeFormat.format(value)} ${FILE_SIZE_UNITS[unit]}`;
}
