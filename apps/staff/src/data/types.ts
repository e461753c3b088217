/** Screens only an admin opens (the server refuses a leader there too). */
export const ADMIN_ONLY_RESOURCES = [
  'settings',
  'accounts',
  'audit-log',
  'paycard-batches',
  'payment-orders',
  'purchases',
  'transactions',
  'phone-messages',
  'phone-opt-outs',
] as const;

/**
 * The screens a teacher's login opens (ADR 048): their courses' content, exams, question banks,
 * marking and results, and their own profile. The server keeps them to their own records.
 */
export const TEACHER_RESOURCES = [
  'courses',
  'lectures',
  'videos',
  'attachments',
  'lecture-exams',
  'exams',
  'questions',
  'question-banks',
  'marking',
  'exam-sessions',
  'teachers',
  // Their own students' list (a page of its own, not a menu resource), and in it a student's
  // own time and attempts in their exams (the server scopes both).
  'teacher-students',
  // Their courses' progress reports (issue 28, a page of its own; the server scopes it).
  'course-progress',
  'exam-accommodations',
  'exam-attempt-grants',
  // The support tickets about their courses (a menu resource).
  'support-tickets',
] as const;
