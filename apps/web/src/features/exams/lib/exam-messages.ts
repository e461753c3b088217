import { ApiError } from '../../../lib/api-client';
import { t } from '../../../i18n/t';

function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/**
 * The text of a failed exam details call (spec §8). EXAM_NOT_FOUND reads 'wrong code' for a
 * code the student typed and 'exam not found' for an exam opened from a lecture.
 * @example detailsErrorMessage(error, { fromLecture: true }) // 'الامتحان غير موجود'
 */
export function detailsErrorMessage(error: unknown, { fromLecture }: { fromLecture: boolean }) {
  switch (codeOf(error)) {
    case 'EXAM_NOT_FOUND':
      return fromLecture ? t('exams.notFound') : t('exams.wrongCode');
    case 'EXAM_NOT_STARTED':
      return t('exams.notStarted');
    case 'EXAM_ENDED':
      return t('exams.ended');
    default:
      return t('exams.detailsFailed');
  }
}

/**
 * The text of a failed start (spec §8): EXAM_NOT_ACTIVE outside the exam's window.
 * @example startErrorMessage(error) // 'لا يمكنك بدء الامتحان في الوقت الحالي'
 */
export function startErrorMessage(error: unknown): string {
  switch (codeOf(error)) {
    case 'EXAM_NOT_ACTIVE':
      return t('exams.notActive');
    case 'EXAM_NOT_FOUND':
      return t('exams.notFound');
    default:
      return t('exams.startFailed');
  }
}

/**
 * The text of a failed session load (spec §8): SESSION_NOT_FOUND, or the general failure.
 * @example sessionErrorMessage(error) // 'الجلسة غير موجودة'
 */
export function sessionErrorMessage(error: unknown): string {
  return codeOf(error) === 'SESSION_NOT_FOUND'
    ? t('examSession.sessionNotFound')
    : t('examSession.loadFailed');
}
