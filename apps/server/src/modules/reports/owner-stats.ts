import { sql } from 'kysely';
import { fromPiasters, type RevenueMethod, type StaffStats } from '@dars/contract';
import { countsSql } from '../exams/exam-attempts';
import { inScope, type TeacherScope } from '../../db/teacher-scope';
import { isAdmin, type Actor, type Db } from '../../db/audited-change';
import { countOf } from '../../db/list-page';
import { byDay, cairoDay, periodsOf, type Period } from './stats-period';
import {
  courseSales,
  paidSalesByCourse,
  saleAmounts,
  saleCounts,
  saleRows,
  splitAt,
  type SaleRow,
} from './stats-sales';

// The dashboard's figures (issue 13, ADR 030; issue 23, ADR 033): one call for a period of
// Cairo days, each figure beside the same figure for the period just before it.

interface Periods {
  current: Period;
  previous: Period;
}

/** Both periods as one range of instants: rows are read once and split at current.start. */
const rangeOf = (ps: Periods) => ({ start: ps.previous.start, end: ps.current.end });

/** Counts times of both periods: the current one by Cairo day, the previous as a total. */
function countByDay(times: string[], ps: Periods) {
  const { current, previous } = splitAt(
    times.map((at) => ({ at })),
    ps.current.start,
  );
  const days = byDay(ps.current.from, ps.current.days, () => 0);
  for (const { at } of current) {
    const day = cairoDay(at);
    days.set(day, (days.get(day) ?? 0) + 1);
  }
  return {
    total: current.length,
    previous_total: previous.length,
    by_day: [...days].map(([day, count]) => ({ day, count })),
  };
}

/**
 * Every course join, with its student: a whole course refunded later was still joined then
 * (ADR 050), so its refund keeps the day; of the teacher's courses only for a teacher.
 */
function joins(db: Db, scope: TeacherScope) {
  const all = db.selectFrom(courseSales(db).as('e')).select(['e.user_id', 'e.created_at']);
  return scope === null ? all : all.where(inScope('course', scope, 'e.course_id'));
}

/**
 * New students, course enrolments, sales, money (admins only), recharges waiting for review
 * (now) and exams, for a period and the one before it. A leader gets `revenue: null`: money is
 * the admin's (ADR 030). What each figure counts, so that nothing counts twice: ADR 033.
 *
 * A teacher (`scope`, ADR 048) gets the same figures of their own courses: their new students
 * are those who joined one of their courses for the first time, the joins, sales and exams are
 * their courses', and no money or recharges (their money is their statement).
 */
export async function staffStats(
  db: Db,
  actor: Actor,
  query: { from?: string; to?: string },
  now: Date = new Date(),
  scope: TeacherScope = null,
): Promise<StaffStats> {
  const ps = periodsOf(query, now);
  const range = rangeOf(ps);
  const [students, enrolments, sales, pending, exams, previousExams] = await Promise.all([
    scope === null
      ? db
          .selectFrom('users')
          .select('created_at')
          .where('group_id', 'is', null)
          .where('created_at', '>=', range.start)
          .where('created_at', '<', range.end)
          .execute()
      : db
          .selectFrom(joins(db, scope).as('j'))
          .select((eb) => eb.fn.min('j.created_at').as('created_at'))
          .groupBy('j.user_id')
          .having((eb) => eb.fn.min('j.created_at'), '>=', range.start)
          .having((eb) => eb.fn.min('j.created_at'), '<', range.end)
          .execute(),
    db
      .selectFrom(joins(db, scope).as('j'))
      .select('j.created_at')
      .where('j.created_at', '>=', range.start)
      .where('j.created_at', '<', range.end)
      .execute(),
    saleRows(db, range, scope),
    scope === null
      ? db
          .selectFrom('mobile_payments')
          .select((eb) => [
            eb.fn.countAll<number>().as('n'),
            eb.fn.sum<number>('amount').as('amount'),
          ])
          .where('status', '=', 'pending')
          .executeTakeFirst()
      : null,
    examFigures(db, ps.current, scope),
    examFigures(db, ps.previous, scope),
  ]);

  return {
    from: ps.current.from,
    to: ps.current.to,
    previous: { from: ps.previous.from, to: ps.previous.to },
    new_students: countByDay(
      students.map((s) => String(s.created_at)),
      ps,
    ),
    enrolments: countByDay(
      enrolments.map((e) => e.created_at),
      ps,
    ),
    sales: saleCounts(sales, ps.current.start),
    revenue: isAdmin(actor) && scope === null ? await revenue(db, ps, sales) : null,
    recharges_pending:
      pending === null
        ? null
        : { count: countOf(pending), amount: fromPiasters(Number(pending?.amount ?? 0)) },
    exams: {
      ...exams,
      previous_taken: previousExams.taken,
      previous_average_score: previousExams.average_score,
    },
  };
}

/**
 * Exams finished in the period: how many, and the students' average score over those fully
 * marked. A session's score is its `correction_mark` (the student's marks) over its
 * `total_mark` (the exam's full marks, fixed when it started), in percent; the average weighs
 * every session alike. A session whose essay still waits for a teacher (`corrected = 0`) has a
 * partial mark, so it is left out of the average and counted as awaiting marking instead; an
 * exam of no marks (`total_mark = 0`) has no score. Of an exam with several attempts (ADR 047)
 * only the attempt that counts enters the average (every finished one when their mean counts);
 * every attempt is an exam taken.
 */
async function examFigures(db: Db, p: Period, scope: TeacherScope) {
  const counts = countsSql('exam_sessions', 'exams');
  const sessions =
    scope === null
      ? db.selectFrom('exam_sessions')
      : db.selectFrom('exam_sessions').where(inScope('exam', scope, 'exam_sessions.exam_id'));
  const row = await sessions
    .innerJoin('exams', 'exams.id', 'exam_sessions.exam_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sql<number | string>`sum(case when corrected = 0 then 1 else 0 end)`.as('awaiting'),
      sql<number | string>`sum(case when corrected = 1 and total_mark > 0 then 1 else 0 end)`.as(
        'marked',
      ),
      sql<
        number | string | null
      >`avg(case when corrected = 1 and total_mark > 0 and ${counts} then coalesce(correction_mark, 0) * 100.0 / total_mark end)`.as(
        'average',
      ),
    ])
    .where('finished_at', 'is not', null)
    .where('finished_at', '>=', p.start)
    .where('finished_at', '<', p.end)
    .executeTakeFirst();
  const average = row?.average === null || row?.average === undefined ? null : Number(row.average);
  return {
    taken: countOf(row),
    marked: Number(row?.marked ?? 0),
    awaiting_marking: Number(row?.awaiting ?? 0),
    average_score: average === null ? null : Math.round(average * 10) / 10,
  };
}

/**
 * Money that came into the school: paid gateway orders (at `paid_at`), approved mobile-wallet
 * recharges (at the review), pay cards used (at `used_at`, for a recharge or a purchase alike:
 * a card is sold for its value) and cash paid at the centre (the sales paid 'cash', at the
 * grant). Wallet purchases are not counted again: their money came in as a recharge. Then what
 * the sales took, and the paid sales by course and teacher.
 */
async function revenue(
  db: Db,
  ps: Periods,
  sales: SaleRow[],
): Promise<NonNullable<StaffStats['revenue']>> {
  const range = rangeOf(ps);
  const [orders, mobile, cards, refunds] = await Promise.all([
    db
      .selectFrom('payment_orders')
      .select(['paid_at as at', 'amount', 'method'])
      .where('status', '=', 'paid')
      .where('paid_at', '>=', range.start)
      .where('paid_at', '<', range.end)
      .execute(),
    db
      .selectFrom('mobile_payments')
      .select(['reviewed_at as at', 'amount'])
      .where('status', '=', 'approved')
      .where('reviewed_at', '>=', range.start)
      .where('reviewed_at', '<', range.end)
      .execute(),
    db
      .selectFrom('paycards')
      .select(['used_at as at', 'value as amount'])
      .where('used_by', 'is not', null)
      .where('used_at', '>=', range.start)
      .where('used_at', '<', range.end)
      .execute(),
    db
      .selectFrom('refunds')
      .select(['created_at as at', 'amount', 'refund_to'])
      .where('created_at', '>=', range.start)
      .where('created_at', '<', range.end)
      .execute(),
  ]);
  const rows: { at: string; amount: number; method: RevenueMethod }[] = [
    ...orders.map((o) => ({ at: o.at!, amount: o.amount, method: o.method as RevenueMethod })),
    ...mobile.map((m) => ({ at: m.at!, amount: m.amount, method: 'mobile_wallets' as const })),
    ...cards.map((c) => ({ at: c.at!, amount: c.amount, method: 'recharge_card' as const })),
    ...sales
      .filter((s) => s.method === 'cash')
      .map((s) => ({ at: s.at, amount: s.amount, method: 'cash' as const })),
  ];
  const { current, previous } = splitAt(rows, ps.current.start);
  const days = byDay(ps.current.from, ps.current.days, () => 0);
  const methods = new Map<RevenueMethod, { amount: number; count: number }>();
  let total = 0;
  for (const row of current) {
    total += row.amount;
    const day = cairoDay(row.at);
    days.set(day, (days.get(day) ?? 0) + row.amount);
    const m = methods.get(row.method) ?? { amount: 0, count: 0 };
    m.amount += row.amount;
    m.count += 1;
    methods.set(row.method, m);
  }
  const currentSales = splitAt(sales, ps.current.start).current;
  const given = splitAt(refunds, ps.current.start);
  const sum = (list: { amount: number }[]) => list.reduce((all, r) => all + r.amount, 0);
  return {
    total: fromPiasters(total),
    previous_total: fromPiasters(previous.reduce((sum, r) => sum + r.amount, 0)),
    by_day: [...days].map(([day, amount]) => ({ day, amount: fromPiasters(amount) })),
    by_method: [...methods]
      .sort((a, b) => b[1].amount - a[1].amount)
      .map(([method, m]) => ({ method, amount: fromPiasters(m.amount), count: m.count })),
    sales: saleAmounts(sales, ps.current.start),
    refunds: {
      total: fromPiasters(sum(given.current)),
      previous_total: fromPiasters(sum(given.previous)),
      cash: fromPiasters(sum(given.current.filter((r) => r.refund_to === 'cash'))),
      count: given.current.length,
    },
    ...(await paidSalesByCourse(db, currentSales)),
  };
}
