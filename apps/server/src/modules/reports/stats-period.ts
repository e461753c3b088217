import { fieldError } from '../../lib/app-error';
import { STAFF_MONEY_MESSAGES } from '@dars/contract';

// The dashboard's periods (ADR 030, 033): Cairo days (Africa/Cairo), not UTC: a payment at
// 01:00 Cairo time belongs to that day. Times are stored as UTC ISO strings, so a day is the
// half-open range of instants from its Cairo midnight to the next.

const CAIRO = 'Africa/Cairo';
const DAY_MS = 86_400_000;
/** The longest period one call covers: a year and a day (a leap year's 366 days). */
export const STATS_MAX_DAYS = 366;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CAIRO,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CAIRO,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The Cairo day of a stored time. @example cairoDay('2026-11-25T22:30:00.000Z') // '2026-11-26' */
export function cairoDay(iso: string | Date): string {
  return dayFormat.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** How far Cairo's clock is ahead of UTC at an instant, in ms (2 or 3 hours). */
function cairoOffset(ms: number): number {
  const parts = Object.fromEntries(
    wallFormat.formatToParts(new Date(ms)).map((p) => [p.type, Number(p.value)]),
  );
  const wall = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The UTC instant at which a Cairo day starts. @example cairoMidnight('2026-11-26') // '2026-11-25T22:00:00.000Z' */
export function cairoMidnight(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const first = utc - cairoOffset(utc);
  return new Date(utc - cairoOffset(first)).toISOString();
}

/** The day `n` days after `day` (before, for a negative n). @example addDay('2026-03-01', -1) // '2026-02-28' */
export function addDay(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * Every day of the period, each with `zero()`, to be filled in.
 * @example byDay('2026-03-01', 3, () => 0).size // 3
 */
export function byDay<T>(from: string, count: number, zero: () => T): Map<string, T> {
  const days = new Map<string, T>();
  for (let i = 0; i < count; i++) days.set(addDay(from, i), zero());
  return days;
}

/** A period of Cairo days, both ends included, as the half-open range of instants it covers. */
export interface Period {
  from: string;
  to: string;
  days: number;
  /** The UTC instant of `from`'s Cairo midnight. */
  start: string;
  /** The UTC instant of the Cairo midnight after `to`. */
  end: string;
}

function period(from: string, to: string, days: number): Period {
  return { from, to, days, start: cairoMidnight(from), end: cairoMidnight(addDay(to, 1)) };
}

/**
 * The period asked for (the last 30 days by default; at most STATS_MAX_DAYS) and the one it is
 * compared with: as many days, ending the day before it starts.
 * @example periodsOf({ from: '2026-03-01', to: '2026-03-03' }, new Date()).previous.from // '2026-02-26'
 */
export function periodsOf(
  query: { from?: string; to?: string },
  now: Date,
): { current: Period; previous: Period } {
  const to = query.to ?? cairoDay(now);
  const from = query.from ?? addDay(to, -29);
  const days = daysBetween(from, to);
  if (Number.isNaN(days) || days < 1 || days > STATS_MAX_DAYS)
    throw fieldError('from', STAFF_MONEY_MESSAGES.period);
  return {
    current: period(from, to, days),
    previous: period(addDay(from, -days), addDay(from, -1), days),
  };
}
