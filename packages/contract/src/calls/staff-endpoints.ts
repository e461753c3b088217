import type { z } from 'zod';
import type { ErrorCode } from '../errors';
import type { StaffRole } from './staff';
import { idParamsSchema } from './courses';
import * as s from './staff-schemas';
import { staffExportEndpoints } from './staff-exports';
import { staffTeacherStatementEndpoints } from './staff-teacher-statements';
import { staffTeacherStudentEndpoints } from './staff-teacher-students';
import { staffProgressEndpoints } from './staff-progress';
import { staffMoneyEndpoints } from './staff-money';
import { staffMessageEndpoints } from './staff-messages';
import { staffPeopleEndpoints } from './staff-people';
import { staffStudentDeviceEndpoints } from './staff-student-devices';
import { staffStudentImportEndpoints } from './staff-student-import';
import { staffSupportEndpoints } from './staff-support';
import type { UploadLimit } from './upload-limit';
import { ATTACHMENT_MAX_BYTES, UPLOAD_MAX_BYTES } from '../constants';

/**
 * The staff console's calls (issue 12, ADR 022). Each carries `staff`: the least role that may
 * make it ('leader': leaders and admins; 'admin': admins only). The server's `serve()` checks it
 * after the bearer token, so a guest gets 401 and a student (or a leader on an admin call) 403
 * on every one of them, before the body is read.
 */
interface StaffJsonDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: `/staff${string}`;
  auth: 'required' | 'optional';
  staff?: StaffRole;
  /** Open to a teacher too, on what is theirs (ADR 048); every other staff call refuses them. */
  teacher?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  multipart?: true;
  upload?: UploadLimit;
  response: z.ZodType;
  errors?: readonly ErrorCode[];
  file?: never;
}

/** A staff call that answers a file (streamed, with range requests); errors are JSON. */
interface StaffFileDef {
  method: 'GET';
  path: `/staff${string}`;
  auth: 'required';
  staff: StaffRole;
  params?: z.ZodType;
  query?: z.ZodType;
  file: string;
  /** As StaffJsonDef's. */
  teacher?: true;
  errors?: readonly ErrorCode[];
  body?: never;
  multipart?: never;
  upload?: never;
  response?: never;
}

/** The five calls of one resource: list, one, create, update (partial), delete. */
function crud<
  Item extends z.ZodType,
  Query extends z.ZodType,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(
  path: `/staff/${string}`,
  item: Item,
  schemas: { query: Query; create: Create; update: Update },
  role: StaffRole = 'leader',
) {
  const one = s.staffOneResponse(item);
  return {
    list: {
      method: 'GET',
      path,
      auth: 'required',
      staff: role,
      query: schemas.query,
      response: s.staffListResponse(item),
    },
    get: {
      method: 'GET',
      path: `${path}/:id`,
      auth: 'required',
      staff: role,
      params: idParamsSchema,
      response: one,
    },
    create: {
      method: 'POST',
      path,
      auth: 'required',
      staff: role,
      body: schemas.create,
      response: one,
      errors: ['CONFLICT'],
    },
    update: {
      method: 'PATCH',
      path: `${path}/:id`,
      auth: 'required',
      staff: role,
      params: idParamsSchema,
      body: schemas.update,
      response: one,
      errors: ['CONFLICT'],
    },
    remove: {
      method: 'DELETE',
      path: `${path}/:id`,
      auth: 'required',
      staff: role,
      params: idParamsSchema,
      response: s.staffDeletedResponseSchema,
      errors: ['CONFLICT'],
    },
  } as const satisfies Record<string, StaffJsonDef>;
}

/** The same call, opened to teachers too, on what is theirs (ADR 048). */
const forTeachers = <D extends StaffJsonDef>(def: D) => ({ ...def, teacher: true }) as const;

/** A picture staff upload (a teacher's, a course's, a question's, a home slide): one `file`. */
export const STAFF_IMAGE_UPLOAD: UploadLimit = { field: 'file', maxBytes: UPLOAD_MAX_BYTES };

const imageUpload = (path: `/staff/${string}`) =>
  ({
    method: 'POST',
    path,
    auth: 'required',
    staff: 'leader',
    params: idParamsSchema,
    body: s.staffImageUploadBodySchema,
    multipart: true,
    upload: STAFF_IMAGE_UPLOAD,
    response: s.staffImageUploadResponseSchema,
  }) as const satisfies StaffJsonDef;

const grades = crud('/staff/grades', s.staffNamedSchema, {
  query: s.staffNamedListQuerySchema,
  create: s.staffNamedCreateSchema,
  update: s.staffNamedUpdateSchema,
});
const categories = crud('/staff/categories', s.staffNamedSchema, {
  query: s.staffNamedListQuerySchema,
  create: s.staffNamedCreateSchema,
  update: s.staffNamedUpdateSchema,
});
const teachers = crud('/staff/teachers', s.staffTeacherSchema, {
  query: s.staffTeacherListQuerySchema,
  create: s.staffTeacherCreateSchema,
  update: s.staffTeacherUpdateSchema,
});
const courses = crud('/staff/courses', s.staffCourseSchema, {
  query: s.staffCourseListQuerySchema,
  create: s.staffCourseCreateSchema,
  update: s.staffCourseUpdateSchema,
});
const lectures = crud('/staff/lectures', s.staffLectureSchema, {
  query: s.staffLectureListQuerySchema,
  create: s.staffLectureCreateSchema,
  update: s.staffLectureUpdateSchema,
});
const videos = crud('/staff/videos', s.staffVideoSchema, {
  query: s.staffVideoListQuerySchema,
  create: s.staffVideoCreateSchema,
  update: s.staffVideoUpdateSchema,
});
const exams = crud('/staff/exams', s.staffExamSchema, {
  query: s.staffExamListQuerySchema,
  create: s.staffExamCreateSchema,
  update: s.staffExamUpdateSchema,
});
const questions = crud('/staff/questions', s.staffQuestionSchema, {
  query: s.staffQuestionListQuerySchema,
  create: s.staffQuestionCreateSchema,
  update: s.staffQuestionUpdateSchema,
});
const questionBanks = crud('/staff/question-banks', s.staffQuestionBankSchema, {
  query: s.staffQuestionBankListQuerySchema,
  create: s.staffQuestionBankCreateSchema,
  update: s.staffQuestionBankUpdateSchema,
});
const drawRules = crud('/staff/exam-draw-rules', s.staffExamDrawRuleSchema, {
  query: s.staffExamDrawRuleListQuerySchema,
  create: s.staffExamDrawRuleCreateSchema,
  update: s.staffExamDrawRuleUpdateSchema,
});
const lectureExams = crud('/staff/lecture-exams', s.staffLectureExamSchema, {
  query: s.staffLectureExamListQuerySchema,
  create: s.staffLectureExamCreateSchema,
  update: s.staffLectureExamUpdateSchema,
});
const accommodations = crud('/staff/exam-accommodations', s.staffExamAccommodationSchema, {
  query: s.staffExamAccommodationListQuerySchema,
  create: s.staffExamAccommodationCreateSchema,
  update: s.staffExamAccommodationUpdateSchema,
});
const attemptGrants = crud('/staff/exam-attempt-grants', s.staffExamAttemptGrantSchema, {
  query: s.staffExamAttemptGrantListQuerySchema,
  create: s.staffExamAttemptGrantCreateSchema,
  update: s.staffExamAttemptGrantUpdateSchema,
});
const accounts = crud(
  '/staff/accounts',
  s.staffAccountSchema,
  {
    query: s.staffAccountListQuerySchema,
    create: s.staffAccountCreateSchema,
    update: s.staffAccountUpdateSchema,
  },
  'admin',
);

/**
 * Every staff call by name; `endpoints` (endpoints.ts) spreads it, so the OpenAPI document, the
 * api-contract test, the bad-input walker and the role matrix see each one.
 */
export const staffEndpoints = {
  staffLogin: {
    method: 'POST',
    path: '/staff/login',
    auth: 'optional',
    body: s.staffLoginBodySchema,
    response: s.staffLoginResponseSchema,
    errors: ['INVALID_CREDENTIALS'],
  },
  staffMe: {
    method: 'GET',
    path: '/staff/me',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    response: s.staffMeResponseSchema,
  },
  staffLogout: {
    method: 'POST',
    path: '/staff/logout',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    response: s.staffLogoutResponseSchema,
  },

  staffListGrades: forTeachers(grades.list),
  staffGetGrade: forTeachers(grades.get),
  staffCreateGrade: grades.create,
  staffUpdateGrade: grades.update,
  staffDeleteGrade: grades.remove,

  staffListCategories: forTeachers(categories.list),
  staffGetCategory: forTeachers(categories.get),
  staffCreateCategory: categories.create,
  staffUpdateCategory: categories.update,
  staffDeleteCategory: categories.remove,

  staffListTeachers: forTeachers(teachers.list),
  staffGetTeacher: forTeachers(teachers.get),
  staffCreateTeacher: teachers.create,
  staffUpdateTeacher: forTeachers(teachers.update),
  staffDeleteTeacher: teachers.remove,
  staffUploadTeacherAvatar: forTeachers(imageUpload('/staff/teachers/:id/avatar')),
  staffUploadTeacherBanner: forTeachers(imageUpload('/staff/teachers/:id/banner')),

  staffListCourses: forTeachers(courses.list),
  staffGetCourse: forTeachers(courses.get),
  staffCreateCourse: forTeachers(courses.create),
  staffUpdateCourse: forTeachers(courses.update),
  staffDeleteCourse: forTeachers(courses.remove),
  staffUploadCourseImage: forTeachers(imageUpload('/staff/courses/:id/image')),

  staffListLectures: forTeachers(lectures.list),
  staffGetLecture: forTeachers(lectures.get),
  staffCreateLecture: forTeachers(lectures.create),
  staffUpdateLecture: forTeachers(lectures.update),
  staffDeleteLecture: forTeachers(lectures.remove),
  staffOrderLectures: {
    method: 'POST',
    path: '/staff/courses/:id/lectures/order',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    body: s.staffLectureOrderBodySchema,
    response: s.staffLectureOrderResponseSchema,
  },

  staffListVideos: forTeachers(videos.list),
  staffGetVideo: forTeachers(videos.get),
  staffCreateVideo: forTeachers(videos.create),
  staffUpdateVideo: forTeachers(videos.update),
  staffDeleteVideo: forTeachers(videos.remove),
  /**
   * Its HLS ladder's job queued again for its file (ADR 055), when it failed: back to
   * `waiting`, the error cleared. 409 when it has no file, its ladder is ready, a job of it is
   * waiting or running, or the server does not transcode.
   */
  staffRetryVideoTranscode: {
    method: 'POST',
    path: '/staff/videos/:id/transcode',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    response: s.staffOneResponse(s.staffVideoSchema),
    errors: ['CONFLICT'],
  },

  staffListAttachments: {
    method: 'GET',
    path: '/staff/attachments',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    query: s.staffAttachmentListQuerySchema,
    response: s.staffListResponse(s.staffAttachmentSchema),
  },
  staffGetAttachment: {
    method: 'GET',
    path: '/staff/attachments/:id',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    response: s.staffOneResponse(s.staffAttachmentSchema),
  },
  staffCreateAttachment: {
    method: 'POST',
    path: '/staff/attachments',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    body: s.staffAttachmentUploadBodySchema,
    multipart: true,
    upload: { field: 'file', maxBytes: ATTACHMENT_MAX_BYTES },
    response: s.staffOneResponse(s.staffAttachmentSchema),
  },
  staffUpdateAttachment: {
    method: 'PATCH',
    path: '/staff/attachments/:id',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    body: s.staffAttachmentUpdateSchema,
    response: s.staffOneResponse(s.staffAttachmentSchema),
  },
  staffDeleteAttachment: {
    method: 'DELETE',
    path: '/staff/attachments/:id',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    response: s.staffDeletedResponseSchema,
  },

  staffListExams: forTeachers(exams.list),
  staffGetExam: forTeachers(exams.get),
  staffCreateExam: forTeachers(exams.create),
  staffUpdateExam: forTeachers(exams.update),
  staffDeleteExam: forTeachers(exams.remove),

  staffListQuestions: forTeachers(questions.list),
  staffGetQuestion: forTeachers(questions.get),
  staffCreateQuestion: forTeachers(questions.create),
  staffUpdateQuestion: forTeachers(questions.update),
  staffDeleteQuestion: forTeachers(questions.remove),
  staffUploadQuestionImage: forTeachers(imageUpload('/staff/questions/:id/image')),
  staffUploadQuestionExplainImage: forTeachers(imageUpload('/staff/questions/:id/explain-image')),

  staffListLectureExams: forTeachers(lectureExams.list),
  staffGetLectureExam: forTeachers(lectureExams.get),
  staffCreateLectureExam: forTeachers(lectureExams.create),
  staffUpdateLectureExam: forTeachers(lectureExams.update),
  staffDeleteLectureExam: forTeachers(lectureExams.remove),
  staffRegradeQuestion: {
    method: 'POST',
    path: '/staff/questions/:id/regrade',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    body: s.staffQuestionRegradeBodySchema,
    response: s.staffOneResponse(s.staffQuestionRegradeResultSchema),
    errors: ['NOT_FOUND'],
  },
  staffExamItemAnalysis: {
    method: 'GET',
    path: '/staff/exams/:id/item-analysis',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    response: s.staffOneResponse(s.staffItemAnalysisSchema),
    errors: ['NOT_FOUND'],
  },
  staffListQuestionBanks: forTeachers(questionBanks.list),
  staffGetQuestionBank: forTeachers(questionBanks.get),
  staffCreateQuestionBank: forTeachers(questionBanks.create),
  staffUpdateQuestionBank: forTeachers(questionBanks.update),
  staffDeleteQuestionBank: forTeachers(questionBanks.remove),
  staffListExamDrawRules: forTeachers(drawRules.list),
  staffGetExamDrawRule: forTeachers(drawRules.get),
  staffCreateExamDrawRule: forTeachers(drawRules.create),
  staffUpdateExamDrawRule: forTeachers(drawRules.update),
  staffDeleteExamDrawRule: forTeachers(drawRules.remove),
  staffExamDrawPreview: {
    method: 'GET',
    path: '/staff/exams/:id/draw-preview',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    query: s.staffDrawPreviewQuerySchema,
    response: s.staffOneResponse(s.staffDrawPreviewSchema),
    errors: ['NOT_FOUND'],
  },
  staffListExamAccommodations: forTeachers(accommodations.list),
  staffGetExamAccommodation: forTeachers(accommodations.get),
  staffCreateExamAccommodation: forTeachers(accommodations.create),
  staffUpdateExamAccommodation: forTeachers(accommodations.update),
  staffDeleteExamAccommodation: forTeachers(accommodations.remove),
  staffListExamAttemptGrants: forTeachers(attemptGrants.list),
  staffGetExamAttemptGrant: forTeachers(attemptGrants.get),
  staffCreateExamAttemptGrant: forTeachers(attemptGrants.create),
  staffUpdateExamAttemptGrant: forTeachers(attemptGrants.update),
  staffDeleteExamAttemptGrant: forTeachers(attemptGrants.remove),

  staffGetSettings: {
    method: 'GET',
    path: '/staff/settings',
    auth: 'required',
    staff: 'admin',
    response: s.staffSettingsResponseSchema,
  },
  staffUpdateSettings: {
    method: 'PATCH',
    path: '/staff/settings',
    auth: 'required',
    staff: 'admin',
    body: s.staffSettingsUpdateSchema,
    response: s.staffSettingsResponseSchema,
  },

  staffGetHeaderImages: {
    method: 'GET',
    path: '/staff/home/header-images',
    auth: 'required',
    staff: 'leader',
    response: s.staffHeaderImagesResponseSchema,
  },
  staffPutHeaderImages: {
    method: 'PUT',
    path: '/staff/home/header-images',
    auth: 'required',
    staff: 'leader',
    body: s.staffHeaderImagesBodySchema,
    response: s.staffHeaderImagesResponseSchema,
  },
  /** A logo or favicon of the school (ADR 049): its address, set in the settings on saving. */
  staffUploadBrandImage: {
    method: 'POST',
    path: '/staff/settings/brand-image',
    auth: 'required',
    staff: 'admin',
    body: s.staffImageUploadBodySchema,
    multipart: true,
    upload: STAFF_IMAGE_UPLOAD,
    response: s.staffImageUploadResponseSchema,
  },
  staffUploadHeaderImage: {
    method: 'POST',
    path: '/staff/home/header-images/upload',
    auth: 'required',
    staff: 'leader',
    body: s.staffImageUploadBodySchema,
    multipart: true,
    upload: STAFF_IMAGE_UPLOAD,
    response: s.staffImageUploadResponseSchema,
  },

  staffListAuditLog: {
    method: 'GET',
    path: '/staff/audit-log',
    auth: 'required',
    staff: 'admin',
    query: s.staffAuditListQuerySchema,
    response: s.staffListResponse(s.staffAuditEntrySchema),
  },

  staffListAccounts: accounts.list,
  staffGetAccount: accounts.get,
  staffCreateAccount: accounts.create,
  staffUpdateAccount: accounts.update,
  staffDeleteAccount: accounts.remove,
  /** A new set-password link for the account, mailed; earlier links stop working. */
  staffInviteAccount: {
    method: 'POST',
    path: '/staff/accounts/:id/invitation',
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    response: s.staffInvitationResponseSchema,
  },
  /** Whose invitation a link is (no sign-in: the link is the proof). */
  staffCheckInvitation: {
    method: 'POST',
    path: '/staff/invitation/check',
    auth: 'optional',
    body: s.staffInvitationTokenBodySchema,
    response: s.staffInvitationCheckResponseSchema,
    errors: ['INVALID_CODE'],
  },
  /** Sets the invited account's password, uses the link up and signs it in. */
  staffAcceptInvitation: {
    method: 'POST',
    path: '/staff/invitation/accept',
    auth: 'optional',
    body: s.staffAcceptInvitationBodySchema,
    response: s.staffLoginResponseSchema,
    errors: ['INVALID_CODE'],
  },

  // Recharge review (issue 13): leaders and admins.
  staffListMobilePayments: {
    method: 'GET',
    path: '/staff/mobile-payments',
    auth: 'required',
    staff: 'leader',
    query: s.staffMobilePaymentListQuerySchema,
    response: s.staffListResponse(s.staffMobilePaymentSchema),
  },
  staffGetMobilePayment: {
    method: 'GET',
    path: '/staff/mobile-payments/:id',
    auth: 'required',
    staff: 'leader',
    params: idParamsSchema,
    response: s.staffOneResponse(s.staffMobilePaymentSchema),
  },
  staffGetMobilePaymentReceipt: {
    method: 'GET',
    path: '/staff/mobile-payments/:id/receipt',
    auth: 'required',
    staff: 'leader',
    params: idParamsSchema,
    file: 'image/*',
  },
  staffApproveMobilePayment: {
    method: 'POST',
    path: '/staff/mobile-payments/:id/approve',
    auth: 'required',
    staff: 'leader',
    params: idParamsSchema,
    body: s.staffMobilePaymentApproveBodySchema,
    response: s.staffOneResponse(s.staffMobilePaymentSchema),
    errors: ['CONFLICT'],
  },
  staffRejectMobilePayment: {
    method: 'POST',
    path: '/staff/mobile-payments/:id/reject',
    auth: 'required',
    staff: 'leader',
    params: idParamsSchema,
    body: s.staffMobilePaymentRejectBodySchema,
    response: s.staffOneResponse(s.staffMobilePaymentSchema),
    errors: ['CONFLICT'],
  },

  // Marking of essay answers (issue 13): leaders and admins.
  staffListMarking: {
    method: 'GET',
    path: '/staff/marking',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    query: s.staffMarkingListQuerySchema,
    response: s.staffListResponse(s.staffMarkingItemSchema),
  },
  staffMarkAnswer: {
    method: 'POST',
    path: '/staff/marking/:id',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    body: s.staffMarkBodySchema,
    response: s.staffMarkResponseSchema,
  },

  // Balance adjustments (issue 13): admins only.
  staffAdjustBalance: {
    method: 'POST',
    path: '/staff/students/:id/balance',
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    body: s.staffBalanceAdjustBodySchema,
    response: s.staffBalanceAdjustResponseSchema,
    errors: ['CONFLICT'],
  },

  // Students and messages (issue 13, ADR 029): leaders read students, admins change.
  ...staffPeopleEndpoints,
  // A student's devices and sessions (issue 28, ADR 051): leaders read, admins change.
  ...staffStudentDeviceEndpoints,
  // Students added by hand and imported, and their set-password links (issue 28, ADR 052).
  ...staffStudentImportEndpoints,

  // Text messages to parents by SMS and WhatsApp, and opt-outs (issue 28, ADR 053): admins.
  ...staffMessageEndpoints,

  // Support inbox, exam sessions and results (issue 13, ADR 031): leaders and admins.
  ...staffSupportEndpoints,

  // Pay-card batches, gateway orders and the dashboard (issue 13, ADR 030).
  ...staffMoneyEndpoints,

  // Exports and the school-wide purchases and ledger (issue 23, ADR 034).
  ...staffExportEndpoints,

  // A teacher's monthly statement (issue 27, ADR 048): the admin's and that teacher's.
  ...staffTeacherStatementEndpoints,
  ...staffTeacherStudentEndpoints,
  ...staffProgressEndpoints,
} as const satisfies Record<string, StaffJsonDef | StaffFileDef>;

export type StaffEndpointName = keyof typeof staffEndpoints;
