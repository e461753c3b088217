/**
 * The session screen of a token, keeping the course the exam was opened from (spec §2: it
 * takes sessionToken and course_id).
 * @example sessionPath('tok', 5) // '/exams/session?sessionToken=tok&course_id=5'
 */
export function sessionPath(token: string, courseId: number | null): string {
  const query = new URLSearchParams({ sessionToken: token });
  if (courseId !== null) query.set('course_id', String(courseId));
  return `/exams/session?${query.toString()}`;
}

/**
 * The exam entry opened with an exam's code (results lists' details button).
 * @example entryPath('G1001') // '/exams?exam_code=G1001'
 */
export function entryPath(code: string): string {
  return `/exams?${new URLSearchParams({ exam_code: code }).toString()}`;
}

/**
 * The `course_id` of a query as a course id, or null when absent or not an id.
 * @example courseIdOf(new URLSearchParams('course_id=5')) // 5
 */
export function courseIdOf(query: URLSearchParams): number | null {
  const value = query.get('course_id');
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
