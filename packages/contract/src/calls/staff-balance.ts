import { z } from '../zod';
import { AMOUNT_MAX, AMOUNT_MAX_MESSAGE, moneySchema } from '../money';
import { STAFF_MESSAGES, staffText } from './staff';

const M = STAFF_MESSAGES;

/** Balance adjustments (issue 13): admins only. */

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
