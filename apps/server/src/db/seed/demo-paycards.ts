import type { Kysely } from 'kysely';
import { toPiasters } from '@dars/contract';
import type { DB } from '../schema';
import { demoMonths } from './demo-sales';
import { insertEnrollments } from './enrollments';
import { insertPaycard } from './paycards';

/**
 * Demo pay cards, printed in docs/demo.md. Real cards come from `npm run paycards`. `course`
 * binds a card to a course; `usedByStudent` spent it (on `forCourse`), both by index, ten days
 * before the seed or, `lastMonth`, in the Cairo month before its own (a sale on the demo
 * teacher's statement of that month, ADR 048).
 */
export const DEMO_PAYCARDS = [
  { code: 'K7PM 4QXR 9TWD 2HNA', value: 100 },
  { code: 'B3VZ 8LCF 6JYE 5SGU', value: 100 },
  { code: 'Q9RT 2MKD 7XHC 4WPN', value: 100 },
  { code: 'P4XN 7KQT 3HDM 9RZA', value: 500 },
  { code: 'F6HW 3NTK 8PQD 2XRM', value: 350, course: 0 },
  { code: 'E5XP 9RMT 2KWD 7QHN', value: 100, expired: true },
  { code: 'U8DK 4PXM 6TRW 3QNH', value: 200, usedByStudent: 1, forCourse: 5 },
  {
    code: 'H3TK 8WQM 5RZN 2DPX',
    value: 350,
    course: 0,
    usedByStudent: 1,
    forCourse: 0,
    lastMonth: true,
  },
] as const;

const DAY = 86_400_000;
/** The issuer the staff console names for a batch issued without an account (`npm run paycards`). */
const DEMO_ISSUER = 'سطر الأوامر';

/**
 * The demo's pay cards: valid for a year, one expired, two already spent on courses. Cards
 * alike in value, course and expiry share a batch, as issued cards do, so the staff console's
 * pay-card list shows them (it lists batches).
 * @example await seedDemoPaycards(trx, { courseIds, studentIds }, now, iso)
 */
export async function seedDemoPaycards(
  db: Kysely<DB>,
  ids: { courseIds: number[]; studentIds: number[] },
  now: Date,
  daysAgo: (days: number) => string,
): Promise<void> {
  const createdAt = daysAgo(90);
  const cards = DEMO_PAYCARDS.map((card) => ({
    card,
    courseId: 'course' in card ? ids.courseIds[card.course]! : null,
    expiresAt: 'expired' in card ? daysAgo(1) : new Date(now.getTime() + 365 * DAY).toISOString(),
  }));
  // Cards alike share a batch: grouped first, so each batch is written once with its count.
  const groups = new Map<string, typeof cards>();
  for (const c of cards) {
    const key = `${c.card.value}:${c.courseId}:${c.expiresAt}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const batchOf = new Map<(typeof cards)[number], number>();
  for (const group of groups.values()) {
    const [{ card, courseId, expiresAt }] = group as [(typeof cards)[number]];
    const batch = await db
      .insertInto('paycard_batches')
      .values({
        value: toPiasters(card.value),
        count: group.length,
        course_id: courseId,
        lecture_id: null,
        expires_at: expiresAt,
        created_by: null,
        created_by_name: DEMO_ISSUER,
        created_at: createdAt,
        disabled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const c of group) batchOf.set(c, batch.id);
  }
  for (const c of cards) {
    const { card } = c;
    const usedBy = 'usedByStudent' in card ? ids.studentIds[card.usedByStudent]! : null;
    const usedAt = 'lastMonth' in card ? demoMonths(now).lastMonth(0.5) : daysAgo(10);
    await insertPaycard(db, {
      code: card.code,
      value: card.value,
      courseId: c.courseId,
      lectureId: null,
      expiresAt: c.expiresAt,
      usedBy,
      usedAt: usedBy ? usedAt : null,
      createdAt,
      batchId: batchOf.get(c)!,
    });
    if (usedBy && 'forCourse' in card) {
      await insertEnrollments(db, [
        // The whole course, bought with a card of its price.
        {
          userId: usedBy,
          courseId: ids.courseIds[card.forCourse]!,
          at: usedAt,
          payBy: 'paycard',
          pricePaid: card.value,
        },
      ]);
    }
  }
}
