import type { RaRecord } from 'react-admin';
import { staffEndpoints as e } from '@dars/contract';
import type { StaffJsonEntry } from './http';

/**
 * The ids of the records the server has one of, which react-admin edits as one record: the app
 * settings and the home page's header images.
 */
export const SETTINGS_ID = 'app';
export const HEADER_IMAGES_ID = 'home';

/**
 * A react-admin resource's calls on the staff API: the contract's entries for list (answers
 * `{ data, meta: { total } }`), get (`{ data }`), create, update (partial) and delete, and how
 * the resource differs from that shape. The data provider (data-provider.ts) reads only this.
 */
export interface ResourceCalls {
  list?: StaffJsonEntry;
  get?: StaffJsonEntry;
  create?: StaffJsonEntry;
  update?: StaffJsonEntry;
  delete?: StaffJsonEntry;
  /** The resource is one record with this id; its get and update take no `:id`. */
  singleton?: string;
  /**
   * Path params of the list taken from its filter, `{ param: filterField }`: a student's
   * purchases (staffListStudentPurchases, the student's `:id` in its path) are listed with the
   * filter `{ student_id }`.
   */
  listParams?: Record<string, string>;
  /** The record of a get or update answer's `data` (by default `data` itself). */
  record?: (data: unknown) => Record<string, unknown>;
  /** The body of an update (by default the fields the form changed). */
  updateBody?: (data: Record<string, unknown>) => unknown;
  /** The body of a create (by default the form's fields, as JSON). */
  createBody?: (data: Record<string, unknown>) => unknown;
}

/** The five calls of a resource with the contract's usual list, get, create, update, delete. */
const crud = (
  list: StaffJsonEntry,
  get: StaffJsonEntry,
  create: StaffJsonEntry,
  update: StaffJsonEntry,
  remove: StaffJsonEntry,
): ResourceCalls => ({ list, get, create, update, delete: remove });

/** A file picked in a react-admin FileInput: the File is its `rawFile`. */
function pickedFile(value: unknown): File | undefined {
  if (value && typeof value === 'object' && 'rawFile' in value && value.rawFile instanceof File)
    return value.rawFile;
  return undefined;
}

/**
 * A new attachment as the server takes it: one multipart call with its lecture, its name and
 * the file picked (without a file the server answers 422 under the file field).
 */
function attachmentForm(data: Record<string, unknown>): FormData {
  const form = new FormData();
  form.append('lecture_id', String(data.lecture_id ?? ''));
  form.append('name', String(data.name ?? ''));
  const file = pickedFile(data.file);
  if (file) form.append('file', file);
  return form;
}

/** Every resource the console reads or writes through react-admin, by its name. */
export const resources: Record<string, ResourceCalls> = {
  grades: crud(
    e.staffListGrades,
    e.staffGetGrade,
    e.staffCreateGrade,
    e.staffUpdateGrade,
    e.staffDeleteGrade,
  ),
  categories: crud(
    e.staffListCategories,
    e.staffGetCategory,
    e.staffCreateCategory,
    e.staffUpdateCategory,
    e.staffDeleteCategory,
  ),
  teachers: crud(
    e.staffListTeachers,
    e.staffGetTeacher,
    e.staffCreateTeacher,
    e.staffUpdateTeacher,
    e.staffDeleteTeacher,
  ),
  courses: crud(
    e.staffListCourses,
    e.staffGetCourse,
    e.staffCreateCourse,
    e.staffUpdateCourse,
    e.staffDeleteCourse,
  ),
  lectures: crud(
    e.staffListLectures,
    e.staffGetLecture,
    e.staffCreateLecture,
    e.staffUpdateLecture,
    e.staffDeleteLecture,
  ),
  videos: crud(
    e.staffListVideos,
    e.staffGetVideo,
    e.staffCreateVideo,
    e.staffUpdateVideo,
    e.staffDeleteVideo,
  ),
  attachments: {
    ...crud(
      e.staffListAttachments,
      e.staffGetAttachment,
      e.staffCreateAttachment,
      e.staffUpdateAttachment,
      e.staffDeleteAttachment,
    ),
    createBody: attachmentForm,
  },
  exams: crud(
    e.staffListExams,
    e.staffGetExam,
    e.staffCreateExam,
    e.staffUpdateExam,
    e.staffDeleteExam,
  ),
  questions: crud(
    e.staffListQuestions,
    e.staffGetQuestion,
    e.staffCreateQuestion,
    e.staffUpdateQuestion,
    e.staffDeleteQuestion,
  ),
  // A course's named lists of questions and the rules an exam draws from them by (ADR 046).
  'question-banks': crud(
    e.staffListQuestionBanks,
    e.staffGetQuestionBank,
    e.staffCreateQuestionBank,
    e.staffUpdateQuestionBank,
    e.staffDeleteQuestionBank,
  ),
  'exam-draw-rules': crud(
    e.staffListExamDrawRules,
    e.staffGetExamDrawRule,
    e.staffCreateExamDrawRule,
    e.staffUpdateExamDrawRule,
    e.staffDeleteExamDrawRule,
  ),
  'lecture-exams': crud(
    e.staffListLectureExams,
    e.staffGetLectureExam,
    e.staffCreateLectureExam,
    e.staffUpdateLectureExam,
    e.staffDeleteLectureExam,
  ),
  // A student's own exam time (ADR 042), edited on the student's page.
  'exam-accommodations': crud(
    e.staffListExamAccommodations,
    e.staffGetExamAccommodation,
    e.staffCreateExamAccommodation,
    e.staffUpdateExamAccommodation,
    e.staffDeleteExamAccommodation,
  ),
  // More attempts at an exam for one student (ADR 047), edited on the student's page.
  'exam-attempt-grants': crud(
    e.staffListExamAttemptGrants,
    e.staffGetExamAttemptGrant,
    e.staffCreateExamAttemptGrant,
    e.staffUpdateExamAttemptGrant,
    e.staffDeleteExamAttemptGrant,
  ),
  accounts: crud(
    e.staffListAccounts,
    e.staffGetAccount,
    e.staffCreateAccount,
    e.staffUpdateAccount,
    e.staffDeleteAccount,
  ),
  settings: {
    get: e.staffGetSettings,
    update: e.staffUpdateSettings,
    singleton: SETTINGS_ID,
  },
  'header-images': {
    get: e.staffGetHeaderImages,
    update: e.staffPutHeaderImages,
    singleton: HEADER_IMAGES_ID,
    record: (data) => ({ header_images: data }),
    // The list is saved whole (PUT), not by the fields that changed.
    updateBody: (data) => ({ header_images: data.header_images ?? [] }),
  },
  'audit-log': { list: e.staffListAuditLog },
  'support-tickets': { list: e.staffListSupportTickets, get: e.staffGetSupportTicket },
  'mobile-payments': { list: e.staffListMobilePayments, get: e.staffGetMobilePayment },
  marking: { list: e.staffListMarking },
  'exam-sessions': { list: e.staffListExamSessions },
  students: { list: e.staffListStudents, get: e.staffGetStudent },
  'student-courses': { list: e.staffListStudentCourses, listParams: { id: 'student_id' } },
  'student-purchases': { list: e.staffListStudentPurchases, listParams: { id: 'student_id' } },
  'student-exam-sessions': { list: e.staffListStudentSessions, listParams: { id: 'student_id' } },
  'student-ledger': { list: e.staffListStudentLedger, listParams: { id: 'student_id' } },
  'student-refunds': { list: e.staffListStudentRefunds, listParams: { id: 'student_id' } },
  // A teacher's students (ADR 048): the teacher's id is the list's `teacher_id` filter.
  'teacher-students': { list: e.staffListTeacherStudents, listParams: { id: 'teacher_id' } },
  // A course's progress report (issue 28, ADR 054): the course's id is the list's `course_id`.
  'course-progress': { list: e.staffListCourseProgress, listParams: { id: 'course_id' } },
  'paycard-batches': {
    list: e.staffListPaycardBatches,
    get: e.staffGetPaycardBatch,
    create: e.staffCreatePaycardBatch,
  },
  'payment-orders': { list: e.staffListPaymentOrders, get: e.staffGetPaymentOrder },
  purchases: { list: e.staffListPurchases },
  transactions: { list: e.staffListTransactions },
  // Text messages to parents and students, and the numbers that asked for none (ADR 053).
  'phone-messages': { list: e.staffListPhoneMessages, get: e.staffGetPhoneMessage },
  'phone-opt-outs': {
    list: e.staffListPhoneOptOuts,
    create: e.staffCreatePhoneOptOut,
    delete: e.staffDeletePhoneOptOut,
  },
};

/** The calls of a resource, or an error naming what the console asked for that has none. */
export function callsOf(resource: string, call: keyof ResourceCalls): ResourceCalls {
  const calls = resources[resource];
  if (!calls?.[call]) throw new Error(`The staff API has no ${call} call for "${resource}"`);
  return calls;
}

/** A record react-admin can key: the answer's data with an `id`. */
export type StaffRecord = RaRecord & Record<string, unknown>;
