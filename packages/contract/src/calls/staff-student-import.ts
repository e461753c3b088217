import { z } from '../zod';
import { idParamsSchema } from './courses';
import { staffOneResponse, staffOptionalText, staffText } from './staff';
import { staffStudentDetailSchema } from './staff-people';
import { STUDENT_INVITATION_INVALID } from './student-invitation';
import { egyptianMobileSchema, VALIDATION_MESSAGES } from '../fields';
import { idSchema, safeString } from '../primitives';

/**
 * Students a school brings in (issue 28, ADR 052): one added by hand in the console, or a
 * roster imported from a CSV or Excel file (checked row by row, tried as a dry run, then applied
 * whole or not at all); each new student sets a password from a link the school sends.
 */

export const STUDENT_IMPORT_MESSAGES = {
  fileType: 'نوع الملف غير مدعوم: ارفع ملف إكسل حديثًا أو ملف قيم مفصولة بفواصل',
  fileUnreadable: 'تعذّرت قراءة الملف؛ احفظه مرة أخرى من إكسل أو من جداول جوجل وارفعه',
  fileEmpty: 'الملف لا يحوي صفوف طلاب تحت سطر العناوين',
  tooManyRows: 'الملف أكبر من 10,000 صف؛ قسّمه إلى ملفات أصغر',
  nameColumn: 'لم نجد عمود «الاسم» في السطر الأول من الملف',
  phoneColumn: 'لم نجد عمود «الهاتف» في السطر الأول من الملف',
  nameMissing: 'الاسم مطلوب',
  nameLong: 'الاسم أطول من 100 حرف',
  phoneMissing: 'رقم الهاتف مطلوب',
  phoneBad: 'رقم الهاتف غير صحيح: رقم موبايل مصري من 11 رقمًا يبدأ بـ 010 أو 011 أو 012 أو 015',
  phoneTwice: (row: number) => `رقم الهاتف مكرر في الملف (الصف ${row})`,
  phoneTaken: 'يوجد حساب مسجل بهذا الرقم بالفعل',
  emailBad: 'البريد الإلكتروني غير صحيح',
  emailTwice: (row: number) => `البريد الإلكتروني مكرر في الملف (الصف ${row})`,
  emailTaken: 'يوجد حساب مسجل بهذا البريد الإلكتروني بالفعل',
  gradeMissing: (name: string) => `الصف الدراسي «${name}» غير موجود`,
  courseMissing: (name: string) => `الدورة «${name}» غير موجودة`,
  courseTwice: (name: string) => `الدورة «${name}» مكتوبة مرتين`,
  courseAmbiguous: (name: string) => `يوجد أكثر من دورة باسم «${name}»؛ اكتب رقمها بدلًا من اسمها`,
  amountBad: 'المبلغ غير صحيح: رقم بالجنيه لا يقل عن صفر وبقرشين على الأكثر',
  cashWithoutCourse: 'المبلغ المدفوع نقدًا يخص الدورات؛ اكتب الدورة في عمود «الدورات»',
  parentPhoneBad: 'هاتف ولي الأمر غير صحيح: رقم موبايل مصري من 11 رقمًا',
  parentEmailBad: 'بريد ولي الأمر غير صحيح',
  textLong: 'النص أطول من المسموح',
  hasProblems: 'في الملف صفوف بها أخطاء؛ صحّحها وارفع الملف مرة أخرى، أو استورد الصفوف السليمة فقط',
  nothingToImport: 'لا توجد صفوف سليمة للاستيراد',
  dryRunReady: (n: number) => `الملف سليم، وعدد الطلاب الجاهزين للاستيراد: ${n}`,
  imported: (n: number) => `تم الاستيراد، وعدد الطلاب المضافين: ${n}`,
  created: 'تمت إضافة الطالب',
  /** The ledger's comment on an opening balance (the student sees it in the wallet). */
  openingBalance: 'رصيد افتتاحي عند إضافة الحساب',
  grantComment: 'منحت عند استيراد الطلاب',
  noEmail: 'لا يوجد بريد إلكتروني لهذا الطالب؛ أرسل له رابط تعيين كلمة المرور بدلًا من ذلك',
  invitationInvalid: STUDENT_INVITATION_INVALID,
} as const;
const M = STUDENT_IMPORT_MESSAGES;

/** Rows a file may hold: a big school's whole roster, and a bound on one request's work. */
export const STUDENT_IMPORT_MAX_ROWS = 10_000;
/** Bytes an import file may have (10,000 rows of CSV are about 1.5 MB). */
export const STUDENT_IMPORT_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The columns an import reads, each with the headers that name it (after normalising: case,
 * diacritics, the forms of alef, ta marbuta and ya, a unit in brackets, spaces). The export of
 * students writes the first header of each, so an exported file imports back.
 */
export const STUDENT_IMPORT_COLUMNS = {
  name: [
    'الاسم',
    'اسم الطالب',
    'الاسم بالكامل',
    'الاسم الكامل',
    'name',
    'full name',
    'student name',
  ],
  phone: [
    'الهاتف',
    'رقم الهاتف',
    'هاتف الطالب',
    'الموبايل',
    'رقم الموبايل',
    'المحمول',
    'رقم المحمول',
    'التليفون',
    'phone',
    'mobile',
  ],
  email: ['البريد الإلكتروني', 'البريد', 'الإيميل', 'الايميل', 'email', 'e-mail'],
  grade: ['الصف الدراسي', 'الصف', 'المرحلة', 'السنة الدراسية', 'grade'],
  center: ['السنتر', 'المركز', 'اسم السنتر', 'center'],
  parent_phone: [
    'هاتف ولي الأمر',
    'رقم ولي الأمر',
    'موبايل ولي الأمر',
    'رقم هاتف ولي الأمر',
    'parent phone',
  ],
  parent_email: ['بريد ولي الأمر', 'البريد الإلكتروني لولي الأمر', 'parent email'],
  courses: ['الدورات', 'الكورسات', 'الدورة', 'courses'],
  cash: ['المدفوع نقدًا', 'المبلغ المدفوع نقدًا', 'نقدًا', 'cash'],
  balance: ['الرصيد', 'الرصيد الافتتاحي', 'رصيد المحفظة', 'balance', 'opening balance'],
} as const;
export type StudentImportColumn = keyof typeof STUDENT_IMPORT_COLUMNS;

/** One problem of a file's row, in Arabic; `row` counts the file's lines (the header is 1). */
export const studentImportProblemSchema = z.object({
  row: z.number().int(),
  column: z.string().nullable(),
  value: z.string().nullable(),
  message: z.string(),
});
export type StudentImportProblem = z.infer<typeof studentImportProblemSchema>;

/** A row as it will be (or was) imported, for the preview. */
export const studentImportRowSchema = z.object({
  row: z.number().int(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  grade: z.string().nullable(),
  courses: z.array(z.string()),
  /** pounds */
  cash: z.number(),
  /** pounds */
  balance: z.number(),
  ok: z.boolean(),
});
export type StudentImportRow = z.infer<typeof studentImportRowSchema>;

/** What a file holds and what importing it does (or did). */
export const studentImportReportSchema = z.object({
  /** False for a dry run, and for a file refused for its problems: nothing was written. */
  applied: z.boolean(),
  /** Names the students an applied import created (their `import_id`). */
  import_id: z.string().nullable(),
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  created: z.number().int(),
  /** Headers of the file that name none of the columns: left out. */
  ignored_columns: z.array(z.string()),
  /** The columns found, by key. */
  columns: z.array(z.string()),
  problems: z.array(studentImportProblemSchema),
  /** The first 50 rows, as read. */
  preview: z.array(studentImportRowSchema),
  grants: z.number().int(),
  /** pounds */
  cash_total: z.number(),
  /** pounds */
  balance_total: z.number(),
  /** Set-password links queued to be sent; the others get theirs from staff. */
  invitations: z.number().int(),
  /** Whether they go by text message (SMS/WhatsApp) to every new student, and by e-mail too
   * to those with one; else by e-mail only. */
  invitations_by_phone: z.boolean(),
  message: z.string(),
});
export type StudentImportReport = z.infer<typeof studentImportReportSchema>;

const flag = z.preprocess(
  (value) => value === 'true' || value === '1' || value === true,
  z.boolean().default(false),
);
/**
 * The form: the roster `file`; `dry_run`: read and check only; `skip_invalid`: import the rows
 * without problems and leave the others (without it a file with any problem imports nothing).
 */
export const studentImportBodySchema = z.object({
  file: z
    .file({ error: M.fileType })
    .max(STUDENT_IMPORT_MAX_BYTES, { error: VALIDATION_MESSAGES.fileTooLarge }),
  dry_run: flag.optional(),
  skip_invalid: flag.optional(),
});
/** The form's text fields, as the server reads them beside the file. */
export const studentImportFieldsSchema = studentImportBodySchema.omit({ file: true });

const optionalEmail = safeString(VALIDATION_MESSAGES.email)
  .trim()
  .toLowerCase()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(
    z
      .email({ error: VALIDATION_MESSAGES.email })
      .max(254, { error: VALIDATION_MESSAGES.email })
      .nullable(),
  );
const optionalPhone = safeString(M.parentPhoneBad)
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(egyptianMobileSchema.nullable());

/** A student added by hand: a name and a phone; the rest may come later. */
export const staffStudentCreateSchema = z.object({
  name: staffText(100),
  phone: egyptianMobileSchema,
  email: optionalEmail.optional(),
  grade_id: idSchema(VALIDATION_MESSAGES.grade).nullish(),
  center_name: staffOptionalText(100).optional(),
  parent_phone: optionalPhone.optional(),
  parent_email: optionalEmail.optional(),
});
/** The same fields, each optional: a student's details corrected by staff. */
export const staffStudentUpdateSchema = staffStudentCreateSchema.partial();

/** A set-password link made for a student: mailed when they have an e-mail, and shown. */
export const studentInvitationSchema = z.object({
  url: z.string(),
  expires_at: z.string(),
  /** True when it was handed to the mail server. */
  mailed: z.boolean(),
});
export type StudentInvitation = z.infer<typeof studentInvitationSchema>;

export const staffStudentCreateResponseSchema = z.object({
  data: staffStudentDetailSchema,
  invitation: studentInvitationSchema,
});

// The student's side of the link: its own module, kept out of the console's schemas.
export {
  STUDENT_INVITATION_INVALID,
  studentInvitationAcceptBodySchema,
  studentInvitationCheckResponseSchema,
  studentInvitationTokenBodySchema,
} from './student-invitation';

export const staffStudentImportEndpoints = {
  staffCreateStudent: {
    method: 'POST',
    path: '/staff/students',
    auth: 'required',
    staff: 'admin',
    body: staffStudentCreateSchema,
    response: staffStudentCreateResponseSchema,
  },
  staffUpdateStudent: {
    method: 'PATCH',
    path: '/staff/students/:id',
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    body: staffStudentUpdateSchema,
    response: staffOneResponse(staffStudentDetailSchema),
  },
  staffImportStudents: {
    method: 'POST',
    path: '/staff/students/import',
    auth: 'required',
    staff: 'admin',
    body: studentImportBodySchema,
    multipart: true,
    upload: { field: 'file', maxBytes: STUDENT_IMPORT_MAX_BYTES },
    response: staffOneResponse(studentImportReportSchema),
  },
  staffInviteStudent: {
    method: 'POST',
    path: '/staff/students/:id/invitation',
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    response: staffOneResponse(studentInvitationSchema),
  },
} as const;
