import { z } from '../zod';
import { hasAtMostTwoDecimals } from '../piasters';
import { staffListQuery, staffOptionalText } from './staff';
import { staffFilterId as filterId } from './staff-fields';

/** Marking of essay answers (issue 13, ADR 022 «People and money»). */

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
