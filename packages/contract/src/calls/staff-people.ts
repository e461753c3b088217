import { z } from '../zod';
import { idParamsSchema } from './courses';
import {
  staffListQuery,
  staffListResponse,
  staffMoney,
  staffOneResponse,
  staffOptionalText,
  staffText,
} from './staff';
import { idSchema } from '../primitives';
import { VALIDATION_MESSAGES } from '../fields';

/**
 * Staff console, part 2 (issue 13, ADR 029): students (search, profile, courses, purchases,
 * exam sessions, ledger; password reset, block and unblock, grants) and messages
 * (`admin_message` notifications, the general announcement). Leaders read students; every
 * change is an admin's.
 */

export const STAFF_PEOPLE_MESSAGES = {
  notStudent: 'الطالب غير موجود',
  /** The login's answer for a blocked student's right password (403). */
  blocked: 'تم إيقاف حسابك، تواصل مع الدعم لمعرفة التفاصيل',
  alreadyBlocked: 'هذا الحساب موقوف بالفعل',
  notBlocked: 'هذا الحساب غير موقوف',
  resetMailed: 'أرسلنا إلى الطالب رسالة برمز استعادة كلمة المرور',
  grantTarget: 'اختر دورة أو محاضرة واحدة',
  courseMissing: 'الدورة غير موجودة',
  lectureMissing: 'المحاضرة غير موجودة',
  alreadyHasCourse: 'الطالب لديه هذه الدورة بالفعل',
  alreadyHasLecture: 'الطالب لديه هذه المحاضرة بالفعل',
  lectureFollowsCourse: 'محاضرات هذه الدورة تتبع الدورة نفسها؛ امنح الدورة كاملة',
  cashAmount: 'أدخل المبلغ المستلم نقدًا بالجنيه، أو اتركه فارغًا',
  gradeMissing: 'الصف الدراسي غير موجود',
  noRecipients: 'لا يوجد طلاب يصلهم هذا الإشعار',
  audienceTarget: 'اختر من يصله الإشعار',
  route: 'أدخل مساراً داخلياً يبدأ بـ /',
  refundTarget: 'اختر الدورة أو المحاضرة المشتراة التي يُرد ثمنها',
  refundTo: 'اختر طريقة رد المبلغ: إلى محفظة الطالب أو نقدًا في المركز',
  refundAmount: 'أدخل المبلغ المردود بالجنيه، أو اتركه فارغًا لرد المدفوع كاملًا',
  saleMissing: 'لم نجد هذا الشراء لدى الطالب؛ ربما رُد ثمنه من قبل',
  nothingToRefund: 'لم يُدفع في هذا الشراء مبلغ، فلا يوجد ما يُرد',
  refundTooMuch: 'المبلغ المردود أكبر من المدفوع في هذا الشراء',
  refundLectures: 'هذه الدورة تُشترى محاضراتها؛ رُد ثمن كل محاضرة من تبويب المشتريات',
  refunded: 'تم رد المبلغ وإلغاء وصول الطالب إليه',
} as const;
const M = STAFF_PEOPLE_MESSAGES;

const staffId = idSchema(VALIDATION_MESSAGES.choice);
const named = z.object({ id: z.number().int(), name: z.string() });

function filterId() {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined),
    staffId.optional(),
  );
}

// ---------------------------------------------------------------------------------------------
// Students

/** A student as the staff list shows one (staff accounts are not students). */
export const staffStudentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** null: brought in without one (ADR 052); the student signs in with the phone. */
  email: z.string().nullable(),
  phone: z.string(),
  grade: named.nullable(),
  /** pounds */
  balance: z.number(),
  wallet_address: z.string(),
  email_verified: z.boolean(),
  blocked: z.boolean(),
  blocked_at: z.string().nullable(),
  blocked_reason: z.string().nullable(),
  created_at: z.string(),
  /** The parent who pays (issue 28, ADR 052). */
  parent_phone: z.string().nullable(),
  parent_email: z.string().nullable(),
  center_name: z.string().nullable(),
});
export type StaffStudent = z.infer<typeof staffStudentSchema>;

/** One student's page: the list's fields and the counts of the tabs. */
export const staffStudentDetailSchema = staffStudentSchema.extend({
  courses_count: z.number().int(),
  purchases_count: z.number().int(),
  sessions_count: z.number().int(),
  transactions_count: z.number().int(),
  refunds_count: z.number().int(),
});
export type StaffStudentDetail = z.infer<typeof staffStudentDetailSchema>;

/**
 * `q` matches the name, e-mail, phone or wallet address (part of it) or the id (whole);
 * `grade_id` and `blocked` filter.
 */
export const staffStudentListQuerySchema = staffListQuery({
  grade_id: filterId(),
  blocked: z.preprocess(
    (value) =>
      value === 'true' || value === '1'
        ? true
        : value === 'false' || value === '0'
          ? false
          : undefined,
    z.boolean().optional(),
  ),
});
/** The tabs' lists: paging only. */
export const staffStudentTabQuerySchema = staffListQuery({});

/** A course the student joined (or was granted). `id` is the course's. */
export const staffStudentCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pay_type: z.string(),
  joined_at: z.string(),
  /** Granted by staff (with cash received at the centre or without payment). */
  granted: z.boolean(),
  granted_by: z.string().nullable(),
  /**
   * How the course was got (ADR 033): 'wallet' | 'paycard' | 'free' | 'grant' | 'cash' for a
   * whole course, 'join' for a course sold by lectures (its lectures are in the purchases).
   */
  pay_by: z.string(),
  /** pounds: the price paid, or the cash received at the centre */
  price_paid: z.number(),
});
export type StaffStudentCourse = z.infer<typeof staffStudentCourseSchema>;

/** A lecture purchase (or grant: `pay_by` 'grant'). */
export const staffStudentPurchaseSchema = z.object({
  id: z.number().int(),
  lecture: named,
  course: named,
  /** pounds: the price paid, or the cash received at the centre (pay_by 'cash') */
  price_paid: z.number(),
  /** 'wallet' | 'paycard' | 'free' | 'grant' | 'cash' (cash paid at the centre, ADR 033) */
  pay_by: z.string(),
  granted_by: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
});
export type StaffStudentPurchase = z.infer<typeof staffStudentPurchaseSchema>;

export const staffStudentSessionSchema = z.object({
  id: z.number().int(),
  exam: z.object({ id: z.number().int(), name: z.string(), exam_code: z.string() }),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  finished_by: z.string().nullable(),
  correction_mark: z.number().nullable(),
  total_mark: z.number(),
  succeeded: z.boolean().nullable(),
  corrected: z.boolean(),
  /** Which attempt at the exam (ADR 047; 1 when it allows one). */
  attempt: z.number().int(),
});
export type StaffStudentSession = z.infer<typeof staffStudentSessionSchema>;

/** A ledger row as the student's wallet table has it, in pounds. */
export const staffStudentTransactionSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  type: z.string(),
  /** pounds, signed */
  value: z.number(),
  /** pounds */
  balance_after: z.number(),
  comment: z.string().nullable(),
  course: named.nullable(),
  lecture: named.nullable(),
  created_at: z.string(),
});
export type StaffStudentTransaction = z.infer<typeof staffStudentTransactionSchema>;

export const staffStudentBlockBodySchema = z.object({
  /** Shown to staff only. */
  reason: staffOptionalText(500).optional(),
});

/** Exactly one of course_id and lecture_id. */
export const staffGrantBodySchema = z
  .object({
    course_id: staffId.optional(),
    lecture_id: staffId.optional(),
    comment: staffOptionalText(500).optional(),
    /**
     * Cash the student paid at the centre for it, in pounds (ADR 033): revenue «نقدًا في المركز».
     * Blank, null or 0: a grant without payment.
     */
    cash_amount: z.number({ error: M.cashAmount }).pipe(staffMoney).nullish(),
  })
  .superRefine((body, ctx) => {
    if ((body.course_id === undefined) === (body.lecture_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['course_id'], message: M.grantTarget });
    }
  });
export const staffGrantResponseSchema = z.object({
  data: z.object({
    student_id: z.number().int(),
    course_id: z.number().int(),
    /** The course was joined by this grant. */
    enrolled: z.boolean(),
    /** The lectures granted (pay_type 'lectures'); empty for a whole course. */
    lecture_ids: z.array(z.number().int()),
    /** pounds received at the centre; null for a grant without payment */
    cash_amount: z.number().nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Refunds (issue 27, ADR 050)

export const REFUND_TO = ['wallet', 'cash'] as const;

/**
 * POST /staff/students/:id/refunds: gives back (part of) what a sale took and ends the access it
 * gave. Exactly one of `course_id` (a whole course bought: its enrolment) and `purchase_id` (a
 * lecture purchase's id, as the purchases tab lists it). `amount` in pounds, none: all that was
 * paid. `to` 'wallet' credits the student's wallet; 'cash' records money paid back at the centre.
 */
export const staffRefundBodySchema = z
  .object({
    course_id: staffId.optional(),
    purchase_id: staffId.optional(),
    amount: z.number({ error: M.refundAmount }).pipe(staffMoney).nullish(),
    to: z.enum(REFUND_TO, { error: M.refundTo }),
    reason: staffText(500),
  })
  .superRefine((body, ctx) => {
    if ((body.course_id === undefined) === (body.purchase_id === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['course_id'], message: M.refundTarget });
    }
    if (body.amount === 0) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: M.refundAmount });
    }
  });

/** A refund as the student's page lists it; money in pounds. */
export const staffStudentRefundSchema = z.object({
  id: z.number().int(),
  course: named,
  /** null: the whole course was the sale. */
  lecture: named.nullable(),
  /** When the sale was made, how it was paid ('wallet' | 'paycard' | 'cash') and what it took. */
  sale_at: z.string(),
  sale_pay_by: z.string(),
  sale_amount: z.number(),
  amount: z.number(),
  refund_to: z.enum(REFUND_TO),
  reason: z.string(),
  /** The staff member who gave it back (null: an account since removed). */
  staff_name: z.string().nullable(),
  created_at: z.string(),
});
export type StaffStudentRefund = z.infer<typeof staffStudentRefundSchema>;

export const staffMessageResponseSchema = z.object({
  data: z.object({ message: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Messages and the announcement

export const MESSAGE_AUDIENCES = ['student', 'grade', 'course', 'all'] as const;

/**
 * POST /staff/messages: an `admin_message` notification to one student, a grade's students,
 * a course's students or every student. `to` is an optional internal route the bell opens.
 */
export const staffSendMessageBodySchema = z
  .object({
    audience: z.enum(MESSAGE_AUDIENCES, { error: M.audienceTarget }),
    student_id: staffId.optional(),
    grade_id: staffId.optional(),
    course_id: staffId.optional(),
    title: staffText(200),
    content: staffText(5000),
    to: staffOptionalText(500)
      .refine((v) => v === null || /^\/(?!\/)\S*$/.test(v), { error: M.route })
      .optional(),
  })
  .superRefine((body, ctx) => {
    const needs = { student: 'student_id', grade: 'grade_id', course: 'course_id' } as const;
    if (body.audience === 'all') return;
    const field = needs[body.audience];
    if (body[field] === undefined) {
      ctx.addIssue({ code: 'custom', path: [field], message: M.audienceTarget });
    }
  });
export type StaffSendMessageBody = z.infer<typeof staffSendMessageBodySchema>;
export const staffSendMessageResponseSchema = z.object({
  data: z.object({ sent: z.number().int() }),
});

export const staffAnnouncementSchema = z.object({ general_announcement: z.string().nullable() });
export const staffAnnouncementBodySchema = z.object({
  /** Blank clears it. */
  general_announcement: staffOptionalText(5000),
});
export const staffAnnouncementResponseSchema = z.object({ data: staffAnnouncementSchema });

// ---------------------------------------------------------------------------------------------
// The calls (spread into staffEndpoints)

const studentTab = <T extends z.ZodType>(path: `/staff/students/:id/${string}`, item: T) =>
  ({
    method: 'GET',
    path,
    auth: 'required',
    staff: 'leader',
    params: idParamsSchema,
    query: staffStudentTabQuerySchema,
    response: staffListResponse(item),
  }) as const;

const studentAction = <R extends z.ZodType>(path: `/staff/students/:id/${string}`, response: R) =>
  ({
    method: 'POST',
    path,
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    response,
    errors: ['CONFLICT'],
  }) as const;

export const staffPeopleEndpoints = {
  // Students: leaders read (recharge review and support need to see who a student is and
  // what they hold); every change is an admin's.
  staffListStudents: {
    method: 'GET',
    path: '/staff/students',
    auth: 'required',
    staff: 'leader',
    query: staffStudentListQuerySchema,
    response: staffListResponse(staffStudentSchema),
  },
  staffGetStudent: {
    method: 'GET',
    path: '/staff/students/:id',
    auth: 'required',
    staff: 'leader',
    params: idParamsSchema,
    response: staffOneResponse(staffStudentDetailSchema),
  },
  staffListStudentCourses: studentTab('/staff/students/:id/courses', staffStudentCourseSchema),
  staffListStudentPurchases: studentTab(
    '/staff/students/:id/purchases',
    staffStudentPurchaseSchema,
  ),
  staffListStudentSessions: studentTab(
    '/staff/students/:id/exam-sessions',
    staffStudentSessionSchema,
  ),
  staffListStudentLedger: studentTab('/staff/students/:id/ledger', staffStudentTransactionSchema),
  staffListStudentRefunds: studentTab('/staff/students/:id/refunds', staffStudentRefundSchema),
  staffRefundSale: {
    ...studentAction('/staff/students/:id/refunds', staffOneResponse(staffStudentRefundSchema)),
    body: staffRefundBodySchema,
  },
  staffResetStudentPassword: studentAction(
    '/staff/students/:id/password-reset',
    staffMessageResponseSchema,
  ),
  staffBlockStudent: {
    ...studentAction('/staff/students/:id/block', staffOneResponse(staffStudentDetailSchema)),
    body: staffStudentBlockBodySchema,
  },
  staffUnblockStudent: studentAction(
    '/staff/students/:id/unblock',
    staffOneResponse(staffStudentDetailSchema),
  ),
  staffGrantStudent: {
    ...studentAction('/staff/students/:id/grants', staffGrantResponseSchema),
    body: staffGrantBodySchema,
  },

  // Messages and the announcement: admins.
  staffSendMessage: {
    method: 'POST',
    path: '/staff/messages',
    auth: 'required',
    staff: 'admin',
    body: staffSendMessageBodySchema,
    response: staffSendMessageResponseSchema,
  },
  staffGetAnnouncement: {
    method: 'GET',
    path: '/staff/announcement',
    auth: 'required',
    staff: 'admin',
    response: staffAnnouncementResponseSchema,
  },
  staffPutAnnouncement: {
    method: 'PUT',
    path: '/staff/announcement',
    auth: 'required',
    staff: 'admin',
    body: staffAnnouncementBodySchema,
    response: staffAnnouncementResponseSchema,
  },
} as const;
