import { z } from '../zod';
import { isoDateTimeSchema } from '../datetime';
import { moneySchema } from '../money';

/** The student's wallet (spec §3). `address` is what others type to send a transfer. */
export const walletSchema = z.object({
  balance: moneySchema,
  /** Null when transfers are off or no address was issued yet. */
  address: z.string().nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletMetaSchema = z.object({
  /** Mobile-wallet recharges waiting for staff review. */
  pending_mobile_payments_count: z.number().int().nonnegative(),
});
export type WalletMeta = z.infer<typeof walletMetaSchema>;

/** 'support' is a staff balance adjustment (spec §3). */
export const TRANSACTION_TYPES = [
  'recharge',
  'lecture_purchase',
  'course_purchase',
  'balance_transfer',
  'admin_balance_update',
  'support',
] as const;
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

/** A ledger row (spec §3). Money in pounds; `value` is positive for a credit. */
export const transactionSchema = z.object({
  serial: z.string(),
  type: transactionTypeSchema,
  value: moneySchema,
  balance_after: moneySchema,
  timestamp: isoDateTimeSchema,
  comment: z.string().nullable(),
  lecture_resource: z.object({ name: z.string() }).nullable(),
  course_resource: z.object({ name: z.string() }).nullable(),
  transfer_resource: z
    .object({ recipient_user_name: z.string(), sender_user_name: z.string() })
    .nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;
