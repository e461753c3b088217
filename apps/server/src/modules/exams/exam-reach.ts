import type { AppContext } from '../../app-context';
import { lectureAccess } from '../lectures/lecture-access';
import { getSetting } from '../settings/settings-service';
import type { ExamRow } from './exam-time';

/**
 * Whether a student may open an exam they have no session of (ADR 016: Who may reach an
 * exam): a general exam while general exams are on, or an exam (or alternative) of a lecture
 * the student has access to now.
 * @example if (!(await mayReach(ctx, exam, user.id))) throw new AppError('EXAM_NOT_FOUND')
 */
export async function mayReach(ctx: AppContext, exam: ExamRow, userId: number): Promise<boolean> {
  if (exam.is_general === 1 && (await getSetting(ctx.db, 'enable_gen_exm'))) return true;
  const lectures = await ctx.db
    .selectFrom('lecture_exams')
    .select('lecture_id')
    .distinct()
    .where((eb) => eb.or([eb('exam_id', '=', exam.id), eb('alternative_exam_id', '=', exam.id)]))
    .execute();
  for (const { lecture_id } of lectures) {
    if ((await lectureAccess(ctx.db, lecture_id, userId)).hasAccess) return true;
  }
  return false;
}
