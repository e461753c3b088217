import type { ExamDetails } from '@dars/contract';

/** The one button of the exam entry (spec §2). */
export type EntryAction = 'continue' | 'viewResult' | 'viewSession' | 'start';

/**
 * Which button the entry shows: continue a running session, view the result of a submitted
 * one when the exam shows results, view a submitted session otherwise, or start.
 * @example entryAction({ active_session: false, has_session: true, show_result: true }) // 'viewResult'
 */
export function entryAction(
  exam: Pick<ExamDetails, 'active_session' | 'has_session' | 'show_result'>,
): EntryAction {
  if (exam.active_session) return 'continue';
  if (exam.has_session) return exam.show_result ? 'viewResult' : 'viewSession';
  return 'start';
}
