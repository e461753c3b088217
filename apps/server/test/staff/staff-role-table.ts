/**
 * Who may make each staff call, written by hand from the product's rules, not read from the
 * contract: README's staff logins table («admin: everything; leader: content and exams,
 * marking, support and recharge review …; not settings, prices, pay cards, balance
 * adjustments, staff accounts or the audit log»), ADR 022 (content for leaders; settings, the
 * audit log and staff accounts for admins), ADR 025 (recharge review and marking for leaders,
 * balance adjustments for admins, approving above the claim for admins), ADR 029 (leaders read
 * students, every change of a student, messages and the announcement are an admin's; ADR 053:
 * text messages to parents and opt-outs too), ADR 030
 * (pay cards and gateway orders for admins, the dashboard for both with money hidden from
 * leaders), ADR 031 (support, exam sessions and results for both) and ADR 034 (money lists and
 * their exports for admins, students' and courses' exports for both).
 *
 * `leader`: leaders and admins; `admin`: admins only; `none`: no role (sign-in).
 * staff-roles.test.ts checks that this table and the contract list the same calls with the same
 * role, so a new staff call cannot be added without a row here.
 */
export const STAFF_ROLE_TABLE: Readonly<Record<string, 'none' | 'leader' | 'admin'>> = {
  // Sign-in and the session (ADR 022).
  'POST /staff/login': 'none',
  // An invitation's link is the proof of who sets the password (ADR 048): no sign-in.
  'POST /staff/invitation/check': 'none',
  'POST /staff/invitation/accept': 'none',
  'GET /staff/me': 'leader',
  'POST /staff/logout': 'leader',

  // Content (ADR 022): leaders and admins.
  'GET /staff/grades': 'leader',
  'GET /staff/grades/:id': 'leader',
  'POST /staff/grades': 'leader',
  'PATCH /staff/grades/:id': 'leader',
  'DELETE /staff/grades/:id': 'leader',
  'GET /staff/categories': 'leader',
  'GET /staff/categories/:id': 'leader',
  'POST /staff/categories': 'leader',
  'PATCH /staff/categories/:id': 'leader',
  'DELETE /staff/categories/:id': 'leader',
  'GET /staff/teachers': 'leader',
  'GET /staff/teachers/:id': 'leader',
  'POST /staff/teachers': 'leader',
  'PATCH /staff/teachers/:id': 'leader',
  'DELETE /staff/teachers/:id': 'leader',
  'POST /staff/teachers/:id/avatar': 'leader',
  'POST /staff/teachers/:id/banner': 'leader',
  // Courses and lectures: a leader may not set prices (checked on the body, see below).
  'GET /staff/courses': 'leader',
  'GET /staff/courses/:id': 'leader',
  'POST /staff/courses': 'leader',
  'PATCH /staff/courses/:id': 'leader',
  'DELETE /staff/courses/:id': 'leader',
  'POST /staff/courses/:id/image': 'leader',
  'GET /staff/lectures': 'leader',
  'GET /staff/lectures/:id': 'leader',
  'POST /staff/lectures': 'leader',
  'PATCH /staff/lectures/:id': 'leader',
  'DELETE /staff/lectures/:id': 'leader',
  'POST /staff/courses/:id/lectures/order': 'leader',
  'GET /staff/videos': 'leader',
  'GET /staff/videos/:id': 'leader',
  'POST /staff/videos': 'leader',
  'PATCH /staff/videos/:id': 'leader',
  'DELETE /staff/videos/:id': 'leader',
  // A failed HLS ladder queued again (ADR 055): as editing the video.
  'POST /staff/videos/:id/transcode': 'leader',
  'GET /staff/attachments': 'leader',
  'GET /staff/attachments/:id': 'leader',
  'POST /staff/attachments': 'leader',
  'PATCH /staff/attachments/:id': 'leader',
  'DELETE /staff/attachments/:id': 'leader',
  'GET /staff/exams': 'leader',
  'GET /staff/exams/:id': 'leader',
  'POST /staff/exams': 'leader',
  'PATCH /staff/exams/:id': 'leader',
  'DELETE /staff/exams/:id': 'leader',
  'GET /staff/questions': 'leader',
  'GET /staff/questions/:id': 'leader',
  'POST /staff/questions': 'leader',
  'PATCH /staff/questions/:id': 'leader',
  'DELETE /staff/questions/:id': 'leader',
  'POST /staff/questions/:id/image': 'leader',
  'POST /staff/questions/:id/explain-image': 'leader',
  'GET /staff/lecture-exams': 'leader',
  'GET /staff/lecture-exams/:id': 'leader',
  'POST /staff/lecture-exams': 'leader',
  'PATCH /staff/lecture-exams/:id': 'leader',
  'DELETE /staff/lecture-exams/:id': 'leader',
  // A session's integrity record (issue 26, ADR 044).
  'GET /staff/exam-sessions/:id/events': 'leader',
  // Regrading a question after students submitted (issue 26, ADR 045).
  'POST /staff/questions/:id/regrade': 'leader',
  // What each question tells the teacher (issue 26, ADR 043).
  'GET /staff/exams/:id/item-analysis.csv': 'leader',
  'GET /staff/exams/:id/item-analysis': 'leader',
  // A student's own exam time (issue 26, ADR 042): exam matters, as the exams are.
  'GET /staff/question-banks': 'leader',
  'GET /staff/question-banks/:id': 'leader',
  'POST /staff/question-banks': 'leader',
  'PATCH /staff/question-banks/:id': 'leader',
  'DELETE /staff/question-banks/:id': 'leader',
  'GET /staff/exam-draw-rules': 'leader',
  'GET /staff/exam-draw-rules/:id': 'leader',
  'POST /staff/exam-draw-rules': 'leader',
  'PATCH /staff/exam-draw-rules/:id': 'leader',
  'DELETE /staff/exam-draw-rules/:id': 'leader',
  'GET /staff/exams/:id/draw-preview': 'leader',
  'GET /staff/exam-sessions/:id/answers': 'leader',
  'GET /staff/exam-accommodations': 'leader',
  'GET /staff/exam-accommodations/:id': 'leader',
  'POST /staff/exam-accommodations': 'leader',
  'PATCH /staff/exam-accommodations/:id': 'leader',
  'DELETE /staff/exam-accommodations/:id': 'leader',
  'GET /staff/exam-attempt-grants': 'leader',
  'GET /staff/exam-attempt-grants/:id': 'leader',
  'POST /staff/exam-attempt-grants': 'leader',
  'PATCH /staff/exam-attempt-grants/:id': 'leader',
  'DELETE /staff/exam-attempt-grants/:id': 'leader',
  // Home header images (ADR 022): content.
  'GET /staff/home/header-images': 'leader',
  'PUT /staff/home/header-images': 'leader',
  'POST /staff/home/header-images/upload': 'leader',

  // Settings, the audit log and staff accounts (ADR 022): admins.
  'GET /staff/settings': 'admin',
  'PATCH /staff/settings': 'admin',
  // The school's logo and favicon (ADR 049): its identity is the admin's.
  'POST /staff/settings/brand-image': 'admin',
  'GET /staff/audit-log': 'admin',
  'GET /staff/accounts': 'admin',
  'GET /staff/accounts/:id': 'admin',
  'POST /staff/accounts': 'admin',
  'PATCH /staff/accounts/:id': 'admin',
  'DELETE /staff/accounts/:id': 'admin',
  'POST /staff/accounts/:id/invitation': 'admin',

  // Recharge review and marking (ADR 025): leaders (approving above the claim: admins).
  'GET /staff/mobile-payments': 'leader',
  'GET /staff/mobile-payments/:id': 'leader',
  'GET /staff/mobile-payments/:id/receipt': 'leader',
  'POST /staff/mobile-payments/:id/approve': 'leader',
  'POST /staff/mobile-payments/:id/reject': 'leader',
  'GET /staff/marking': 'leader',
  'POST /staff/marking/:id': 'leader',
  // Balance adjustments (ADR 025): admins.
  'POST /staff/students/:id/balance': 'admin',

  // Students (ADR 029): leaders read, admins change.
  'GET /staff/students': 'leader',
  'GET /staff/students/:id': 'leader',
  'GET /staff/students/:id/courses': 'leader',
  'GET /staff/students/:id/purchases': 'leader',
  'GET /staff/students/:id/exam-sessions': 'leader',
  'GET /staff/students/:id/ledger': 'leader',
  'POST /staff/students/:id/password-reset': 'admin',
  'POST /staff/students/:id/block': 'admin',
  'POST /staff/students/:id/unblock': 'admin',
  'POST /staff/students/:id/grants': 'admin',
  // Refunds (ADR 050): leaders see them on the student's page; giving money back is an admin's.
  'GET /staff/students/:id/refunds': 'leader',
  'POST /staff/students/:id/refunds': 'admin',
  // A student's devices and sessions (ADR 051): leaders see them with the student's page;
  // signing the student out and resetting the devices change the account, so are an admin's,
  // like the block and the password reset.
  'GET /staff/students/:id/devices': 'leader',
  'POST /staff/students/:id/devices/sign-out': 'admin',
  'POST /staff/students/:id/devices/sign-out-all': 'admin',
  'POST /staff/students/:id/devices/reset': 'admin',
  // Students added by hand, imported, corrected, sent a set-password link (ADR 052): every
  // change of a student is an admin's (ADR 029).
  'POST /staff/students': 'admin',
  'PATCH /staff/students/:id': 'admin',
  'POST /staff/students/import': 'admin',
  'POST /staff/students/:id/invitation': 'admin',
  // Messages and the announcement (ADR 029): admins.
  'POST /staff/messages': 'admin',
  'GET /staff/announcement': 'admin',
  'PUT /staff/announcement': 'admin',
  // Text messages to parents by SMS and WhatsApp, their list and retry, opt-outs (ADR 053):
  // admins, as the students' notifications are.
  'POST /staff/parent-messages': 'admin',
  'GET /staff/phone-messages': 'admin',
  'GET /staff/phone-messages/:id': 'admin',
  'POST /staff/phone-messages/:id/retry': 'admin',
  'GET /staff/phone-opt-outs': 'admin',
  'POST /staff/phone-opt-outs': 'admin',
  'DELETE /staff/phone-opt-outs/:id': 'admin',

  // Support, exam sessions and results (ADR 031): leaders and admins.
  'GET /staff/support-tickets': 'leader',
  'GET /staff/support-tickets/:id': 'leader',
  'POST /staff/support-tickets/:id/replies': 'leader',
  'POST /staff/support-tickets/:id/close': 'leader',
  'POST /staff/support-tickets/:id/reopen': 'leader',
  'GET /staff/exam-sessions': 'leader',
  'GET /staff/exams/:id/results.csv': 'leader',

  // Pay cards and gateway orders (ADR 030): admins. The dashboard: both, money for admins.
  'GET /staff/paycard-batches': 'admin',
  'GET /staff/paycard-batches/:id': 'admin',
  'POST /staff/paycard-batches': 'admin',
  'POST /staff/paycard-batches/:id/disable': 'admin',
  'GET /staff/payment-orders': 'admin',
  'GET /staff/payment-orders/:id': 'admin',
  'POST /staff/payment-orders/:id/recheck': 'admin',
  'GET /staff/stats': 'leader',

  // Money lists and exports (ADR 034): admins; students' and courses' exports: both.
  'GET /staff/purchases': 'admin',
  'GET /staff/transactions': 'admin',
  'GET /staff/students.csv': 'leader',
  'GET /staff/courses.csv': 'leader',
  'GET /staff/purchases.csv': 'admin',
  'GET /staff/payment-orders.csv': 'admin',
  'GET /staff/transactions.csv': 'admin',

  // A teacher's monthly statement (ADR 048): money, the admin's (and that teacher's own).
  'GET /staff/teachers/:id/statement': 'admin',
  'GET /staff/teachers/:id/statement.csv': 'admin',
  // A teacher's students (ADR 048): who reads students, and the teacher their own.
  'GET /staff/teachers/:id/students': 'leader',
  'GET /staff/teachers/:id/students.csv': 'leader',
  // Progress reports (ADR 054): who reads students and courses, and a teacher their own.
  'GET /staff/courses/:id/progress': 'leader',
  'GET /staff/courses/:id/progress.csv': 'leader',
  'GET /staff/students/:id/progress': 'leader',
};

/**
 * The resumable video upload's routes (tus, ADR 022): not contract calls, guarded by the same
 * hooks. Leaders and admins (lecture videos are content).
 */
export const VIDEO_UPLOAD_ROLE_TABLE: Readonly<Record<string, 'leader'>> = {
  'POST /staff/uploads/videos': 'leader',
  'PATCH /staff/uploads/videos/:id': 'leader',
  'HEAD /staff/uploads/videos/:id': 'leader',
  'DELETE /staff/uploads/videos/:id': 'leader',
};
