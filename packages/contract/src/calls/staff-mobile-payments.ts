import { z } from '../zod';
import { AMOUNT_MAX, AMOUNT_MAX_MESSAGE, moneySchema } from '../money';
import { staffListQuery, staffOptionalText, staffText } from './staff';

/** Recharge review (issue 13, ADR 022 «People and money»): mobile-wallet recharge requests. */

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
