import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { addDays, nowIso } from '../../lib/time';
import type { CourseRow, LectureRow } from '../courses/course-queries';

export type LectureAccess = {
  lecture: LectureRow;
  course: CourseRow;
  joined: boolean;
  purchased: boolean;
  expired: boolean;
  /** Spec §2: purchased (and not expired), or preview when the course is bought as a whole. */
  hasAccess: boolean;
  /** Views count from here: the latest purchase, or joining for pay_type 'course'. */
  since: string | null;
};

/**
 * What one student may do with one lecture. With pay_type 'course' the lecture follows the
 * course (its expiry counts from joining) and previews are open; otherwise it follows the
 * student's latest purchase of it.
 */
export async function lectureAccess(
  db: Kysely<DB>,
  lectureId: number,
  userId: number,
): Promise<LectureAccess> {
  const lecture = await db
    .selectFrom('lectures')
    .selectAll()
    .where('id', '=', lectureId)
    .executeTakeFirst();
  const course =
    lecture &&
    (await db
      .selectFrom('courses')
      .selectAll()
      .where('id', '=', lecture.course_id)
      .where('published', '=', 1)
      .executeTakeFirst());
  if (!lecture || !course) throw new AppError('NOT_FOUND', 'المحاضرة غير موجودة');
  const [enrollment, purchase] = await Promise.all([
    db
      .selectFrom('enrollments')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('course_id', '=', course.id)
      .executeTakeFirst(),
    db
      .selectFrom('lecture_purchases')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', userId)
      .where('lecture_id', '=', lectureId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  ]);
  const now = nowIso();
  const joined = enrollment !== undefined;
  if (course.pay_type === 'course') {
    const expiresAt =
      enrollment && lecture.expiry_days
        ? addDays(enrollment.created_at, lecture.expiry_days)
        : null;
    const expired = joined && expiresAt !== null && expiresAt <= now;
    // A preview watched before joining counts its views from the start of time.
    const since =
      enrollment?.created_at ?? (lecture.preview === 1 ? new Date(0).toISOString() : null);
    return {
      lecture,
      course,
      joined,
      purchased: joined,
      expired,
      hasAccess: (joined && !expired) || lecture.preview === 1,
      since,
    };
  }
  const expired =
    purchase !== undefined && purchase.expires_at !== null && purchase.expires_at <= now;
  return {
    lecture,
    course,
    joined,
    purchased: purchase !== undefined,
    expired,
    hasAccess: purchase !== undefined && !expired,
    since: purchase?.created_at ?? null,
  };
}

/** Lectures whose videos wait for a mandatory exam (must take or must pass). */
export async function hasMandatoryExams(db: Kysely<DB>, lectureId: number): Promise<boolean> {
  const row = await db
    .selectFrom('lecture_exams')
    .select('id')
    .where('lecture_id', '=', lectureId)
    .where((eb) => eb.or([eb('must_pass', '=', 1), eb('must_take', '=', 1)]))
    .executeTakeFirst();
  return row !== undefined;
}
