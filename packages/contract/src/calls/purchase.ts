import { z } from '../zod';
import { normalizeCode } from '../normalize-input';
import { PAY_CARD_CODE_MAX_LENGTH, VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';

export const PAY_BY = ['wallet', 'paycard'] as const;
export const payBySchema = z.enum(PAY_BY);
export type PayBy = z.infer<typeof payBySchema>;

/**
 * Body of POST /courses/{id}/purchase and POST /lectures/{id}/purchase.
 * `pay_by` is optional here because a free item is bought with no payment data; the server
 * decides from the price whether a method is required. `code` is whitespace-stripped and
 * required only for 'paycard' (spec §5).
 * @example purchaseBodySchema.parse({ pay_by: 'paycard', code: '1234 5678' }).code // '12345678'
 */
export const purchaseBodySchema = z
  .object({
    pay_by: payBySchema.optional(),
    code: safeString(VALIDATION_MESSAGES.payCardCode)
      .transform(normalizeCode)
      .pipe(z.string().max(PAY_CARD_CODE_MAX_LENGTH, { error: VALIDATION_MESSAGES.payCardCode }))
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.pay_by === 'paycard' && !body.code) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: VALIDATION_MESSAGES.payCardCode });
    }
  });
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;
