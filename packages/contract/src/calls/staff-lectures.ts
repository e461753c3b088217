import { z } from '../zod';
import { staffInt, staffListQuery, staffMoney, staffText } from './staff';
import { staffFilterId as filterId, staffFlag as flag, staffId } from './staff-fields';

/** Lectures of a course, and their order. */

export const staffLectureSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  free: z.boolean(),
  price: z.number(),
  preview: z.boolean(),
  expiry_days: z.number().int().nullable(),
  repurchasable: z.boolean(),
  repurchase_price: z.number().nullable(),
  paycard_disabled: z.boolean(),
  videos_count: z.number().int(),
  attachments_count: z.number().int(),
  exams_count: z.number().int(),
  created_at: z.string(),
});
export type StaffLecture = z.infer<typeof staffLectureSchema>;
export const staffLectureCreateSchema = z.object({
  course_id: staffId,
  name: staffText(200),
  /** Default: after the course's last lecture. */
  position: staffInt(0, 100_000).optional(),
  free: flag.optional(),
  price: staffMoney.optional(),
  preview: flag.optional(),
  expiry_days: staffInt(1, 3650).nullable().optional(),
  repurchasable: flag.optional(),
  repurchase_price: staffMoney.nullable().optional(),
  paycard_disabled: flag.optional(),
});
/** A lecture stays in its course: course_id is not changed by an update. */
export const staffLectureUpdateSchema = staffLectureCreateSchema
  .omit({ course_id: true })
  .partial();
export const staffLectureListQuerySchema = staffListQuery({ course_id: filterId() });
/** POST /staff/courses/{id}/lectures/order: every lecture of the course, in the new order. */
export const staffLectureOrderBodySchema = z.object({
  ids: z.array(staffId).min(1).max(1000),
});
export const staffLectureOrderResponseSchema = z.object({ data: z.array(staffLectureSchema) });
