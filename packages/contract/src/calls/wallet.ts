import { z } from '../zod';
import { CURRENCY_SUFFIX, TRANSFER_MIN_AMOUNT } from '../constants';
import { transactionSchema, walletMetaSchema, walletSchema } from '../entities/wallet';
import {
  VALIDATION_MESSAGES,
  egyptianMobileSchema,
  imageFileSchema,
  payCardCodeSchema,
  requiredText,
} from '../fields';
import { AMOUNT_MAX, AMOUNT_MAX_MESSAGE, moneySchema } from '../money';
import { safeString } from '../primitives';
import { pageParamSchema, paginated } from '../pagination';
import { messageResponseSchema } from './message';

/** Transactions per page of GET /wallet. */
export const WALLET_TRANSACTIONS_PAGE_SIZE = 15;

/** Longest `after` accepted; the server's own (a ledger serial) are 17 characters. */
export const WALLET_AFTER_MAX = 40;

/**
 * GET /wallet?page=&after= (further pages follow `transactions.links.next`). `after` is the
 * keyset position the server writes into `links.next` (the serial of the page's last row):
 * clients follow the link and never build it; one the server did not write is ignored.
 */
export const getWalletQuerySchema = z.object({
  page: pageParamSchema,
  after: safeString().max(WALLET_AFTER_MAX).optional().catch(undefined),
});
export type GetWalletQuery = z.infer<typeof getWalletQuerySchema>;

/** → `{ wallet, meta, transactions }`, transactions newest first. */
export const getWalletResponseSchema = z.object({
  wallet: walletSchema,
  meta: walletMetaSchema,
  transactions: paginated(transactionSchema),
});
export type GetWalletResponse = z.infer<typeof getWalletResponseSchema>;

/** The text of spec §5 for an amount below the minimum recharge. */
export function minRechargeMessage(min: number): string {
  return `أقل مبلغ للشحن هو ${min} ${CURRENCY_SUFFIX}`;
}

/**
 * A recharge amount against the settings' min_recharge_amount, for the recharge form. The
 * server answers LESS_THAN_MIN_AMOUNT instead, since the minimum can change under a form.
 * @example rechargeAmountSchema(50).safeParse(20).error?.issues[0]?.message // 'أقل مبلغ للشحن هو 50 جنيه'
 */
export function rechargeAmountSchema(min: number) {
  return z
    .number({ error: VALIDATION_MESSAGES.fieldRequired })
    .pipe(
      moneySchema
        .positive({ error: VALIDATION_MESSAGES.fieldRequired })
        .min(min, { error: minRechargeMessage(min) }),
    );
}

/** A positive amount in pounds, as JSON or as a multipart text field. */
const amountSchema = z.coerce
  .number({ error: VALIDATION_MESSAGES.fieldRequired })
  .pipe(
    moneySchema
      .positive({ error: VALIDATION_MESSAGES.fieldRequired })
      .max(AMOUNT_MAX, { error: AMOUNT_MAX_MESSAGE }),
  );

/**
 * Where a gateway sends the student: an http(s) url, or a path of our own (the local
 * sandbox gateway).
 */
const gatewayUrlSchema = z.string().regex(/^(https?:\/\/|\/(?!\/))/);

const minTransferMessage = `أقل مبلغ للتحويل هو ${TRANSFER_MIN_AMOUNT} ${CURRENCY_SUFFIX}`;

/** POST /wallet/transfer */
export const transferBalanceBodySchema = z.object({
  amount: z
    .number({ error: VALIDATION_MESSAGES.fieldRequired })
    .pipe(
      moneySchema
        .min(TRANSFER_MIN_AMOUNT, { error: minTransferMessage })
        .max(AMOUNT_MAX, { error: AMOUNT_MAX_MESSAGE }),
    ),
  wallet_address: requiredText(VALIDATION_MESSAGES.fieldRequired, 100),
});
export type TransferBalanceBody = z.infer<typeof transferBalanceBodySchema>;

/**
 * POST /wallet/transfer/lookup: who a typed address belongs to, asked before a transfer is
 * confirmed (the address goes in a body, not in a url that logs and caches keep).
 */
export const lookupTransferRecipientBodySchema = transferBalanceBodySchema.pick({
  wallet_address: true,
});
export type LookupTransferRecipientBody = z.infer<typeof lookupTransferRecipientBodySchema>;

/**
 * → `{ name, phone_masked }`: the receiving student's name and phone with only its first three
 * and last two digits shown ('010******78'), and nothing else of the account.
 */
export const lookupTransferRecipientResponseSchema = z.object({
  name: z.string(),
  phone_masked: z.string(),
});
export type LookupTransferRecipientResponse = z.infer<typeof lookupTransferRecipientResponseSchema>;

/** → `{ amount, balance, transaction, serial }`: the sender's side, balance after the fee. */
export const transferBalanceResponseSchema = z.object({
  amount: moneySchema,
  balance: moneySchema,
  transaction: transactionSchema,
  serial: z.string(),
});
export type TransferBalanceResponse = z.infer<typeof transferBalanceResponseSchema>;

/** POST /wallet/recharge/mobile-wallet (multipart), reviewed by staff before crediting. */
export const rechargeMobileWalletBodySchema = z.object({
  amount: amountSchema,
  /** The number the money was sent from. */
  payer_number: safeString(VALIDATION_MESSAGES.fieldRequired)
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.fieldRequired })
    .pipe(egyptianMobileSchema),
  /** A screenshot of the transfer receipt. */
  attachment: imageFileSchema,
  message: safeString().trim().max(1000, { error: VALIDATION_MESSAGES.tooLong }).optional(),
});
export type RechargeMobileWalletBody = z.infer<typeof rechargeMobileWalletBodySchema>;

/** → `{ message }` (not shown in the spec): the request will be reviewed. */
export const rechargeMobileWalletResponseSchema = messageResponseSchema;
export type RechargeMobileWalletResponse = z.infer<typeof rechargeMobileWalletResponseSchema>;

/** POST /wallet/recharge/recharge-card: the card's value is added at once. */
export const rechargeCardBodySchema = z.object({ code: payCardCodeSchema });
export type RechargeCardBody = z.infer<typeof rechargeCardBodySchema>;

/** → `{ message, balance }` (not shown in the spec): the new balance saves a reload. */
export const rechargeCardResponseSchema = messageResponseSchema.extend({ balance: moneySchema });
export type RechargeCardResponse = z.infer<typeof rechargeCardResponseSchema>;

/** Body of every payment-gateway order: the amount to recharge, in pounds. */
export const createPaymentOrderBodySchema = z.object({ amount: amountSchema });
export type CreatePaymentOrderBody = z.infer<typeof createPaymentOrderBodySchema>;

/**
 * POST /wallet/paymob/order/{card|wallet|kiosk|installment} → `{ iframe_url }`, opened in the
 * same window (embedded for installments).
 */
export const createPaymobOrderResponseSchema = z.object({ iframe_url: gatewayUrlSchema });
export type CreatePaymobOrderResponse = z.infer<typeof createPaymobOrderResponseSchema>;

/**
 * POST /wallet/fawry/order (and …/staging) → `{ charge_request }`, handed as is to the
 * provider's pop-up checkout script, so its fields are the provider's, not ours.
 */
export const createFawryOrderResponseSchema = z.object({
  charge_request: z.record(z.string(), z.unknown()),
});
export type CreateFawryOrderResponse = z.infer<typeof createFawryOrderResponseSchema>;

/** POST /wallet/kashier/order → `{ url }`, opened externally. */
export const createKashierOrderResponseSchema = z.object({ url: gatewayUrlSchema });
export type CreateKashierOrderResponse = z.infer<typeof createKashierOrderResponseSchema>;
