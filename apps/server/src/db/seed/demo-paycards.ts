import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { insertEnrollments } from './enrollments';
import { insertPaycard } from './paycards';

/**
 * Demo pay cards, printed in the README. Real cards come from `npm run paycards`. `course`
 * binds a card to a course; `usedByStudent` spent it (on `forCourse`), both by index.
 */
export const DEMO_PAYCARDS = [
  { code: 'K7PM 4QXR 9TWD 2HNA', value: 100 },
  { code: 'B3VZ 8LCF 6JYE 5SGU', value: 100 },
  { code: 'Q9RT 2MKD 7XHC 4WPN', value: 100 },
  { code: 'P4XN 7KQT 3HDM 9RZA', value: 500 },
  { code: 'F6HW 3NTK 8PQD 2XRM', value: 350, course: 0 },
  { code: 'E5XP 9RMT 2KWD 7QHN', value: 100, expired: true },
  { code: 'U8DK 4PXM 6TRW 3QNH', value: 200, usedByStudent: 1, forCourse: 5 },
] as const;

const DAY = 86_400_000;

/**
 * The demo's pay cards: valid for a year, one expired, one already spent on a course.
 * @example await seedDemoPaycards(trx, { courseIds, studentIds }, now, iso)
 */
export async function seedDemoPaycards(
  db: Kysely<DB>,
  ids: { courseIds: number[]; studentIds: number[] },
  now: Date,
  daysAgo: (days: number) => string,
): Promise<void> {
  for (const card of DEMO_PAYCARDS) {
    const usedBy = 'usedByStudent' in card ? ids.studentIds[card.usedByStudent]! : null;
    await insertPaycard(db, {
      code: card.code,
      value: card.value,
      courseId: 'course' in card ? ids.courseIds[card.course]! : null,
      lectureId: null,
      expiresAt: 'expired' in card ? daysAgo(1) : new Date(now.getTime() + 365 * DAY).toISOString(),
      usedBy,
      usedAt: usedBy ? daysAgo(10) : null,
      createdAt: daysAgo(90),
    });
    if (usedBy && 'forCourse' in card) {
      await insertEnrollments(db, [
        { userId: usedBy, courseId: ids.courseIds[card.forCourse]!, at: daysAgo(10) },
      ]);
    }
  }
}
