import { formatFileSize as formatSize, pluralize } from '@dars/ui/format';
import { ar } from '../i18n/ar';

/** Numbers, money and moments (in Cairo's time) are written as in the staff console (packages/ui). */
export {
  formatDateTime,
  formatMoney,
  formatNumber,
  pluralize,
  type PluralForms,
} from '@dars/ui/format';

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

/**
 * A file size in the largest unit it reaches, with the student app's unit words (packages/ui).
 * @example formatFileSize(1536) // '1.5 كيلوبايت'
 * @example formatFileSize(734) // '734 بايت'
 */
export function formatFileSize(bytes: number): string {
  return formatSize(bytes, ar.format);
}
