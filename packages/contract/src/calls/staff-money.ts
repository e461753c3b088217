import { z } from '../zod';
import type { ErrorCode } from '../errors';
import { RECHARGE_METHODS, rechargeMethodSchema } from '../entities/settings';
import { AMOUNT_MAX, AMOUNT_MAX_MESSAGE, moneySchema } from '../money';
import { idSchema, safeString } from '../primitives';
import { VALIDATION_MESSAGES } from '../validation-messages';
import { idParamsSchema } from './courses';
import {
  staffDateTime,
  staffListQuery,
  staffListResponse,
  staffOneResponse,
  type StaffRole,
} from './staff';

/**
 * Issue 13, money (ADR 030): pay-card batches (admins only), gateway orders (admins only) and
 * the dashboard's figures (leaders without the money). Spread into `staffEndpoints`.
 */

export const PAYCARD_BATCH_COUNT_MAX = 1000;

export const STAFF_MONEY_MESSAGES = {
  value: 'أدخل قيمة البطاقة بالجنيه',
  count: `عدد البطاقات من 1 إلى ${PAYCARD_BATCH_COUNT_MAX}`,
  expiresPast: 'يجب أن يكون تاريخ الانتهاء في المستقبل',
  lectureCourse: 'المحاضرة ليست من الدورة المختارة',
  batchDisabled: 'تم إيقاف بطاقات هذه الدفعة من قبل',
  noStatusCall: 'لا يتيح مزود الدفع هذا الاستعلام عن حالة الطلب؛ راجعه من لوحة المزود',
  providerUnavailable: 'تعذر الاستعلام من مزود الدفع الآن، حاول مرة أخرى بعد قليل',
  amountMismatch: 'المبلغ لدى مزود الدفع يختلف عن مبلغ الطلب، ولم يُضف شيء؛ راجعه من لوحة المزود',
  period: 'اختر فترة صحيحة لا تزيد على سنة',
} as const;
const M = STAFF_MONEY_MESSAGES;

const optionalId = z
  .union([idSchema(VALIDATION_MESSAGES.choice), z.null()])
  .optional()
  .transform((v) => v ?? null);

/** A lenient filter id: not a number is ignored; a number that cannot be an id is a 422. */
export function staffFilterId() {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined),
    idSchema(VALIDATION_MESSAGES.choice).optional(),
  );
}
/** A lenient `from`/`to` moment: what is not a date is ignored. */
export const staffLenientTime = z
  .string()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)))
  .transform((v) => new Date(v).toISOString())
  .optional()
  .catch(undefined);

// ---------------------------------------------------------------------------------------------
// Pay-card batches

const named = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const staffPaycardBatchSchema = z.object({
  id: z.number().int(),
  /** pounds, each card */
  value: z.number(),
  count: z.number().int(),
  used: z.number().int(),
  /** Neither used nor disabled: can still be redeemed (unless expired). */
  unused: z.number().int(),
  disabled: z.number().int(),
  course: named,
  lecture: named,
  expires_at: z.string().nullable(),
  created_by: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
});
export type StaffPaycardBatch = z.infer<typeof staffPaycardBatchSchema>;

export const staffPaycardBatchListQuerySchema = staffListQuery({ course_id: staffFilterId() });

export const staffPaycardBatchCreateSchema = z.object({
  value: z
    .number({ error: M.value })
    .positive({ error: M.value })
    .max(AMOUNT_MAX, { error: AMOUNT_MAX_MESSAGE })
    .pipe(moneySchema),
  count: z
    .number({ error: M.count })
    .int({ error: M.count })
    .min(1, { error: M.count })
    .max(PAYCARD_BATCH_COUNT_MAX, { error: M.count }),
  course_id: optionalId,
  lecture_id: optionalId,
  /** Blank or null: the cards never expire. */
  expires_at: z
    .union([z.literal(''), z.null(), staffDateTime])
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || v > new Date().toISOString(), { error: M.expiresPast }),
});
export type StaffPaycardBatchCreate = z.input<typeof staffPaycardBatchCreateSchema>;

/** The new batch and its codes: shown this once, never again (only their hashes are kept). */
export const staffPaycardBatchCreateResponseSchema = z.object({
  data: staffPaycardBatchSchema.extend({ codes: z.array(z.string()) }),
});

// ---------------------------------------------------------------------------------------------
// Gateway orders

export const PAYMENT_ORDER_STATUSES = ['pending', 'paid', 'failed'] as const;
export const PAYMENT_PROVIDERS = [
  'paymob',
  'fawry',
  'fawry-staging',
  'kashier',
  'sandbox',
] as const;

export const staffPaymentOrderSchema = z.object({
  /** 18 digits: our merchant reference. */
  id: z.string(),
  student: z.object({ id: z.number().int(), name: z.string(), phone: z.string() }),
  method: z.string(),
  provider: z.string(),
  /** pounds */
  amount: z.number(),
  status: z.enum(PAYMENT_ORDER_STATUSES),
  provider_order_id: z.string().nullable(),
  provider_reference: z.string().nullable(),
  transaction_id: z.string().nullable(),
  transaction_serial: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  paid_at: z.string().nullable(),
});
export type StaffPaymentOrder = z.infer<typeof staffPaymentOrderSchema>;

/** `?status&provider&method&from&to&q` (q: the order id, the student's name or phone). */
export const staffPaymentOrderListQuerySchema = staffListQuery({
  status: z.enum(PAYMENT_ORDER_STATUSES).optional().catch(undefined),
  provider: z.enum(PAYMENT_PROVIDERS).optional().catch(undefined),
  method: rechargeMethodSchema.optional().catch(undefined),
  student_id: staffFilterId(),
  from: staffLenientTime,
  to: staffLenientTime,
});

/** An order's id in the path: any text of digits; one that is not ours is 404. */
export const staffPaymentOrderParamsSchema = z.object({
  id: safeString().max(40),
});

export const RECHECK_RESULTS = ['credited', 'already-paid', 'pending', 'not-paid'] as const;
export const staffPaymentRecheckResponseSchema = z.object({
  data: staffPaymentOrderSchema,
  meta: z.object({ result: z.enum(RECHECK_RESULTS), message: z.string() }),
});

// ---------------------------------------------------------------------------------------------
// Dashboard

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, Cairo days, both included; default: the last 30 days. */
export const staffStatsQuerySchema = z
  .object({
    from: z.string().regex(DAY, { error: M.period }).optional(),
    to: z.string().regex(DAY, { error: M.period }).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: M.period, path: ['to'] });

/** How a course or lecture was paid for (ADR 033); a sale is one course or lecture got. */
export const SALE_METHODS = ['wallet', 'paycard', 'cash', 'free', 'grant'] as const;
export type SaleMethod = (typeof SALE_METHODS)[number];
/** The methods that took money for a sale (free lectures and grants took none); a refund gives back only these (ADR 050). */
export const PAID_SALE_METHODS: readonly SaleMethod[] = ['wallet', 'paycard', 'cash'];
/** Where money came in from: the recharge methods (ADR 030) and cash paid at the centre. */
export const REVENUE_METHODS = [...RECHARGE_METHODS, 'cash'] as const;
export type RevenueMethod = (typeof REVENUE_METHODS)[number];

const byDayCount = z.array(z.object({ day: z.string(), count: z.number().int() }));
const byDayAmount = z.array(z.object({ day: z.string(), amount: z.number() }));
const namedOne = z.object({ id: z.number().int(), name: z.string() });

/**
 * The dashboard's figures for a period of Cairo days (ADR 030, 033). Every `previous_*` is the
 * same figure for `previous`: the period of the same length just before. Money is in pounds.
 */
export const staffStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }),
  /** Accounts without a staff group created in the period. */
  new_students: z.object({
    total: z.number().int(),
    previous_total: z.number().int(),
    by_day: byDayCount,
  }),
  /** Courses joined in the period, whichever way (bought, granted, free, or to buy lectures). */
  enrolments: z.object({
    total: z.number().int(),
    previous_total: z.number().int(),
    by_day: byDayCount,
  }),
  /**
   * Sales: lectures got and whole courses got in the period (a course sold by lectures is
   * counted by its lectures), by how they were paid; every method, in SALE_METHODS' order.
   */
  sales: z.object({
    total: z.number().int(),
    previous_total: z.number().int(),
    by_method: z.array(z.object({ method: z.enum(SALE_METHODS), count: z.number().int() })),
  }),
  /** Money; null for a leader (money is the admin's, ADR 030). */
  revenue: z
    .object({
      /** Money that came in: gateway orders paid, mobile-wallet recharges approved, pay cards used, cash at the centre. */
      total: z.number(),
      previous_total: z.number(),
      by_day: byDayAmount,
      /** Largest first. */
      by_method: z.array(
        z.object({ method: z.enum(REVENUE_METHODS), amount: z.number(), count: z.number().int() }),
      ),
      /** What the period's sales were paid, by method (wallet purchases too: spent, not new money). */
      sales: z.object({
        total: z.number(),
        previous_total: z.number(),
        by_method: z.array(z.object({ method: z.enum(SALE_METHODS), amount: z.number() })),
      }),
      /**
       * Sales given back in the period (ADR 050), whenever they were sold (the sales stay in
       * their own period): the amount, of it what was paid back in cash at the centre (money
       * out; the rest went to wallets), and how many.
       */
      refunds: z.object({
        total: z.number(),
        previous_total: z.number(),
        cash: z.number(),
        count: z.number().int(),
      }),
      /** Paid sales (wallet, pay card, cash) by course, largest first; `count` is the sales. */
      by_course: z.array(
        z.object({ course: namedOne, amount: z.number(), count: z.number().int() }),
      ),
      /**
       * The same by teacher: a course's amount is shared evenly among its teachers (so the
       * amounts add up to by_course's); `count` is the paid sales of the teacher's courses.
       * `teacher` null: courses without a teacher.
       */
      by_teacher: z.array(
        z.object({ teacher: namedOne.nullable(), amount: z.number(), count: z.number().int() }),
      ),
    })
    .nullable(),
  /** Now, not in the period: mobile-wallet recharges waiting for review. */
  /** null for a teacher: recharges are the school's. */
  recharges_pending: z.object({ count: z.number().int(), amount: z.number() }).nullable(),
  /** Exam sessions finished in the period. */
  exams: z.object({
    taken: z.number().int(),
    previous_taken: z.number().int(),
    /** Fully marked, of an exam with marks: the sessions the average is over. */
    marked: z.number().int(),
    /** An essay still waits for a teacher's marks: not in the average yet. */
    awaiting_marking: z.number().int(),
    /**
     * The students' average score: the mean over the marked sessions of the student's marks
     * over the exam's, in percent with one decimal; null when none is marked.
     */
    average_score: z.number().nullable(),
    previous_average_score: z.number().nullable(),
  }),
});
export type StaffStats = z.infer<typeof staffStatsSchema>;

interface Def {
  method: 'GET' | 'POST';
  path: `/staff${string}`;
  auth: 'required';
  staff: StaffRole;
  /** Open to a teacher on their own courses (ADR 048). */
  teacher?: true;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  errors?: readonly ErrorCode[];
}

export const staffMoneyEndpoints = {
  staffListPaycardBatches: {
    method: 'GET',
    path: '/staff/paycard-batches',
    auth: 'required',
    staff: 'admin',
    query: staffPaycardBatchListQuerySchema,
    response: staffListResponse(staffPaycardBatchSchema),
  },
  staffGetPaycardBatch: {
    method: 'GET',
    path: '/staff/paycard-batches/:id',
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    response: staffOneResponse(staffPaycardBatchSchema),
  },
  staffCreatePaycardBatch: {
    method: 'POST',
    path: '/staff/paycard-batches',
    auth: 'required',
    staff: 'admin',
    body: staffPaycardBatchCreateSchema,
    response: staffPaycardBatchCreateResponseSchema,
  },
  staffDisablePaycardBatch: {
    method: 'POST',
    path: '/staff/paycard-batches/:id/disable',
    auth: 'required',
    staff: 'admin',
    params: idParamsSchema,
    response: staffOneResponse(staffPaycardBatchSchema),
    errors: ['CONFLICT'],
  },
  staffListPaymentOrders: {
    method: 'GET',
    path: '/staff/payment-orders',
    auth: 'required',
    staff: 'admin',
    query: staffPaymentOrderListQuerySchema,
    response: staffListResponse(staffPaymentOrderSchema),
  },
  staffGetPaymentOrder: {
    method: 'GET',
    path: '/staff/payment-orders/:id',
    auth: 'required',
    staff: 'admin',
    params: staffPaymentOrderParamsSchema,
    response: staffOneResponse(staffPaymentOrderSchema),
  },
  staffRecheckPaymentOrder: {
    method: 'POST',
    path: '/staff/payment-orders/:id/recheck',
    auth: 'required',
    staff: 'admin',
    params: staffPaymentOrderParamsSchema,
    response: staffPaymentRecheckResponseSchema,
    errors: ['CONFLICT', 'SERVER_ERROR'],
  },
  // A teacher's login gets their own courses' figures (ADR 048).
  staffGetStats: {
    method: 'GET',
    path: '/staff/stats',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    query: staffStatsQuerySchema,
    response: staffOneResponse(staffStatsSchema),
  },
} as const satisfies Record<string, Def>;
