import type { Kysely } from 'kysely';
import { fromPiasters, toPiasters } from '@dars/contract';
import type { DB } from '../schema';
import { COURSES } from './catalog-data';
import { insertEnrollments, insertLecturePurchases } from './enrollments';
import { insertWalletHistory } from './wallet-history';

const HOUR = 3_600_000;
const monthFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Cairo',
  year: 'numeric',
  month: '2-digit',
});
/** The Cairo month of an instant. @example cairoMonth(Date.parse('2026-10-31T22:30:00Z')) // '2026-11' */
const cairoMonth = (ms: number) => monthFormat.format(new Date(ms)).slice(0, 7);

/**
 * The instant a Cairo month starts: its first midnight, at UTC+3 or UTC+2 (Egypt moves its
 * clocks at the end of April and of October, never on the first of a month).
 * @example monthStart('2026-11') // Date.parse('2026-10-31T22:00:00Z')
 */
function monthStart(month: string): number {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const first = Date.UTC(year, m - 1, 1);
  return [3, 2].map((h) => first - h * HOUR).find((t) => cairoMonth(t) === month)!;
}

/**
 * Instants in this Cairo month and the last, as fractions of their time: this month's run from
 * its first midnight to `now`, so a sale placed in it is never in the future and the month is
 * never empty, even for a demo seeded in its first minute. Teachers' statements and the
 * dashboard count in Cairo months and days (ADR 030, ADR 048).
 * @example demoMonths(new Date('2026-11-20T10:00:00Z')).lastMonth(0.5) // '2026-10-16T09:30:00.000Z'
 */
export function demoMonths(now: Date) {
  const start = monthStart(cairoMonth(now.getTime()));
  const before = monthStart(cairoMonth(start - 1));
  const at = (from: number, to: number, fraction: number) =>
    new Date(from + Math.floor((to - from) * fraction)).toISOString();
  return {
    thisMonth: (fraction: number) => at(start, now.getTime(), fraction),
    lastMonth: (fraction: number) => at(before, start, fraction),
  };
}

/** catalog-data.ts's courses the demo sells here, by their index there. */
const NIGHT_BEFORE = 15; // مراجعة ليلة الامتحان — فيزياء: the demo teacher's, 99 pounds
const CALCULUS = 2; // التفاضل والتكامل — مراجعة نهائية: أ. أحمد فوزي's, 250 pounds
const ORGANIC = 1; // الكيمياء العضوية من الصفر: أ. سارة الشناوي's, sold by lectures

/**
 * Sales for the demo teacher's monthly statement (ADR 048) and the owner's dashboard (ADR 033),
 * made by the demo students this month and the last, beside what they bought before
 * (demo-students.ts) and مريم's pay card for «الفيزياء الحديثة» last month (demo-paycards.ts).
 * أ. محمد عبد الحميد (60 %) sold «مراجعة ليلة الامتحان» this month to مريم by wallet and to
 * أحمد for cash at the centre; other teachers sold مريم a lecture by wallet this month and
 * أحمد a whole course for cash last month. Cash is recorded on the course as a cash grant does
 * (ADR 033) and never reaches a wallet; مريم's wallet is charged just before each purchase, so
 * her ledger still sums to her balance, 0. أحمد's wallet is left as demo-students.ts wrote it.
 * @example await seedDemoSales(trx, { courseIds, lectureIds, studentIds, adminId }, now)
 */
export async function seedDemoSales(
  db: Kysely<DB>,
  ids: { courseIds: number[]; lectureIds: number[][]; studentIds: number[]; adminId: number },
  now: Date,
): Promise<void> {
  const { thisMonth, lastMonth } = demoMonths(now);
  const [ahmed, mariam] = ids.studentIds as [number, number];
  const nightBefore = { id: ids.courseIds[NIGHT_BEFORE]!, price: COURSES[NIGHT_BEFORE]!.price };
  const calculus = { id: ids.courseIds[CALCULUS]!, price: COURSES[CALCULUS]!.price };
  const organic = ids.courseIds[ORGANIC]!;
  // Its second lecture (40 pounds), as أحمد bought it before her.
  const alkanes = await db
    .selectFrom('lectures')
    .select(['id', 'price'])
    .where('id', '=', ids.lectureIds[ORGANIC]![1]!)
    .executeTakeFirstOrThrow();
  const lecturePrice = fromPiasters(alkanes.price);

  await insertWalletHistory(db, mariam, [
    {
      type: 'recharge',
      value: toPiasters(lecturePrice),
      comment: 'شحن بكارت شحن',
      courseId: null,
      lectureId: null,
      at: thisMonth(0.2),
    },
    {
      type: 'lecture_purchase',
      value: -toPiasters(lecturePrice),
      comment: null,
      courseId: organic,
      lectureId: alkanes.id,
      at: thisMonth(0.25),
    },
    {
      type: 'recharge',
      value: toPiasters(nightBefore.price),
      comment: 'شحن بكارت شحن',
      courseId: null,
      lectureId: null,
      at: thisMonth(0.4),
    },
    {
      type: 'course_purchase',
      value: -toPiasters(nightBefore.price),
      comment: null,
      courseId: nightBefore.id,
      lectureId: null,
      at: thisMonth(0.45),
    },
  ]);
  await insertEnrollments(db, [
    // A course sold by lectures is joined (no sale); the lecture bought is the sale.
    { userId: mariam, courseId: organic, at: thisMonth(0.25), payBy: 'join' },
    {
      userId: mariam,
      courseId: nightBefore.id,
      at: thisMonth(0.45),
      payBy: 'wallet',
      pricePaid: nightBefore.price,
    },
    {
      userId: ahmed,
      courseId: nightBefore.id,
      at: thisMonth(0.6),
      payBy: 'cash',
      pricePaid: nightBefore.price,
      grantedBy: ids.adminId,
    },
    {
      userId: ahmed,
      courseId: calculus.id,
      at: lastMonth(0.5),
      payBy: 'cash',
      pricePaid: calculus.price,
      grantedBy: ids.adminId,
    },
  ]);
  await insertLecturePurchases(db, [
    {
      userId: mariam,
      lectureId: alkanes.id,
      pricePaid: lecturePrice,
      payBy: 'wallet',
      at: thisMonth(0.25),
      expiresAt: null,
    },
  ]);
}
