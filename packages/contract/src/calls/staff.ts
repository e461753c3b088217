import { z } from 'zod';
import {
  appSettingsSchema,
  homeModeSchema,
  rechargeMethodSchema,
  SOCIAL_NETWORKS,
} from '../entities/settings';
import { payTypeSchema } from '../entities/course';
import { QUESTION_TYPES } from '../entities/exam';
import { internalRouteSchema } from '../internal-route';
import { AMOUNT_MAX, AMOUNT_MAX_MESSAGE, hasAtMostTwoDecimals, moneySchema } from '../money';
import { attachmentFileSchema, emailSchema, imageFileSchema, VALIDATION_MESSAGES } from '../fields';
import { ID_MAX, idSchema, safeString } from '../primitives';

/**
 * The staff console's API (issue 12, ADR 022): `/staff/*`, bearer token like the student API,
 * every route role-checked on the server. Lists answer `{ data, meta: { total } }` and page by
 * `page`/`per_page` (react-admin's simple REST shape); one item is `{ data }`; a delete
 * answers `{ data: { id } }`. Money is pounds with two decimals, as in the student API.
 */

/** 1 admin, 2 leader (spec §3 groupId). */
export const STAFF_ROLES = ['admin', 'leader'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;
export const STAFF_GROUP_IDS: Record<StaffRole, number> = { admin: 1, leader: 2 };

export const STAFF_MESSAGES = {
  notStaff: 'هذا الحساب ليس من حسابات فريق العمل',
  forbidden: 'ليس لديك صلاحية لهذا الإجراء',
  pricesForbidden: 'تعديل الأسعار متاح للمدير فقط',
  required: 'هذا الحقل مطلوب',
  url: 'أدخل رابطاً كاملاً صحيحاً لموقع ويب',
  version: 'أدخل رقم إصدار مثل 1.0.2',
  money: 'أدخل مبلغاً صحيحاً',
  courseHasPurchases: 'لا يمكن حذف دورة لها طلاب مشتركون أو مشتريات',
  lectureHasPurchases: 'لا يمكن حذف محاضرة اشتراها طلاب',
  examHasSessions: 'لا يمكن تعديل أسئلة امتحان بدأه طلاب؛ أنشئ نسخة جديدة من الامتحان',
  examDeleteHasSessions: 'لا يمكن حذف امتحان له جلسات طلاب',
  inUse: 'لا يمكن الحذف لأن هذا العنصر مستخدم',
  examCodeTaken: 'كود الامتحان مستخدم في امتحان آخر',
  emailTaken: 'البريد الإلكتروني مستخدم بالفعل',
  phoneTaken: 'رقم الهاتف مستخدم بالفعل',
  notFound: 'العنصر غير موجود',
  orderIds: 'يجب أن تحتوي القائمة على كل محاضرات الدورة مرة واحدة',
  choicesNeedCorrect: 'اختر إجابة صحيحة واحدة على الأقل',
  choicesNeedTwo: 'أضف إجابتين على الأقل',
  alternativeSelf: 'لا يمكن أن يكون الامتحان بديلاً عن نفسه',
  windowOrder: 'يجب أن يكون موعد النهاية بعد موعد البداية',
  fileType: 'نوع الملف غير مسموح',
  lastAdmin: 'لا يمكن إزالة آخر مدير',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks

const M = STAFF_MESSAGES;

/** Required text, trimmed, non-blank. */
export const staffText = (max: number) =>
  safeString(M.required)
    .trim()
    .min(1, { error: M.required })
    .max(max, { error: VALIDATION_MESSAGES.tooLong });

/** Optional text: blank reads as null. */
export const staffOptionalText = (max: number) =>
  safeString()
    .trim()
    .max(max, { error: VALIDATION_MESSAGES.tooLong })
    .nullable()
    .transform((v) => (v ? v : null));

/**
 * An http(s) link, or null (blank reads as null). `format` tells the API's readers what the
 * refine below checks, which JSON Schema cannot say.
 */
export const staffUrl = safeString(M.url)
  .trim()
  .max(2000, { error: VALIDATION_MESSAGES.tooLong })
  .meta({ format: 'uri' })
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), { error: M.url });

/** A pound amount ≥ 0 with two decimals at most. */
export const staffMoney = moneySchema
  .min(0, { error: M.money })
  .max(AMOUNT_MAX, { error: AMOUNT_MAX_MESSAGE });

/** A whole number in a range. */
export const staffInt = (min: number, max: number = ID_MAX) =>
  z
    .number({ error: 'أدخل رقماً صحيحاً' })
    .int({ error: 'أدخل رقماً صحيحاً' })
    .min(min, { error: 'القيمة أصغر من المسموح' })
    .max(max, { error: 'القيمة أكبر من المسموح' });

const staffId = idSchema(VALIDATION_MESSAGES.choice);
const idList = z.array(staffId).max(200, { error: 'عدد العناصر أكبر من المسموح' });
/** An ISO-8601 time; answered in UTC (`…Z`). */
export const staffDateTime = safeString()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'أدخل تاريخاً ووقتاً صحيحين' })
  .transform((v) => new Date(v).toISOString())
  .meta({ format: 'date-time' });

const flag = z.boolean({ error: 'اختر نعم أو لا' });

/** Lenient filter id: not a number is ignored; a number that cannot be an id is a 422. */
function filterId() {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined),
    staffId.optional(),
  );
}
function filterFlag() {
  return z.preprocess(
    (value) =>
      value === 'true' || value === '1'
        ? true
        : value === 'false' || value === '0'
          ? false
          : undefined,
    z.boolean().optional(),
  );
}

export const STAFF_PER_PAGE_DEFAULT = 25;
export const STAFF_PER_PAGE_MAX = 100;

/**
 * `?page=&per_page=&sort=&order=&q=` of every list plus its own filters. Lenient like the
 * student lists: a bad page is 1, an unknown sort field is the default order; NUL in `q` is 422.
 */
export function staffListQuery<F extends z.ZodRawShape>(filters: F) {
  return z.object({
    page: z.coerce.number().int().min(1).max(100_000).catch(1),
    per_page: z.coerce.number().int().min(1).max(STAFF_PER_PAGE_MAX).catch(STAFF_PER_PAGE_DEFAULT),
    sort: z
      .string()
      .regex(/^[a-z_]{1,40}$/)
      .optional()
      .catch(undefined),
    order: z.enum(['asc', 'desc']).catch('asc'),
    q: z
      .string()
      .optional()
      .catch(undefined)
      .pipe(safeString().optional())
      .transform((q) => q?.trim().slice(0, 100) || undefined),
    ...filters,
  });
}
export const staffBaseListQuerySchema = staffListQuery({});
/** The paging, sorting and search of every staff list. */
export type StaffListQuery = z.infer<typeof staffBaseListQuerySchema>;

export const staffListResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.object({ total: z.number().int() }) });
export const staffOneResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });
export const staffDeletedResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });

// ---------------------------------------------------------------------------------------------
// Auth

export const staffUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffLoginBodySchema = z.object({
  email: emailSchema,
  password: safeString(VALIDATION_MESSAGES.fieldsRequired)
    .min(1, { error: VALIDATION_MESSAGES.fieldsRequired })
    .max(128, { error: VALIDATION_MESSAGES.tooLong }),
});
export const staffLoginResponseSchema = z.object({
  data: z.object({ token: z.string(), user: staffUserSchema }),
});
export const staffMeResponseSchema = z.object({ data: staffUserSchema });
export const staffLogoutResponseSchema = z.object({ data: z.object({ message: z.string() }) });

// ---------------------------------------------------------------------------------------------
// Grades and categories

export const staffNamedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
});
export type StaffNamed = z.infer<typeof staffNamedSchema>;
export const staffNamedCreateSchema = z.object({
  name: staffText(100),
  position: staffInt(0, 100_000).optional(),
});
export const staffNamedUpdateSchema = staffNamedCreateSchema.partial();
export const staffNamedListQuerySchema = staffListQuery({});

// ---------------------------------------------------------------------------------------------
// Teachers

export const TEACHER_LINK_FIELDS = [
  'whatsapp_url',
  'facebook_url',
  'messenger_url',
  'twitter_url',
  'youtube_url',
  'telegram_url',
] as const;

export const staffTeacherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  bio: z.string().nullable(),
  avatar_url: z.string().nullable(),
  banner_url: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  whatsapp_url: z.string().nullable(),
  facebook_url: z.string().nullable(),
  messenger_url: z.string().nullable(),
  twitter_url: z.string().nullable(),
  youtube_url: z.string().nullable(),
  telegram_url: z.string().nullable(),
  courses_count: z.number().int(),
  created_at: z.string(),
});
export type StaffTeacher = z.infer<typeof staffTeacherSchema>;
export const staffTeacherCreateSchema = z.object({
  name: staffText(150),
  bio: staffOptionalText(5000).optional(),
  phone: staffOptionalText(30).optional(),
  email: safeString()
    .trim()
    .max(254)
    .nullable()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
      error: VALIDATION_MESSAGES.email,
    })
    .optional(),
  whatsapp_url: staffUrl.optional(),
  facebook_url: staffUrl.optional(),
  messenger_url: staffUrl.optional(),
  twitter_url: staffUrl.optional(),
  youtube_url: staffUrl.optional(),
  telegram_url: staffUrl.optional(),
});
export const staffTeacherUpdateSchema = staffTeacherCreateSchema.partial();
export const staffTeacherListQuerySchema = staffListQuery({});

// ---------------------------------------------------------------------------------------------
// Courses

export const staffCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  featured: z.boolean(),
  pay_type: payTypeSchema,
  /** pounds */
  price: z.number(),
  /** price is 0 */
  free: z.boolean(),
  show_preview: z.boolean(),
  /** Most students allowed to join; null for no limit. */
  users_limit: z.number().int().nullable(),
  published: z.boolean(),
  grade_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  /** In the order the course page shows them. */
  teacher_ids: z.array(z.number().int()),
  lectures_count: z.number().int(),
  users_count: z.number().int(),
  created_at: z.string(),
});
export type StaffCourse = z.infer<typeof staffCourseSchema>;
export const staffCourseCreateSchema = z.object({
  name: staffText(200),
  description: safeString().max(20_000, { error: VALIDATION_MESSAGES.tooLong }).optional(),
  featured: flag.optional(),
  pay_type: z.enum(['course', 'lectures'], { error: VALIDATION_MESSAGES.choice }),
  price: staffMoney.optional(),
  show_preview: flag.optional(),
  users_limit: staffInt(1, 1_000_000).nullable().optional(),
  published: flag.optional(),
  grade_ids: idList.optional(),
  category_ids: idList.optional(),
  teacher_ids: idList.optional(),
});
export const staffCourseUpdateSchema = staffCourseCreateSchema.partial();
export const staffCourseListQuerySchema = staffListQuery({
  grade_id: filterId(),
  category_id: filterId(),
  teacher_id: filterId(),
  featured: filterFlag(),
  published: filterFlag(),
});

// ---------------------------------------------------------------------------------------------
// Lectures

export const staffLectureSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  free: z.boolean(),
  price: z.number(),
  preview: z.boolean(),
  expiry_days: z.number().int().nullable(),
  repurchasable: z.boolean(),
  repurchase_price: z.number().nullable(),
  paycard_disabled: z.boolean(),
  videos_count: z.number().int(),
  attachments_count: z.number().int(),
  exams_count: z.number().int(),
  created_at: z.string(),
});
export type StaffLecture = z.infer<typeof staffLectureSchema>;
export const staffLectureCreateSchema = z.object({
  course_id: staffId,
  name: staffText(200),
  /** Default: after the course's last lecture. */
  position: staffInt(0, 100_000).optional(),
  free: flag.optional(),
  price: staffMoney.optional(),
  preview: flag.optional(),
  expiry_days: staffInt(1, 3650).nullable().optional(),
  repurchasable: flag.optional(),
  repurchase_price: staffMoney.nullable().optional(),
  paycard_disabled: flag.optional(),
});
/** A lecture stays in its course: course_id is not changed by an update. */
export const staffLectureUpdateSchema = staffLectureCreateSchema
  .omit({ course_id: true })
  .partial();
export const staffLectureListQuerySchema = staffListQuery({ course_id: filterId() });
/** POST /staff/courses/{id}/lectures/order: every lecture of the course, in the new order. */
export const staffLectureOrderBodySchema = z.object({
  ids: z.array(staffId).min(1).max(1000),
});
export const staffLectureOrderResponseSchema = z.object({ data: z.array(staffLectureSchema) });

// ---------------------------------------------------------------------------------------------
// Videos and attachments (metadata; files by upload)

export const staffVideoSchema = z.object({
  id: z.number().int(),
  lecture_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  views_limit: z.number().int().nullable(),
  hide_attendance_chips: z.boolean(),
  attendance_required: z.boolean(),
  attendance_chip_text: z.string().nullable(),
  /** A file has been uploaded (or set by the seed). */
  has_file: z.boolean(),
  duration_seconds: z.number().int().nullable(),
});
export type StaffVideo = z.infer<typeof staffVideoSchema>;
export const staffVideoCreateSchema = z.object({
  lecture_id: staffId,
  name: staffText(200),
  position: staffInt(0, 100_000).optional(),
  views_limit: staffInt(1, 1000).nullable().optional(),
  hide_attendance_chips: flag.optional(),
  attendance_required: flag.optional(),
  attendance_chip_text: staffOptionalText(40).optional(),
});
export const staffVideoUpdateSchema = staffVideoCreateSchema.omit({ lecture_id: true }).partial();
export const staffVideoListQuerySchema = staffListQuery({ lecture_id: filterId() });

export const staffAttachmentSchema = z.object({
  id: z.number().int(),
  lecture_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  size: z.number().int(),
  extension: z.string(),
});
export type StaffAttachment = z.infer<typeof staffAttachmentSchema>;
export const staffAttachmentUpdateSchema = z.object({
  name: staffText(200).optional(),
  position: staffInt(0, 100_000).optional(),
});
export const staffAttachmentListQuerySchema = staffListQuery({ lecture_id: filterId() });
/** POST /staff/attachments (multipart): lecture_id, name, file. */
export const staffAttachmentUploadBodySchema = z.object({
  lecture_id: z.coerce.number().int().positive().max(ID_MAX),
  name: staffText(200),
  file: attachmentFileSchema,
});

/** POST /staff/…/image (multipart: file) → the stored image's url. */
export const staffImageUploadBodySchema = z.object({ file: imageFileSchema });
export const staffImageUploadResponseSchema = z.object({
  data: z.object({ url: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Exams, questions, exams in lectures

export const EXAM_KINDS = ['exam', 'homework'] as const;

export const staffExamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  exam_code: z.string(),
  kind: z.enum(EXAM_KINDS),
  course_id: z.number().int().nullable(),
  /** Open to anyone with the code from /exams. */
  is_general: z.boolean(),
  duration_minutes: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  pass_percentage: z.number().int(),
  show_result: z.boolean(),
  show_detailed_result: z.boolean(),
  shuffled_answers: z.boolean(),
  enable_images_answers: z.boolean(),
  questions_count: z.number().int(),
  total_mark: z.number(),
  sessions_count: z.number().int(),
  created_at: z.string(),
});
export type StaffExam = z.infer<typeof staffExamSchema>;
/** What an exam code may hold: the students type it on /exams (no spaces, any case). */
export const EXAM_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const EXAM_CODE_MESSAGE =
  'الكود يقبل الحروف الإنجليزية والأرقام والشَّرطة (-) والشَّرطة السفلية (_) فقط، بلا مسافات';
export const staffExamCreateSchema = z.object({
  name: staffText(200),
  description: staffOptionalText(5000).optional(),
  exam_code: safeString(M.required)
    .trim()
    .min(1, { error: M.required })
    .max(40, { error: VALIDATION_MESSAGES.tooLong })
    .regex(EXAM_CODE_PATTERN, { error: EXAM_CODE_MESSAGE }),
  kind: z.enum(EXAM_KINDS, { error: VALIDATION_MESSAGES.choice }).optional(),
  course_id: staffId.nullable().optional(),
  is_general: flag.optional(),
  duration_minutes: staffInt(1, 24 * 60)
    .nullable()
    .optional(),
  starts_at: staffDateTime.nullable().optional(),
  ends_at: staffDateTime.nullable().optional(),
  pass_percentage: staffInt(0, 100).optional(),
  show_result: flag.optional(),
  show_detailed_result: flag.optional(),
  shuffled_answers: flag.optional(),
  enable_images_answers: flag.optional(),
});
export const staffExamUpdateSchema = staffExamCreateSchema.partial();
export const staffExamListQuerySchema = staffListQuery({
  course_id: filterId(),
  kind: z.enum(EXAM_KINDS).optional().catch(undefined),
});

export const staffAnswerOptionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  image_url: z.string().nullable(),
  correct: z.boolean(),
});
export const staffQuestionSchema = z.object({
  id: z.number().int(),
  exam_id: z.number().int(),
  position: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  image_url: z.string().nullable(),
  mark: z.number().int(),
  answer_explain_text: z.string().nullable(),
  answer_explain_image: z.string().nullable(),
  /** choices: the options; truefalse: 'صواب' and 'خطأ'; essay: none. */
  answers: z.array(staffAnswerOptionSchema),
});
export type StaffQuestion = z.infer<typeof staffQuestionSchema>;
const answerInput = z.object({
  text: safeString().trim().max(2000, { error: VALIDATION_MESSAGES.tooLong }),
  correct: flag,
  /** An uploaded image's url (/storage/…) or an http(s) link; kept when the options are sent again. */
  image_url: safeString()
    .trim()
    .max(2000, { error: VALIDATION_MESSAGES.tooLong })
    .nullable()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^(https?:\/\/|\/storage\/)[^\s]+$/i.test(v), { error: M.url })
    .optional(),
});
export const staffQuestionCreateSchema = z.object({
  exam_id: staffId,
  type: z.enum(QUESTION_TYPES, { error: VALIDATION_MESSAGES.choice }),
  text: staffText(10_000),
  position: staffInt(0, 100_000).optional(),
  /** Whole marks, as the exam's results count them. */
  mark: staffInt(1, 1000).optional(),
  answer_explain_text: staffOptionalText(10_000).optional(),
  /**
   * choices: two or more options, one or more correct. truefalse: `correct_true` says which;
   * essay: none.
   */
  answers: z.array(answerInput).max(20, { error: 'عدد العناصر أكبر من المسموح' }).optional(),
  /** truefalse: whether 'صواب' is the right answer. */
  correct_true: flag.optional(),
});
export const staffQuestionUpdateSchema = staffQuestionCreateSchema
  .omit({ exam_id: true })
  .partial();
export const staffQuestionListQuerySchema = staffListQuery({ exam_id: filterId() });

export const staffLectureExamSchema = z.object({
  id: z.number().int(),
  lecture_id: z.number().int(),
  exam_id: z.number().int(),
  position: z.number().int(),
  must_pass: z.boolean(),
  must_take: z.boolean(),
  alternative_exam_id: z.number().int().nullable(),
  navigate_to_alternative: z.boolean(),
});
export type StaffLectureExam = z.infer<typeof staffLectureExamSchema>;
export const staffLectureExamCreateSchema = z.object({
  lecture_id: staffId,
  exam_id: staffId,
  position: staffInt(0, 100_000).optional(),
  must_pass: flag.optional(),
  must_take: flag.optional(),
  alternative_exam_id: staffId.nullable().optional(),
  navigate_to_alternative: flag.optional(),
});
export const staffLectureExamUpdateSchema = staffLectureExamCreateSchema
  .omit({ lecture_id: true, exam_id: true })
  .partial();
export const staffLectureExamListQuerySchema = staffListQuery({
  lecture_id: filterId(),
  exam_id: filterId(),
});

// ---------------------------------------------------------------------------------------------
// Settings and home

/** Every switch and field of spec §3 app settings but the lists staff edit on their own pages. */
export const staffSettingsSchema = appSettingsSchema.omit({
  grades: true,
  categories: true,
  enable_account_deletion: true,
});
export type StaffSettings = z.infer<typeof staffSettingsSchema>;

const version = safeString(M.version)
  .trim()
  .nullable()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^\d{1,4}(\.\d{1,4}){0,3}$/.test(v), { error: M.version });
const shortText = staffOptionalText(200);

/** PATCH /staff/settings: any subset, each field validated. */
export const staffSettingsUpdateSchema = z
  .object({
    enable_wp: flag,
    enable_gen_exm: flag,
    enable_wallet_system: flag,
    enable_wallet_transfers: flag,
    transfer_fees: staffMoney,
    teachers_page: flag,
    email_verification: flag,
    general_announcement: staffOptionalText(5000),
    home_mode: homeModeSchema,
    appIsDown: flag,
    play_store_url: staffUrl,
    apple_store_url: staffUrl,
    desktop_app_url: safeString(M.url)
      .trim()
      .max(2000)
      .meta({ format: 'uri' })
      .nullable()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i.test(v), { error: M.url }),
    stable_version: version,
    android_stable_version: version,
    ios_stable_version: version,
    contact_phone: shortText,
    contact_email: safeString(VALIDATION_MESSAGES.email)
      .trim()
      .meta({ format: 'email' })
      .nullable()
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), {
        error: VALIDATION_MESSAGES.email,
      }),
    recharge_info: z.object({
      min_recharge_amount: staffMoney,
      supported_methods: z.array(rechargeMethodSchema).max(20),
      mobile_wallet_number: shortText,
    }),
    crisp_website_id: shortText,
    social: z.object(
      Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, staffUrl])) as Record<
        (typeof SOCIAL_NETWORKS)[number],
        typeof staffUrl
      >,
    ),
  })
  .partial();
export const staffSettingsResponseSchema = z.object({ data: staffSettingsSchema });

export const staffHeaderImageSchema = z.object({
  url: z.string(),
  href: z.string().nullable(),
  to: z.string().nullable(),
});
export const staffHeaderImagesBodySchema = z.object({
  header_images: z
    .array(
      z.object({
        /** An uploaded image's url (/storage/…) or an http(s) link. */
        url: safeString(M.required)
          .trim()
          .min(1, { error: M.required })
          .max(2000)
          .refine((v) => /^(https?:\/\/|\/storage\/)[^\s]+$/i.test(v), { error: M.url }),
        href: staffUrl.optional(),
        to: safeString()
          .trim()
          .max(500)
          .nullable()
          .optional()
          .transform((v) => (v ? v : null))
          .refine((v) => v === null || internalRouteSchema.parse(v) !== null, {
            error: 'أدخل مساراً داخلياً يبدأ بـ /',
          }),
      }),
    )
    .max(20, { error: 'عدد العناصر أكبر من المسموح' }),
});
export const staffHeaderImagesResponseSchema = z.object({ data: z.array(staffHeaderImageSchema) });

// ---------------------------------------------------------------------------------------------
// Audit log and staff accounts

export const staffAuditEntrySchema = z.object({
  id: z.number().int(),
  staff_user_id: z.number().int().nullable(),
  staff_user_name: z.string().nullable(),
  action: z.string(),
  resource: z.string(),
  resource_id: z.string().nullable(),
  /** The record's name now, or as last audited once it is deleted; null when it has none. */
  resource_name: z.string().nullable(),
  /** The record is still there (the console links to it). */
  resource_exists: z.boolean(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type StaffAuditEntry = z.infer<typeof staffAuditEntrySchema>;
export const staffAuditListQuerySchema = staffListQuery({
  staff_user_id: filterId(),
  resource: z
    .string()
    .regex(/^[a-z_-]{1,40}$/)
    .optional()
    .catch(undefined),
  action: z
    .string()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
  from: z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)))
    .transform((v) => new Date(v).toISOString())
    .optional()
    .catch(undefined),
  to: z
    .string()
    .max(40)
    .refine((v) => !Number.isNaN(Date.parse(v)))
    .transform((v) => new Date(v).toISOString())
    .optional()
    .catch(undefined),
});

export const staffAccountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: staffRoleSchema,
  created_at: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountCreateSchema = z.object({
  name: staffText(150),
  email: emailSchema,
  phone: safeString(VALIDATION_MESSAGES.phone)
    .trim()
    .regex(/^01[0125]\d{8}$/, { error: VALIDATION_MESSAGES.phone }),
  role: staffRoleSchema,
  password: safeString(VALIDATION_MESSAGES.passwordMin)
    .min(8, { error: VALIDATION_MESSAGES.passwordMin })
    .max(128, { error: VALIDATION_MESSAGES.tooLong }),
});
export const staffAccountUpdateSchema = staffAccountCreateSchema.partial();
export const staffAccountListQuerySchema = staffListQuery({
  role: staffRoleSchema.optional().catch(undefined),
});

export type StaffSettingsUpdate = z.infer<typeof staffSettingsUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Recharge review and marking (issue 13, ADR 022 «People and money»)

export const MOBILE_PAYMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A mobile-wallet recharge request as staff review it; `receipt_url` needs the staff token. */
export const staffMobilePaymentSchema = z.object({
  id: z.number().int(),
  student: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  /** pounds */
  amount: z.number(),
  payer_number: z.string(),
  message: z.string().nullable(),
  status: z.enum(MOBILE_PAYMENT_STATUSES),
  reject_reason: z.string().nullable(),
  reviewed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reviewed_at: z.string().nullable(),
  transaction_serial: z.string().nullable(),
  /** pounds credited by the approval (null until approved); `amount` is what the student claimed */
  approved_amount: z.number().nullable(),
  /** the reviewer's note on an approval (required when the approved amount differs) */
  review_note: z.string().nullable(),
  receipt_url: z.string(),
  created_at: z.string(),
});
export type StaffMobilePayment = z.infer<typeof staffMobilePaymentSchema>;
/** `?status=` one of the three (anything else: every status); `q` a name, phone or payer number. */
export const staffMobilePaymentListQuerySchema = staffListQuery({
  status: z.enum(MOBILE_PAYMENT_STATUSES).optional().catch(undefined),
});
export const staffMobilePaymentRejectBodySchema = z.object({ reason: staffText(500) });

export const STAFF_RECHARGE_MESSAGES = {
  amount: 'أدخل مبلغاً أكبر من الصفر',
  noteRequired: 'اكتب ملاحظة تشرح سبب اختلاف المبلغ عن المطلوب',
  aboveClaim: 'قبول مبلغ أكبر مما طلبه الطالب متاح للمدير فقط',
} as const;
/**
 * POST /staff/mobile-payments/:id/approve: the amount to credit (pounds, two decimals at most;
 * absent: the amount the student claimed) and a note, required when the amount differs.
 */
export const staffMobilePaymentApproveBodySchema = z
  .object({
    amount: z
      .number({ error: STAFF_RECHARGE_MESSAGES.amount })
      .positive({ error: STAFF_RECHARGE_MESSAGES.amount })
      .max(AMOUNT_MAX, { error: AMOUNT_MAX_MESSAGE })
      .pipe(moneySchema)
      .optional(),
    note: staffOptionalText(500).optional(),
  })
  // An approval at the claimed amount may send no body (older consoles, scripts).
  .nullish()
  .transform((v) => v ?? {});

/** An essay answer waiting for marks (or marked: `mark` not null). */
export const staffMarkingItemSchema = z.object({
  /** The answer's id: POST /staff/marking/:id marks it. */
  id: z.number().int(),
  session_id: z.number().int(),
  exam: z.object({ id: z.number().int(), name: z.string() }),
  student: z.object({ id: z.number().int(), name: z.string() }),
  question: z.object({
    id: z.number().int(),
    text: z.string(),
    image_url: z.string().nullable(),
    /** The most the answer can earn. */
    mark: z.number().int(),
  }),
  answer_text: z.string().nullable(),
  /** A signed link to the student's image (30 minutes), or null. */
  image_url: z.string().nullable(),
  mark: z.number().nullable(),
  comment: z.string().nullable(),
  submitted_at: z.string(),
});
export type StaffMarkingItem = z.infer<typeof staffMarkingItemSchema>;
export const staffMarkingListQuerySchema = staffListQuery({ exam_id: filterId() });
export const staffMarkBodySchema = z.object({
  /** 0..the question's mark (checked on the server against the question). */
  mark: z
    .number({ error: 'أدخل الدرجة رقماً' })
    .min(0, { error: 'الدرجة لا تقل عن صفر' })
    .max(10_000, { error: 'القيمة أكبر من المسموح' })
    .refine(hasAtMostTwoDecimals, { error: 'الدرجة برقمين عشريين على الأكثر' }),
  comment: staffOptionalText(2000).optional(),
});
export const staffMarkResponseSchema = z.object({
  data: staffMarkingItemSchema.extend({
    result: z.object({
      correction_mark: z.number().nullable(),
      total_mark: z.number(),
      succeeded: z.boolean(),
      corrected: z.boolean(),
    }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Balance adjustments (issue 13): admins only

export const STAFF_BALANCE_MESSAGES = {
  zero: 'أدخل مبلغاً غير الصفر',
  negative: 'لا يمكن أن يصبح رصيد الطالب بالسالب',
  notStudent: 'الطالب غير موجود',
} as const;
/** POST /staff/students/:id/balance: signed pounds (+ credit, − debit) and a required comment. */
export const staffBalanceAdjustBodySchema = z.object({
  amount: z
    .number({ error: M.money })
    .refine((v) => v !== 0, { error: STAFF_BALANCE_MESSAGES.zero })
    .refine((v) => Math.abs(v) <= AMOUNT_MAX, { error: AMOUNT_MAX_MESSAGE })
    .pipe(moneySchema),
  comment: staffText(500),
});
export const staffBalanceAdjustResponseSchema = z.object({
  data: z.object({
    student_id: z.number().int(),
    /** pounds, signed */
    amount: z.number(),
    /** pounds, after the adjustment */
    balance: z.number(),
    serial: z.string(),
    comment: z.string(),
  }),
});
