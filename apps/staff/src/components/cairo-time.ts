import { LOCALE } from '@dars/ui/format';

/**
 * A moment as the school's clock shows it (Cairo): what the console's date inputs edit, so
 * a time typed is the time every formatter shows back (`formatDateTime` is Cairo's too), on
 * any device.
 */
export interface CairoParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const ZONE = 'Africa/Cairo';
const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/**
 * The Cairo wall-clock parts of an instant; null for a value that is not a date.
 * @example cairoParts('2026-01-31T22:30:00Z') // { year: 2026, month: 2, day: 1, hour: 0, minute: 30 }
 */
export function cairoParts(moment: string | number | Date): CairoParts | null {
  const date = new Date(moment);
  if (Number.isNaN(date.getTime())) return null;
  const part = (type: string) =>
    Number(partsFormat.formatToParts(date).find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/**
 * The instant (ISO, UTC) at which Cairo's clock shows the parts. Cairo's offset is read for
 * that moment (summer time included), twice, so a time near a change lands right.
 * @example cairoInstant({ year: 2026, month: 2, day: 1, hour: 0, minute: 30 }) // '2026-01-31T22:30:00.000Z'
 */
export function cairoInstant(p: CairoParts): string {
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
  let guess = wall;
  for (let i = 0; i < 2; i++) {
    const seen = cairoParts(guess)!;
    const shown = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
    guess += wall - shown;
  }
  return new Date(guess).toISOString();
}

/**
 * The last moment of the Cairo day an instant falls on (a day is 23 or 25 hours when the clock
 * changes): what a list's `to` filter sends for a picked day.
 * @example cairoDayEnd('2026-11-25T22:00:00.000Z') // '2026-11-26T21:59:59.999Z'
 */
export function cairoDayEnd(moment: string): string {
  const p = cairoParts(moment)!;
  const next = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  const start = cairoInstant({
    year: next.getUTCFullYear(),
    month: next.getUTCMonth() + 1,
    day: next.getUTCDate(),
    hour: 0,
    minute: 0,
  });
  return new Date(Date.parse(start) - 1).toISOString();
}

/** Days in a month of a year (February of a leap year has 29). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const monthFormat = new Intl.DateTimeFormat(LOCALE, { month: 'long', timeZone: 'UTC' });

/**
 * The twelve month names as the console writes dates (`formatDate`'s): يناير … ديسمبر.
 * @example MONTH_NAMES[1] // 'فبراير'
 */
export const MONTH_NAMES: readonly string[] = Array.from({ length: 12 }, (_, i) =>
  monthFormat.format(new Date(Date.UTC(2026, i, 1))),
);

/**
 * This month in Cairo, `2026-11`: a teacher's statement opens on it (ADR 048).
 * @example cairoMonthNow(new Date('2026-10-31T22:30:00Z')) // '2026-11'
 */
export function cairoMonthNow(now = new Date()): string {
  const parts = cairoParts(now.toISOString())!;
  return `${parts.year}-${String(parts.month).padStart(2, '0')}`;
}
