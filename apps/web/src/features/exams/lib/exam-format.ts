import { formatNumber } from '../../../lib/format';
import { t, tPlural } from '../../../i18n/t';

/**
 * An exam's duration as the entry shows it: 'N minutes', or 'open' without a time limit.
 * @example examDuration(45) // '45 دقيقة'
 * @example examDuration(null) // 'مفتوح'
 */
export function examDuration(minutes: number | null): string {
  return minutes === null ? t('exams.open') : tPlural('minute', minutes);
}

/**
 * The time a session took, in its two largest units.
 * @example timeTaken(754) // '12 دقيقة و34 ثانية'
 * @example timeTaken(40) // '40 ثانية'
 */
export function timeTaken(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const parts = [
    [Math.floor(s / 3600), 'hour'],
    [Math.floor((s % 3600) / 60), 'minute'],
    [s % 60, 'second'],
  ] as const;
  const shown = parts.filter(([n]) => n > 0).slice(0, 2);
  if (shown.length === 0) return tPlural('second', 0);
  const [first, second] = shown.map(([n, unit]) => tPlural(unit, n));
  return second ? t('examResult.timeParts', { first: first!, second }) : first!;
}

/**
 * A mark with at most two decimals.
 * @example formatMark(7.5) // '7.5'
 */
export function formatMark(mark: number): string {
  return formatNumber(mark);
}

const dateFormat = new Intl.DateTimeFormat('ar-EG-u-nu-latn', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/**
 * When a session started, as a date and time in the reader's zone.
 * @example examDate('2026-11-23T09:00:00.000Z') // '23 نوفمبر 2026، 11:00 ص'
 */
export function examDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateFormat.format(time);
}
