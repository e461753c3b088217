/**
 * What the exam entry shows (spec §2, ADR 017):
 * - `given`: the link carries the exam's code (a lecture's exam button, a results list's
 *   details button): its details at once, without a code field.
 * - `fromCourse`: no code, and either a course_id (a reload of a lecture's exam whose code
 *   was lost) or no general exams: the notice to enter from the course page, with back.
 * - `code`: the code field and the enter button.
 */
export type EntryMode = 'given' | 'fromCourse' | 'code';

/**
 * @example entryMode({ examCode: 'L3', courseId: 5, generalExams: false }) // 'given'
 * @example entryMode({ examCode: null, courseId: 5, generalExams: true }) // 'fromCourse'
 */
export function entryMode({
  examCode,
  courseId,
  generalExams,
}: {
  examCode: string | null;
  courseId: number | null;
  generalExams: boolean;
}): EntryMode {
  if (examCode) return 'given';
  if (courseId !== null || !generalExams) return 'fromCourse';
  return 'code';
}
