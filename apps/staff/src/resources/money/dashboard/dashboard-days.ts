import { LOCALE } from '@dars/ui/format';

// Days as the dashboard's server counts them (ADR 030): Cairo days written YYYY-MM-DD. A day
// string names a calendar day, not an instant, so it is read and written in UTC here: the
// calendar arithmetic never crosses a clock change.

const DAY_MS = 86_400_000;

/** Today in Cairo. @example cairoToday(new Date('2026-11-25T22:30:00Z')) // '2026-11-26' */
export function cairoToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Cairo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The day `n` days before `day` (after, for a negative n). @example daysBefore('2026-03-01', 1) // '2026-02-28' */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * DAY_MS).toISOString().slice(0, 10);
}

/** How many days a period has, both ends included. @example periodLength('2026-03-01', '2026-03-03') // 3 */
export function periodLength(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The first and last day of the month of `day`, `back` months earlier. */
export function monthOf(day: string, back = 0): { from: string; to: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - back, 1));
  const last = new Date(Date.UTC(y, m - back, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

const dayMonth = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const monthName = new Intl.DateTimeFormat(LOCALE, { month: 'long', timeZone: 'UTC' });

/**
 * A day for a chart's axis: its number and Arabic month name, Western digits.
 * @example dayLabel('2026-03-05') // '5 مارس'
 */
export function dayLabel(day: string): string {
  return dayMonth.format(new Date(`${day}T00:00:00Z`));
}

/** The twelve Arabic month names, January first. @example MONTH_NAMES[2] // 'مارس' */
export const MONTH_NAMES: readonly string[] = Array.from({ length: 12 }, (_, i) =>
  monthName.format(new Date(Date.UTC(2026, i, 1))),
);

/** Days in a month (1–12) of a year. @example daysInMonth(2028, 2) // 29 */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** How a figure moved from the period before: up or down by a percent, or no change. */
export interface Change {
  direction: 'up' | 'down' | 'same';
  /** Whole percent of the previous figure; null when the previous was 0 (no base to divide by). */
  percent: number | null;
}

/**
 * The change from `previous` to `current`, in whole percent of `previous`.
 * @example compare(120, 100) // { direction: 'up', percent: 20 }
 * @example compare(5, 0) // { direction: 'up', percent: null }
 */
export function compare(current: number, previous: number): Change {
  if (current === previous) return { direction: 'same', percent: 0 };
  const direction = current > previous ? 'up' : 'down';
  if (previous === 0) return { direction, percent: null };
  return { direction, percent: Math.round((Math.abs(current - previous) / previous) * 100) };
}
