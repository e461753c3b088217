import {
  PAID_SALE_METHODS,
  SALE_METHODS,
  fromPiasters,
  type SaleMethod,
  type StaffStats,
} from '@dars/contract';
import type { NotNull } from 'kysely';
import { inScope, type TeacherScope } from '../../db/teacher-scope';
import { splitEvenly } from '../../lib/split-evenly';
import type { Db } from '../../db/audited-change';

// The dashboard's sales (ADR 033): one sale is one lecture got (a `lecture_purchases` row) or
// one whole course got (an `enrollments` row whose pay_by is not 'join': joining a course sold
// by lectures is not a sale, its lectures are). Each says how it was paid and what it took
// (`price_paid`, piasters). A grant's cash is on its rows (pay_by 'cash'), so it is a sale and
// money in at once; nothing else here is money in (wallet purchases spend recharges, and a pay
// card counts as money in when used, ADR 030). A refunded sale is still counted in its own
// period, from the refund's copy of it (ADR 050); refunds are figures of their own.

/** One sale as the dashboard counts it. */
export interface SaleRow {
  at: string;
  method: SaleMethod;
  /** piasters */
  amount: number;
  courseId: number;
  courseName: string;
}

const PAID: ReadonlySet<SaleMethod> = new Set(PAID_SALE_METHODS);

/**
 * Every lecture sale made, a refunded one too: a refund removed its row and keeps a copy of it
 * (ADR 050), read here in the row's own columns, so a sale counts where it was made.
 * @example db.selectFrom(lectureSales(db).as('p'))
 */
export function lectureSales(db: Db) {
  return db
    .selectFrom('lecture_purchases')
    .select(['user_id', 'lecture_id', 'pay_by', 'price_paid', 'created_at'])
    .unionAll(
      db
        .selectFrom('refunds')
        .select([
          'user_id',
          'lecture_id',
          'sale_pay_by as pay_by',
          'sale_amount as price_paid',
          'sale_at as created_at',
        ])
        .where('lecture_id', 'is not', null)
        .$narrowType<{ lecture_id: NotNull }>(),
    );
}

/** The same of courses joined (a whole course's sale, or joining to buy its lectures). */
export function courseSales(db: Db) {
  return db
    .selectFrom('enrollments')
    .select(['user_id', 'course_id', 'pay_by', 'price_paid', 'created_at'])
    .unionAll(
      db
        .selectFrom('refunds')
        .select([
          'user_id',
          'course_id',
          'sale_pay_by as pay_by',
          'sale_amount as price_paid',
          'sale_at as created_at',
        ])
        .where('lecture_id', 'is', null),
    );
}

/**
 * The sales made in [start, end), lectures and whole courses alike, with their course.
 * @example const rows = await saleRows(db, { start: p.start, end: p.end })
 */
export async function saleRows(
  db: Db,
  range: { start: string; end: string },
  /** A teacher's (ADR 048): their courses' sales only. */
  scope: TeacherScope = null,
): Promise<SaleRow[]> {
  // Lectures and whole courses as one list of sales, then filtered once (both databases push
  // the conditions into each half, onto its created_at index).
  let all = db
    .selectFrom((eb) =>
      eb
        .selectFrom('lecture_purchases as p')
        .innerJoin('lectures as l', 'l.id', 'p.lecture_id')
        .select(['p.created_at', 'p.pay_by', 'p.price_paid', 'l.course_id'])
        .unionAll(
          eb.selectFrom('enrollments').select(['created_at', 'pay_by', 'price_paid', 'course_id']),
        )
        // A sale refunded later stays a sale of its own period (ADR 050).
        .unionAll(
          eb
            .selectFrom('refunds')
            .select([
              'sale_at as created_at',
              'sale_pay_by as pay_by',
              'sale_amount as price_paid',
              'course_id',
            ]),
        )
        .as('s'),
    )
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select([
      's.created_at as at',
      's.pay_by as method',
      's.price_paid as amount',
      'c.id as courseId',
      'c.name as courseName',
    ])
    .where('s.pay_by', 'in', SALE_METHODS)
    .where('s.created_at', '>=', range.start)
    .where('s.created_at', '<', range.end);
  if (scope !== null) all = all.where(inScope('course', scope, 'c.id'));
  const rows = await all.execute();
  return rows.map((r) => ({
    ...r,
    method: r.method as SaleMethod,
    amount: Number(r.amount),
  }));
}

/** Of rows loaded for both periods, those of the period starting at `start` and before it. */
export function splitAt<T extends { at: string }>(rows: T[], start: string) {
  return { current: rows.filter((r) => r.at >= start), previous: rows.filter((r) => r.at < start) };
}

/**
 * How many sales, by method (every method, in SALE_METHODS' order).
 * @example saleCounts(rows, p.start).by_method[0] // { method: 'wallet', count: 2 }
 */
export function saleCounts(rows: SaleRow[], start: string): StaffStats['sales'] {
  const { current, previous } = splitAt(rows, start);
  return {
    total: current.length,
    previous_total: previous.length,
    by_method: SALE_METHODS.map((method) => ({
      method,
      count: current.filter((r) => r.method === method).length,
    })),
  };
}

const sum = (rows: { amount: number }[]) => rows.reduce((total, r) => total + r.amount, 0);

type Money = NonNullable<StaffStats['revenue']>;

/** What the sales took, by method, in pounds. */
export function saleAmounts(rows: SaleRow[], start: string): Money['sales'] {
  const { current, previous } = splitAt(rows, start);
  return {
    total: fromPiasters(sum(current)),
    previous_total: fromPiasters(sum(previous)),
    by_method: SALE_METHODS.map((method) => ({
      method,
      amount: fromPiasters(sum(current.filter((r) => r.method === method))),
    })),
  };
}

/**
 * The period's paid sales by course and by teacher. A course's amount is shared among its
 * teachers with splitEvenly (in their order on the course), so no piaster counts twice; its
 * sales count under each of them.
 */
export async function paidSalesByCourse(
  db: Db,
  rows: SaleRow[],
): Promise<Pick<Money, 'by_course' | 'by_teacher'>> {
  const courses = new Map<number, { name: string; amount: number; count: number }>();
  for (const r of rows) {
    if (!PAID.has(r.method)) continue;
    const c = courses.get(r.courseId) ?? { name: r.courseName, amount: 0, count: 0 };
    c.amount += r.amount;
    c.count += 1;
    courses.set(r.courseId, c);
  }
  const ids = [...courses.keys()];
  const links =
    ids.length === 0
      ? []
      : await db
          .selectFrom('course_teachers as ct')
          .innerJoin('teachers as t', 't.id', 'ct.teacher_id')
          .select(['ct.course_id', 't.id', 't.name'])
          .where('ct.course_id', 'in', ids)
          .orderBy('ct.course_id')
          .orderBy('ct.position')
          .orderBy('t.id')
          .execute();
  const teachers = new Map<number | null, { name: string; amount: number; count: number }>();
  const add = (id: number | null, name: string, amount: number, count: number) => {
    const t = teachers.get(id) ?? { name, amount: 0, count: 0 };
    t.amount += amount;
    t.count += count;
    teachers.set(id, t);
  };
  for (const [courseId, c] of courses) {
    const own = links.filter((l) => l.course_id === courseId);
    if (own.length === 0) add(null, '', c.amount, c.count);
    const shares = splitEvenly(c.amount, own.length);
    own.forEach((t, i) => add(t.id, t.name, shares[i]!, c.count));
  }
  const largestFirst = <K>(a: [K, { amount: number }], b: [K, { amount: number }]) =>
    b[1].amount - a[1].amount;
  return {
    by_course: [...courses]
      .sort((a, b) => largestFirst(a, b) || a[0] - b[0])
      .map(([id, c]) => ({
        course: { id, name: c.name },
        amount: fromPiasters(c.amount),
        count: c.count,
      })),
    by_teacher: [...teachers]
      .sort((a, b) => largestFirst(a, b) || (a[0] ?? Infinity) - (b[0] ?? Infinity))
      .map(([id, t]) => ({
        teacher: id === null ? null : { id, name: t.name },
        amount: fromPiasters(t.amount),
        count: t.count,
      })),
  };
}
