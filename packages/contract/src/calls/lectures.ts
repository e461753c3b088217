import { z } from '../zod';
import { lectureSchema } from '../entities/lecture';
import { lectureContentsSchema } from '../entities/lecture-contents';
import { moneySchema } from '../money';
import { purchaseBodySchema, type PurchaseBody } from './purchase';

/** POST /lectures/{id}/purchase, the same payload as a course purchase. */
export const purchaseLectureBodySchema = purchaseBodySchema;
export type PurchaseLectureBody = PurchaseBody;

/** → `{ data: Lecture, balance }`: the lecture now purchased and the wallet balance after. */
export const purchaseLectureResponseSchema = z.object({
  data: lectureSchema,
  balance: moneySchema,
});
export type PurchaseLectureResponse = z.infer<typeof purchaseLectureResponseSchema>;

/** GET /lectures/{id}/contents → `{ videos, exams, attachments }` (only with access). */
export const getLectureContentsResponseSchema = lectureContentsSchema;
export type GetLectureContentsResponse = z.infer<typeof getLectureContentsResponseSchema>;
