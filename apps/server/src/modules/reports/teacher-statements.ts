import {
  codeLabel,
  PAY_BY_LABELS,
  SALE_METHODS,
  fromPiasters,
  type SaleMethod,
  type StaffTeacherStatement,
} from '@dars/contract';
import type { CsvColumn } from '../../lib/csv-export';
import { cairoDay, cairoMidnight } from './stats-period';
import { courseSales, lectureSales } from './stats-sales';
import type { Db } from '../../db/audited-change';

// A teacher's monthly statement (issue 27, ADR 048), computed from the sale rows on every read
// (no stored balance to drift): the sales of the Cairo month in the courses that list the
// teacher, as the dashboard counts sales (stats-sales.ts: a lecture got, or a whole course got
// other than by joining a course sold by lectures), grouped by course, lecture and method.
// A refund (ADR 050) leaves its sale in the sale's month and adds a line of its own, negative,
// in the month it was given back, so a statement already paid never changes.
// Each line's share is the course's percent for this teacher (course_teachers.share_percent)
// or the teacher's own, of the line's amount, rounded to the piaster. Two teachers of one
// course each take their percent of it; the school keeps the rest.

/** The Cairo month `2026-11` of an instant. */
export function cairoMonth(at: Date): string {
  return cairoDay(at).slice(0, 7);
}

/** The instants a Cairo month runs between: [its first midnight, the next month's). */
export function monthRange(month: string): { start: string; end: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return { start: cairoMidnight(`${month}-01`), end: cairoMidnight(`${next}-01`) };
}

interface Grouped {
  course_id: number;
  course_name: string;
  lecture_id: number | null;
  lecture_name: string | null;
  position: number;
  pay_by: string;
  share_percent: number | null;
  n: number | string | bigint;
  amount: number | string | bigint | null;
}

/**
 * The statement of teacher `teacherId` for `month` (default: the current Cairo month at
 * `now`); undefined when there is no such teacher.
 */
export async function teacherStatement(
  db: Db,
  teacherId: number,
  month: string | undefined,
  now: Date,
): Promise<StaffTeacherStatement | undefined> {
  const teacher = await db
    .selectFrom('teachers')
    .select(['id', 'name', 'revenue_share_percent'])
    .where('id', '=', teacherId)
    .executeTakeFirst();
  if (!teacher) return undefined;
  const which = month ?? cairoMonth(now);
  const { start, end } = monthRange(which);

  // Sales stay in the month they were made even when refunded later (ADR 050).
  const lectures: Grouped[] = await db
    .selectFrom(lectureSales(db).as('p'))
    .innerJoin('lectures as l', 'l.id', 'p.lecture_id')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .innerJoin('course_teachers as ct', (join) =>
      join.onRef('ct.course_id', '=', 'c.id').on('ct.teacher_id', '=', teacherId),
    )
    .select((eb) => [
      'c.id as course_id',
      'c.name as course_name',
      'l.id as lecture_id',
      'l.name as lecture_name',
      'l.position',
      'p.pay_by',
      'ct.share_percent',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('p.price_paid').as('amount'),
    ])
    .where('p.pay_by', 'in', SALE_METHODS)
    .where('p.created_at', '>=', start)
    .where('p.created_at', '<', end)
    .groupBy(['c.id', 'c.name', 'l.id', 'l.name', 'l.position', 'p.pay_by', 'ct.share_percent'])
    .execute();
  const courses = await db
    .selectFrom(courseSales(db).as('e'))
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .innerJoin('course_teachers as ct', (join) =>
      join.onRef('ct.course_id', '=', 'c.id').on('ct.teacher_id', '=', teacherId),
    )
    .select((eb) => [
      'c.id as course_id',
      'c.name as course_name',
      'e.pay_by',
      'ct.share_percent',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('e.price_paid').as('amount'),
    ])
    .where('e.pay_by', 'in', SALE_METHODS)
    .where('e.created_at', '>=', start)
    .where('e.created_at', '<', end)
    .groupBy(['c.id', 'c.name', 'e.pay_by', 'ct.share_percent'])
    .execute();
  // What was given back in the month, whenever it was sold: lines of their own, subtracted.
  const refunds = await db
    .selectFrom('refunds as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .leftJoin('lectures as l', 'l.id', 'r.lecture_id')
    .innerJoin('course_teachers as ct', (join) =>
      join.onRef('ct.course_id', '=', 'c.id').on('ct.teacher_id', '=', teacherId),
    )
    .select((eb) => [
      'c.id as course_id',
      'c.name as course_name',
      'l.id as lecture_id',
      'l.name as lecture_name',
      'l.position',
      'r.sale_pay_by as pay_by',
      'ct.share_percent',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('r.amount').as('amount'),
    ])
    .where('r.created_at', '>=', start)
    .where('r.created_at', '<', end)
    .groupBy([
      'c.id',
      'c.name',
      'l.id',
      'l.name',
      'l.position',
      'r.sale_pay_by',
      'ct.share_percent',
    ])
    .execute();

  const rows: (Grouped & { kind: 'sale' | 'refund' })[] = [
    ...courses.map((r) => ({
      ...r,
      lecture_id: null,
      lecture_name: null,
      position: -1,
      kind: 'sale' as const,
    })),
    ...lectures.map((r) => ({ ...r, kind: 'sale' as const })),
    ...refunds.map((r) => ({ ...r, position: r.position ?? -1, kind: 'refund' as const })),
  ];
  const method = (code: string) => SALE_METHODS.indexOf(code as SaleMethod);
  rows.sort(
    (a, b) =>
      a.course_id - b.course_id ||
      a.position - b.position ||
      (a.lecture_id ?? 0) - (b.lecture_id ?? 0) ||
      method(a.pay_by) - method(b.pay_by) ||
      (a.kind === 'sale' ? 0 : 1) - (b.kind === 'sale' ? 0 : 1),
  );
  let count = 0;
  let amount = 0;
  let share = 0;
  let refunded = 0;
  const lines = rows.map((r) => {
    // A refund's line is the sale's share taken back: the same rounding, negated.
    const sign = r.kind === 'sale' ? 1 : -1;
    const given = Number(r.amount ?? 0);
    const piasters = sign * given;
    const percent = r.share_percent ?? teacher.revenue_share_percent;
    const due = sign * Math.round((given * percent) / 100);
    if (r.kind === 'sale') count += Number(r.n);
    else refunded += given;
    amount += piasters;
    share += due;
    return {
      kind: r.kind,
      course: { id: r.course_id, name: r.course_name },
      lecture: r.lecture_id === null ? null : { id: r.lecture_id, name: r.lecture_name! },
      method: r.pay_by as SaleMethod,
      count: Number(r.n),
      amount: fromPiasters(piasters),
      share_percent: percent,
      share: fromPiasters(due),
    };
  });
  return {
    teacher: {
      id: teacher.id,
      name: teacher.name,
      revenue_share_percent: teacher.revenue_share_percent,
    },
    month: which,
    lines,
    totals: {
      count,
      amount: fromPiasters(amount),
      share: fromPiasters(share),
      refunds: fromPiasters(refunded),
    },
  };
}

type Line = StaffTeacherStatement['lines'][number];

/** The statement's CSV (ADR 034): a line a row, Arabic headers, amounts in pounds. */
export const TEACHER_STATEMENT_COLUMNS: readonly CsvColumn<Line>[] = [
  { header: 'النوع', value: (r) => (r.kind === 'sale' ? 'بيع' : 'استرداد') },
  { header: 'الدورة', value: (r) => r.course.name },
  { header: 'المحاضرة', value: (r) => r.lecture?.name ?? 'الدورة كاملة' },
  { header: 'طريقة الدفع', value: (r) => codeLabel(PAY_BY_LABELS, r.method) },
  { header: 'العدد', value: (r) => r.count },
  { header: 'المبلغ (جنيه)', value: (r) => r.amount },
  { header: 'نسبة المدرس %', value: (r) => r.share_percent },
  { header: 'نصيب المدرس (جنيه)', value: (r) => r.share },
];
