import { z } from '../zod';
import { AMOUNT_MAX, AMOUNT_MAX_MESSAGE, moneySchema } from '../money';
import { VALIDATION_MESSAGES } from '../fields';
import { ID_MAX, safeString } from '../primitives';

/**
 * The staff console's API (issue 12, ADR 022): `/staff/*`, bearer token like the student API,
 * every route role-checked on the server. Lists answer `{ data, meta: { total } }` and page by
 * `page`/`per_page` (react-admin's simple REST shape); one item is `{ data }`; a delete
 * answers `{ data: { id } }`. Money is pounds with two decimals, as in the student API.
 *
 * This file holds what every staff resource shares (roles, messages, field builders, the list
 * query and answers); each resource's schemas are in a file of their own (staff-courses.ts,
 * staff-exams.ts …), re-exported by the package's index.
 */

/** 1 admin, 2 leader (spec §3 groupId): the roles a call asks for and staff accounts hold. */
export const STAFF_ROLES = ['admin', 'leader'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;
/**
 * Every staff member's role: admin, leader, and (ADR 048) teacher, groupId 3, whose account is
 * linked to a teacher profile and reaches only the calls marked `teacher` in the contract.
 */
export const STAFF_MEMBER_ROLES = ['admin', 'leader', 'teacher'] as const;
export const staffMemberRoleSchema = z.enum(STAFF_MEMBER_ROLES);
export type StaffMemberRole = z.infer<typeof staffMemberRoleSchema>;
export const STAFF_GROUP_IDS: Record<StaffMemberRole, number> = { admin: 1, leader: 2, teacher: 3 };

export const STAFF_MESSAGES = {
  notStaff: 'هذا الحساب ليس من حسابات فريق العمل',
  forbidden: 'ليس لديك صلاحية لهذا الإجراء',
  pricesForbidden: 'تعديل الأسعار متاح للمدير فقط',
  /** A teacher's login keeps its courses' teachers as the school set them (ADR 048). */
  courseTeachersForbidden: 'تعديل مدرسي الكورس متاح للإدارة فقط',
  /** A teacher's login without the teacher profile it works as (ADR 048). */
  teacherRequired: 'اختر المدرس الذي يعمل به هذا الحساب',
  /** A teacher's share and price permission are the admin's (ADR 048). */
  teacherTermsForbidden: 'نسبة المدرس وصلاحية الأسعار يحددها المدير فقط',
  colour: 'اختر لوناً من لوحة الألوان',
  /** The primary colour carries white text (buttons, the top bar) and is text on white (links). */
  primaryContrast:
    'اللون الأساسي فاتح جداً: تباينه مع الأبيض %{ratio}:1 وأقل ما يُقرأ بوضوح 4.5:1؛ اختر درجة أغمق',
  /** The secondary colour carries white or dark text, whichever reads better. */
  secondaryContrast:
    'اللون الثانوي لا يُقرأ عليه نص أبيض ولا أسود بوضوح (أفضل تباين %{ratio}:1 وأقل حد 4.5:1)؛ اختر درجة أفتح أو أغمق',
  brandImage: 'ارفع الصورة من هنا، أو الصق رابطاً آمناً كاملاً لها',
  legalLinksMax: 'لا تزيد الروابط القانونية عن 5',
  /** An invitation link that is unknown, used, replaced by a newer one or past its 72 hours. */
  invitationInvalid: 'رابط الدعوة غير صالح أو انتهت صلاحيته، اطلب من مدير المدرسة دعوة جديدة',
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
  accommodationEmpty: 'أضف وقتاً إضافياً أو موعداً خاصاً للطالب',
  accommodationTakenExam: 'لهذا الطالب وقت خاص في هذا الامتحان بالفعل؛ عدّله بدلاً من إضافة آخر',
  accommodationTakenAll: 'لهذا الطالب وقت خاص لكل الامتحانات بالفعل؛ عدّله بدلاً من إضافة آخر',
  bankInUse:
    'يسحب من هذا البنك امتحان بدأه طلاب: لا يمكن تغيير نوع السؤال أو درجته أو إجابته أو حذفه؛ استخدم إعادة التصحيح',
  bankHasRules: 'لا يمكن حذف بنك يسحب منه امتحان؛ احذف قواعد السحب أولاً',
  bankMarkFixed: 'درجة سؤال البنك تحددها قواعد السحب؛ صحّح الإجابة فقط',
  drawRulesMax: 'لا يزيد عدد قواعد السحب في الامتحان عن 20',
  drawRuleNoneFit: 'لا توجد في البنك أسئلة بهذه الدرجة والوسم ومستوى الصعوبة',
  attemptGrantTaken:
    'لهذا الطالب محاولات إضافية في هذا الامتحان بالفعل؛ عدّل عددها بدلاً من إضافة أخرى',
} as const;

/** A number of questions in Arabic: سؤالاً واحداً، سؤالين، 3–10 أسئلة، 11 سؤالاً فأكثر. */
function questionsText(n: number): string {
  if (n === 1) return 'سؤالاً واحداً';
  if (n === 2) return 'سؤالين';
  const lastTwo = n % 100;
  return lastTwo >= 3 && lastTwo <= 10 ? `${n} أسئلة` : `${n} سؤالاً`;
}

/** The rules ask for more questions than the banks can give once each (ADR 046). */
export function drawShortMessage(asked: number, drawable: number): string {
  return `قواعد السحب تطلب ${questionsText(asked)} ولا يمكن سحب إلا ${questionsText(drawable)} دون تكرار؛ أضف أسئلة إلى البنك أو قلّل العدد`;
}

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
/** An ISO-8601 time; answered in UTC (`…Z`). */
export const staffDateTime = safeString()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: 'أدخل تاريخاً ووقتاً صحيحين' })
  .transform((v) => new Date(v).toISOString())
  .meta({ format: 'date-time' });

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
