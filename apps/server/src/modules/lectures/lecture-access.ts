import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { addDays, nowIso } from '../../lib/time';
import {
  findCourse,
  findLecture,
  findLectureHoldings,
  findLecturesHeldByExams,
  type CourseRow,
  type LectureRow,
} from './lecture-queries';

/** What a student holds of a lecture, from the course's pay type, joining and purchases. */
export type LectureGrant = {
  purchased: boolean;
  expired: boolean;
  /** Spec §2: purchased (and not expired), or preview when the course is bought as a whole. */
  hasAccess: boolean;
  /** Views count from here: the latest purchase, or joining for pay_type 'course'. */
  since: string | null;
};

/**
 * The one place the access rules live (the course page, contents, video and downloads all
 * ask it). With pay_type 'course' the lecture follows the course (its expiry counts from
 * joining) and previews are open; otherwise it follows the student's latest purchase of it.
 * @example lectureGrant(lecture, 'lectures', null, latestPurchase, nowIso()).hasAccess
 */
export function lectureGrant(
  lecture: Pick<LectureRow, 'expiry_days' | 'preview'>,
  payType: string,
  enrolledAt: string | null,
  latestPurchase: { created_at: string; expires_at: string | null } | undefined,
  now: string,
): LectureGrant {
  if (payType === 'course') {
    const joined = enrolledAt !== null;
    const expiresAt =
      enrolledAt && lecture.expiry_days ? addDays(enrolledAt, lecture.expiry_days) : null;
    // Stryker disable next-line ConditionalExpression,LogicalOperator: expiresAt is null until joining, and null <= an ISO time is false; the guards say it aloud
    const expired = joined && expiresAt !== null && expiresAt <= now;
    return {
      purchased: joined,
      expired,
      hasAccess: (joined && !expired) || lecture.preview === 1,
      // A preview watched before joining counts its views from the start of time.
      since: enrolledAt ?? (lecture.preview === 1 ? new Date(0).toISOString() : null),
    };
  }
  const purchased = latestPurchase !== undefined;
  const expired =
    // Stryker disable next-line ConditionalExpression: null <= an ISO time is false; the guard says it aloud
    purchased && latestPurchase.expires_at !== null && latestPurchase.expires_at <= now;
  return {
    purchased,
    expired,
    hasAccess: purchased && !expired,
    since: latestPurchase?.created_at ?? null,
  };
}

export type LectureAccess = LectureGrant & {
  lecture: LectureRow;
  course: CourseRow;
};

/** What one student may do with one lecture (see lectureGrant). */
export async function lectureAccess(
  db: Kysely<DB>,
  lectureId: number,
  userId: number,
): Promise<LectureAccess> {
  const lecture = await findLecture(db, lectureId);
  const course = lecture && (await findCourse(db, lecture.course_id));
  // Stryker disable next-line LogicalOperator: a lecture's course always exists (foreign key), so || and && agree
  if (!lecture || !course) throw new AppError('NOT_FOUND', 'المحاضرة غير موجودة');
  const holdings = await findLectureHoldings(db, userId, course.id, lectureId);
  const grant = lectureGrant(
    lecture,
    course.pay_type,
    holdings.enrolledAt,
    holdings.latestPurchase,
    nowIso(),
  );
  // A blocked student's signed links (video, downloads) stop with their tokens (ADR 029).
  return { lecture, course, ...grant, hasAccess: grant.hasAccess && !holdings.blocked };
}

/** Whether the lecture's videos wait for the student to take or pass one of its exams. */
export async function examsHoldVideos(
  db: Kysely<DB>,
  lectureId: number,
  userId: number,
): Promise<boolean> {
  return (await findLecturesHeldByExams(db, userId, [lectureId])).has(lectureId);
}
