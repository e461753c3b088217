/**
 * The session screen of a token, keeping the course the exam was opened from (spec §2: it
 * takes sessionToken and course_id) and the exam's code, by which the result screen finds the
 * exam's page for a next attempt (ADR 047).
 * @example sessionPath('tok', 5) // '/exams/session?sessionToken=tok&course_id=5'
 * @example sessionPath('tok', null, 'G1') // '/exams/session?sessionToken=tok&exam_code=G1'
 */
export function sessionPath(token: string, courseId: number | null, code?: string): string {
  const query = new URLSearchParams({ sessionToken: token });
  if (courseId !== null) query.set('course_id', String(courseId));
  if (code) query.set('exam_code', code);
  return `/exams/session?${query.toString()}`;
}

/**
 * The exam entry opened with an exam's code (results lists' details button), with the course
 * it belongs to when known.
 * @example entryPath('G1001') // '/exams?exam_code=G1001'
 * @example entryPath('L3', 5) // '/exams?exam_code=L3&course_id=5'
 */
export function entryPath(code: string, courseId: number | null = null): string {
  const query = new URLSearchParams({ exam_code: code });
  if (courseId !== null) query.set('course_id', String(courseId));
  return `/exams?${query.toString()}`;
}

/**
 * The `course_id` of a query as a course id, or null when absent or not an id.
 * @example courseIdOf(new URLSearchParams('course_id=5')) // 5
 */
export function courseIdOf(query: URLSearchParams): number | null {
  const value = query.get('course_id');
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
