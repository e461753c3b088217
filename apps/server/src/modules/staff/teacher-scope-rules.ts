import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import type { Db } from '../../db/audited-change';
import { teacherScopeHook, type TeacherScopeRule } from '../../db/teacher-scope';

/** Its lecture, and the exam and alternative exam a lecture-exam link names. */
const LECTURE_EXAM_IDS = {
  lecture_id: 'lecture',
  exam_id: 'exam',
  alternative_exam_id: 'exam',
} as const;

/**
 * How each staff call the contract opens to teachers (`teacher: true`, ADR 048) keeps a
 * teacher in their own records, in one table: `id` the resource its `:id` names (404 when not
 * theirs), `body` the records its body names, `required` the fields a teacher must fill (no
 * record of no course), `list` a list its handler filters by the scope, `lookup` a school-wide
 * read-only list, `self` the caller's own session. A call opened in the contract without a row
 * here stops the server at start (`scopeTeacherCalls`), so none is opened without thought.
 */
export const TEACHER_SCOPE_RULES: Readonly<Record<string, TeacherScopeRule>> = {
  'GET /staff/me': { self: true },
  'POST /staff/logout': { self: true },

  'GET /staff/grades': { lookup: true },
  'GET /staff/grades/:id': { lookup: true },
  'GET /staff/categories': { lookup: true },
  'GET /staff/categories/:id': { lookup: true },

  'GET /staff/teachers': { list: true },
  'GET /staff/teachers/:id': { id: 'teacher' },
  'PATCH /staff/teachers/:id': { id: 'teacher' },
  'POST /staff/teachers/:id/avatar': { id: 'teacher' },
  'POST /staff/teachers/:id/banner': { id: 'teacher' },
  // Their own monthly statement only (the admin's for every teacher).
  'GET /staff/teachers/:id/statement': { id: 'teacher' },
  'GET /staff/teachers/:id/statement.csv': { id: 'teacher' },
  // The students of their own courses only, without money (reports/teacher-students.ts).
  'GET /staff/teachers/:id/students': { id: 'teacher' },
  'GET /staff/teachers/:id/students.csv': { id: 'teacher' },
  // Progress reports (ADR 054): their own courses; a student's report keeps their courses.
  'GET /staff/courses/:id/progress': { id: 'course' },
  'GET /staff/courses/:id/progress.csv': { id: 'course' },
  'GET /staff/students/:id/progress': { list: true },

  // The dashboard: the handler counts the teacher's own courses only.
  'GET /staff/stats': { list: true },

  // Support: the tickets about their own courses (a student names the course, ADR 048).
  'GET /staff/support-tickets': { list: true },
  'GET /staff/support-tickets/:id': { id: 'support-ticket' },
  'POST /staff/support-tickets/:id/replies': { id: 'support-ticket' },
  'POST /staff/support-tickets/:id/close': { id: 'support-ticket' },
  'POST /staff/support-tickets/:id/reopen': { id: 'support-ticket' },

  'GET /staff/courses': { list: true },
  'GET /staff/courses.csv': { list: true },
  'GET /staff/courses/:id': { id: 'course' },
  // A teacher's new course lists them; who teaches it is the school's (course-admin.ts).
  'POST /staff/courses': {},
  'PATCH /staff/courses/:id': { id: 'course' },
  'DELETE /staff/courses/:id': { id: 'course' },
  'POST /staff/courses/:id/image': { id: 'course' },
  'POST /staff/courses/:id/lectures/order': { id: 'course' },

  'GET /staff/lectures': { list: true },
  'GET /staff/lectures/:id': { id: 'lecture' },
  'POST /staff/lectures': { body: { course_id: 'course' } },
  'PATCH /staff/lectures/:id': { id: 'lecture' },
  'DELETE /staff/lectures/:id': { id: 'lecture' },

  'GET /staff/videos': { list: true },
  'GET /staff/videos/:id': { id: 'video' },
  'POST /staff/videos': { body: { lecture_id: 'lecture' } },
  'PATCH /staff/videos/:id': { id: 'video' },
  'DELETE /staff/videos/:id': { id: 'video' },
  'POST /staff/videos/:id/transcode': { id: 'video' },

  'GET /staff/attachments': { list: true },
  'GET /staff/attachments/:id': { id: 'attachment' },
  // A multipart body is read in the handler: its lecture is checked there.
  'POST /staff/attachments': {},
  'PATCH /staff/attachments/:id': { id: 'attachment' },
  'DELETE /staff/attachments/:id': { id: 'attachment' },

  'GET /staff/exams': { list: true },
  'GET /staff/exams/:id': { id: 'exam' },
  'POST /staff/exams': { body: { course_id: 'course' }, required: ['course_id'] },
  'PATCH /staff/exams/:id': { id: 'exam', body: { course_id: 'course' }, required: ['course_id'] },
  'DELETE /staff/exams/:id': { id: 'exam' },
  'GET /staff/exams/:id/item-analysis': { id: 'exam' },
  'GET /staff/exams/:id/item-analysis.csv': { id: 'exam' },
  'GET /staff/exams/:id/results.csv': { id: 'exam' },
  'GET /staff/exams/:id/draw-preview': { id: 'exam' },

  'GET /staff/questions': { list: true },
  'GET /staff/questions/:id': { id: 'question' },
  'POST /staff/questions': { body: { exam_id: 'exam', bank_id: 'question-bank' } },
  'PATCH /staff/questions/:id': { id: 'question' },
  'DELETE /staff/questions/:id': { id: 'question' },
  'POST /staff/questions/:id/image': { id: 'question' },
  'POST /staff/questions/:id/explain-image': { id: 'question' },
  'POST /staff/questions/:id/regrade': { id: 'question' },

  'GET /staff/lecture-exams': { list: true },
  'GET /staff/lecture-exams/:id': { id: 'lecture-exam' },
  'POST /staff/lecture-exams': { body: LECTURE_EXAM_IDS },
  'PATCH /staff/lecture-exams/:id': { id: 'lecture-exam', body: LECTURE_EXAM_IDS },
  'DELETE /staff/lecture-exams/:id': { id: 'lecture-exam' },

  'GET /staff/question-banks': { list: true },
  'GET /staff/question-banks/:id': { id: 'question-bank' },
  'POST /staff/question-banks': { body: { course_id: 'course' }, required: ['course_id'] },
  'PATCH /staff/question-banks/:id': {
    id: 'question-bank',
    body: { course_id: 'course' },
    required: ['course_id'],
  },
  'DELETE /staff/question-banks/:id': { id: 'question-bank' },

  'GET /staff/exam-draw-rules': { list: true },
  'GET /staff/exam-draw-rules/:id': { id: 'draw-rule' },
  'POST /staff/exam-draw-rules': { body: { exam_id: 'exam', bank_id: 'question-bank' } },
  'PATCH /staff/exam-draw-rules/:id': { id: 'draw-rule', body: { bank_id: 'question-bank' } },
  'DELETE /staff/exam-draw-rules/:id': { id: 'draw-rule' },

  // A student's own time and attempts, at one exam of theirs (never "every exam").
  'GET /staff/exam-accommodations': { list: true },
  'GET /staff/exam-accommodations/:id': { id: 'accommodation' },
  'POST /staff/exam-accommodations': { body: { exam_id: 'exam' }, required: ['exam_id'] },
  'PATCH /staff/exam-accommodations/:id': {
    id: 'accommodation',
    body: { exam_id: 'exam' },
    required: ['exam_id'],
  },
  'DELETE /staff/exam-accommodations/:id': { id: 'accommodation' },
  'GET /staff/exam-attempt-grants': { list: true },
  'GET /staff/exam-attempt-grants/:id': { id: 'attempt-grant' },
  'POST /staff/exam-attempt-grants': { body: { exam_id: 'exam' } },
  'PATCH /staff/exam-attempt-grants/:id': { id: 'attempt-grant' },
  'DELETE /staff/exam-attempt-grants/:id': { id: 'attempt-grant' },

  'GET /staff/marking': { list: true },
  'POST /staff/marking/:id': { id: 'exam-answer' },
  'GET /staff/exam-sessions': { list: true },
  'GET /staff/exam-sessions/:id/events': { id: 'exam-session' },
  'GET /staff/exam-sessions/:id/answers': { id: 'exam-session' },
};

/**
 * Gives every teacher-open route registered after it (in this plugin and those it registers)
 * its scope rule's preHandler; a teacher-open route without a rule stops the server's start.
 * HEAD, which Fastify adds beside each GET, takes the GET's rule.
 */
export function scopeTeacherCalls(app: FastifyInstance, db: Db): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.teacher) return;
    const method = route.method === 'HEAD' ? 'GET' : String(route.method);
    const key = `${method} ${route.url.slice(route.url.indexOf('/staff/'))}`;
    const rule = TEACHER_SCOPE_RULES[key];
    if (!rule) throw new Error(`${key} is open to teachers without a teacher scope rule`);
    const before: preHandlerHookHandler[] = [route.preHandler ?? []].flat();
    route.preHandler = [...before, teacherScopeHook(db, rule) as preHandlerHookHandler];
  });
}
