import type { Kysely } from 'kysely';
import { toPiasters } from '@dars/contract';
import type { DB, EnrollmentPayBy } from '../schema';

export interface EnrollmentBuild {
  userId: number;
  courseId: number;
  at: string;
  /** How a whole course was got (ADR 033); default 'join', a course sold by lectures. */
  payBy?: EnrollmentPayBy;
  /** pounds; default 0 */
  pricePaid?: number;
  /** The staff member who granted it (a grant, or cash paid at the centre; ADR 029, 033). */
  grantedBy?: number | null;
}

/**
 * Seats students in courses, as joining or buying a course does.
 * @example await insertEnrollments(db, [{ userId, courseId, at: now, payBy: 'paycard', pricePaid: 200 }])
 */
export async function insertEnrollments(
  db: Kysely<DB>,
  rows: readonly EnrollmentBuild[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('enrollments')
    .values(
      rows.map((r) => ({
        user_id: r.userId,
        course_id: r.courseId,
        created_at: r.at,
        pay_by: r.payBy ?? 'join',
        price_paid: toPiasters(r.pricePaid ?? 0),
        granted_by: r.grantedBy ?? null,
      })),
    )
    .execute();
}

export interface LecturePurchaseBuild {
  userId: number;
  lectureId: number;
  /** pounds */
  pricePaid: number;
  payBy: 'free' | 'wallet' | 'paycard';
  at: string;
  expiresAt: string | null;
}

/**
 * Records lecture purchases (not their payment: write that with insertWalletHistory).
 * @example await insertLecturePurchases(db, [{ userId, lectureId, pricePaid: 0, payBy: 'free', … }])
 */
export async function insertLecturePurchases(
  db: Kysely<DB>,
  rows: readonly LecturePurchaseBuild[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('lecture_purchases')
    .values(
      rows.map((r) => ({
        user_id: r.userId,
        lecture_id: r.lectureId,
        price_paid: toPiasters(r.pricePaid),
        pay_by: r.payBy,
        created_at: r.at,
        expires_at: r.expiresAt,
      })),
    )
    .execute();
}
