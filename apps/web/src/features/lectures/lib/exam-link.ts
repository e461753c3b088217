import type { LectureExam } from '@dars/contract';

/**
 * Where an exam of a lecture opens: the exam entry with its code and the course, or the
 * alternative exam's code when the student should try that one (spec §2 exams tab).
 * @example examLink({ exam_code: 'L0003', navigate_to_alternative: false, alternative_exam: null }, 5) // '/exams?exam_code=L0003&course_id=5'
 */
export function examLink(
  exam: Pick<LectureExam, 'exam_code' | 'navigate_to_alternative' | 'alternative_exam'>,
  courseId: number,
): string {
  const code = usesAlternative(exam) ? exam.alternative_exam!.exam_code : exam.exam_code;
  const query = new URLSearchParams({ exam_code: code, course_id: String(courseId) });
  return `/exams?${query.toString()}`;
}

/** Whether the exam's button leads to its alternative ('امتحان بديل'). */
export function usesAlternative(
  exam: Pick<LectureExam, 'navigate_to_alternative' | 'alternative_exam'>,
): boolean {
  return exam.navigate_to_alternative && exam.alternative_exam !== null;
}
