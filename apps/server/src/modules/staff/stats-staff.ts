import { sql } from 'kysely';
import { fieldError } from '../../lib/app-error';
import { STAFF_MONEY_MESSAGES, type RechargeMethod, type StaffStats } from '@dars/contract';
import { countOf, pounds, type Actor, type Db } from './staff-core';

// The dashboard's figures (issue 13, ADR 030): one call for a period of Cairo days. Days are
// the school's (Africa/Cairo), not UTC: a payment at 01:00 Cairo time belongs to that day.

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

function addDay(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day of the period, each with `zero()`, then filled in. */
function byDay<T>(from: string, count: number, zero: () => T): Map<string, T> {
  const days = new Map<string, T>();
  for (let i = 0; i < count; i++) days.set(addDay(from, i), zero());
  return days;
}

/** The period asked for: the last 30 days by default; at most STATS_MAX_DAYS. */
function periodOf(query: { from?: string; to?: string }, now: Date) {
  const to = query.to ?? cairoDay(now);
  const from = query.from ?? addDay(to, -29);
  const days = daysBetween(from, to);
  if (Number.isNaN(days) || days < 1 || days > STATS_MAX_DAYS)
    throw fieldError('from', STAFF_MONEY_MESSAGES.period);
  return { from, to, days, start: cairoMidnight(from), end: cairoMidnight(addDay(to, 1)) };
}

/**
 * New students, revenue by day and by method, recharges waiting for review (now), exams taken
 * in the period and their average score. Revenue is the money that came into the school: paid
 * gateway orders (at `paid_at`), approved mobile-wallet recharges (at the review), and pay
 * cards used (at `used_at`, for a recharge or a purchase alike: a card is sold for its value).
 * Wallet purchases are not counted again: their money came in as a recharge. A leader gets
 * `revenue: null` (money is the admin's, ADR 030).
 */
export async function staffStats(
  db: Db,
  actor: Actor,
  query: { from?: string; to?: string },
  now: Date = new Date(),
): Promise<StaffStats> {
  const p = periodOf(query, now);
  const students = await db
    .selectFrom('users')
    .select('created_at')
    .where('group_id', 'is', null)
    .where('created_at', '>=', p.start)
    .where('created_at', '<', p.end)
    .execute();
  const newByDay = byDay(p.from, p.days, () => 0);
  for (const s of students) {
    const day = cairoDay(s.created_at);
    if (newByDay.has(day)) newByDay.set(day, newByDay.get(day)! + 1);
  }

  const pending = await db
    .selectFrom('mobile_payments')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('amount')])
    .where('status', '=', 'pending')
    .executeTakeFirst();

  const exams = await examFigures(db, p.start, p.end);

  return {
    from: p.from,
    to: p.to,
    new_students: {
      total: students.length,
      by_day: [...newByDay].map(([day, count]) => ({ day, count })),
    },
    revenue: actor.groupId === 1 ? await revenue(db, p) : null,
    recharges_pending: { count: countOf(pending), amount: pounds(Number(pending?.amount ?? 0)) },
    exams,
  };
}

/**
 * Exams finished in [start, end): how many, and the students' average score over those fully
 * marked. A session's score is its `correction_mark` (the student's marks) over its
 * `total_mark` (the exam's full marks, fixed when it started), in percent; the average weighs
 * every session alike. A session whose essay still waits for a teacher (`corrected = 0`) has a
 * partial mark, so it is left out of the average and counted as awaiting marking instead; an
 * exam of no marks (`total_mark = 0`) has no score.
 */
async function examFigures(db: Db, start: string, end: string): Promise<StaffStats['exams']> {
  const row = await db
    .selectFrom('exam_sessions')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sql<number | string>`sum(case when corrected = 0 then 1 else 0 end)`.as('awaiting'),
      sql<number | string>`sum(case when corrected = 1 and total_mark > 0 then 1 else 0 end)`.as(
        'marked',
      ),
      sql<
        number | string | null
      >`avg(case when corrected = 1 and total_mark > 0 then coalesce(correction_mark, 0) * 100.0 / total_mark end)`.as(
        'average',
      ),
    ])
    .where('finished_at', 'is not', null)
    .where('finished_at', '>=', start)
    .where('finished_at', '<', end)
    .executeTakeFirst();
  const average = row?.average === null || row?.average === undefined ? null : Number(row.average);
  return {
    taken: countOf(row),
    marked: Number(row?.marked ?? 0),
    awaiting_marking: Number(row?.awaiting ?? 0),
    average_score: average === null ? null : Math.round(average * 10) / 10,
  };
}

async function revenue(
  db: Db,
  p: { from: string; days: number; start: string; end: string },
): Promise<NonNullable<StaffStats['revenue']>> {
  const [orders, mobile, cards] = await Promise.all([
    db
      .selectFrom('payment_orders')
      .select(['paid_at as at', 'amount', 'method'])
      .where('status', '=', 'paid')
      .where('paid_at', '>=', p.start)
      .where('paid_at', '<', p.end)
      .execute(),
    db
      .selectFrom('mobile_payments')
      .select(['reviewed_at as at', 'amount'])
      .where('status', '=', 'approved')
      .where('reviewed_at', '>=', p.start)
      .where('reviewed_at', '<', p.end)
      .execute(),
    db
      .selectFrom('paycards')
      .select(['used_at as at', 'value as amount'])
      .where('used_by', 'is not', null)
      .where('used_at', '>=', p.start)
      .where('used_at', '<', p.end)
      .execute(),
  ]);
  const rows: { at: string; amount: number; method: RechargeMethod }[] = [
    ...orders.map((o) => ({ at: o.at!, amount: o.amount, method: o.method as RechargeMethod })),
    ...mobile.map((m) => ({ at: m.at!, amount: m.amount, method: 'mobile_wallets' as const })),
    ...cards.map((c) => ({ at: c.at!, amount: c.amount, method: 'recharge_card' as const })),
  ];
  const days = byDay(p.from, p.days, () => 0);
  const methods = new Map<RechargeMethod, { amount: number; count: number }>();
  let total = 0;
  for (const row of rows) {
    total += row.amount;
    const day = cairoDay(row.at);
    if (days.has(day)) days.set(day, days.get(day)! + row.amount);
    const m = methods.get(row.method) ?? { amount: 0, count: 0 };
    m.amount += row.amount;
    m.count += 1;
    methods.set(row.method, m);
  }
  return {
    total: pounds(total),
    by_day: [...days].map(([day, amount]) => ({ day, amount: pounds(amount) })),
    by_method: [...methods]
      .sort((a, b) => b[1].amount - a[1].amount)
      .map(([method, m]) => ({ method, amount: pounds(m.amount), count: m.count })),
  };
}
