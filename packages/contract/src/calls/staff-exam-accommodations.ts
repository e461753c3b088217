import { z } from '../zod';
import { staffDateTime, staffInt, staffListQuery, staffOptionalText } from './staff';
import { staffFilterId as filterId, staffId } from './staff-fields';

/**
 * A student's own exam time (issue 26, ADR 042): extra minutes and/or a percentage of the
 * exam's duration, and an own window, for one exam or (exam_id null) for every exam. The
 * server's deadline, its sweep and the student's countdown follow it.
 */

export const staffExamAccommodationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** null: every exam of the student (one for the exam wins). */
  exam_id: z.number().int().nullable(),
  extra_minutes: z.number().int(),
  extra_percent: z.number().int(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  note: z.string().nullable(),
  student_name: z.string(),
  exam_name: z.string().nullable(),
  created_at: z.string(),
});
export type StaffExamAccommodation = z.infer<typeof staffExamAccommodationSchema>;

/** Up to a whole day more, or four times the exam's duration. */
export const ACCOMMODATION_MAX_MINUTES = 24 * 60;
export const ACCOMMODATION_MAX_PERCENT = 300;

export const staffExamAccommodationCreateSchema = z.object({
  user_id: staffId,
  exam_id: staffId.nullable().optional(),
  extra_minutes: staffInt(0, ACCOMMODATION_MAX_MINUTES).optional(),
  extra_percent: staffInt(0, ACCOMMODATION_MAX_PERCENT).optional(),
  starts_at: staffDateTime.nullable().optional(),
  ends_at: staffDateTime.nullable().optional(),
  note: staffOptionalText(500).optional(),
});
export const staffExamAccommodationUpdateSchema = staffExamAccommodationCreateSchema
  .omit({ user_id: true, exam_id: true })
  .partial();
export const staffExamAccommodationListQuerySchema = staffListQuery({
  user_id: filterId(),
  exam_id: filterId(),
});
