import type { Kysely } from 'kysely';
import type { CourseProgress } from '@dars/contract';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findCourse } from '../lectures/lecture-queries';
import { courseMembers, courseTree, progressOf } from './course-progress';

const NO_COURSE = 'الدورة غير موجودة';

/**
 * GET /courses/{id}/progress: the student's own progress in a published course they joined
 * (bought, or joined to buy its lectures) or hold a lecture of; 404 otherwise, as for a course
 * that does not exist.
 * @example const progress = await studentCourseProgress(ctx.db, user.id, 3)
 */
export async function studentCourseProgress(
  db: Kysely<DB>,
  userId: number,
  courseId: number,
): Promise<CourseProgress> {
  const [course, member] = await Promise.all([
    findCourse(db, courseId),
    courseMembers(db, courseId).where('m.user_id', '=', userId).executeTakeFirst(),
  ]);
  if (!course || !member) throw new AppError('NOT_FOUND', NO_COURSE);
  const tree = await courseTree(db, courseId);
  if (!tree) throw new AppError('NOT_FOUND', NO_COURSE);
  const [mine] = await progressOf(db, tree, [userId]);
  return mine!.progress;
}

/** Reports one player token may send a minute: one per 15 s of play, and pauses between. */
export const REPORTS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;
/** Tokens followed at once before the stale ones are forgotten. */
const MAX_TRACKED = 100_000;

/**
 * The player reports' limit, per token and per instance, in memory: the database's shared
 * limit (lib/rate-limit.ts) is a write per call, which is what batching the reports avoids.
 * Several instances each allow their own count; what a report can add is capped at the video's
 * length anyway, so the limit guards the server's work, not the figures.
 * @example const limit = reportLimiter(clock); if (!limit.take(vt)) throw new AppError('TOO_MANY_REQUESTS')
 */
export function reportLimiter(clock: { now(): Date }) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    take(token: string): boolean {
      const now = clock.now().getTime();
      if (windows.size >= MAX_TRACKED) {
        for (const [k, w] of windows) if (w.start <= now - WINDOW_MS) windows.delete(k);
        if (windows.size >= MAX_TRACKED) windows.clear();
      }
      const window = windows.get(token);
      if (!window || window.start <= now - WINDOW_MS) {
        windows.set(token, { start: now, count: 1 });
        return true;
      }
      window.count += 1;
      return window.count <= REPORTS_PER_MINUTE;
    },
  };
}
