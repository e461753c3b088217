import { z } from '../zod';
import { staffInt, staffListQuery, staffOptionalText } from './staff';
import { staffFilterId as filterId, staffId } from './staff-fields';

/**
 * More attempts for one student at one exam (issue 26, ADR 047): what staff give a student who
 * was ill or whose connection failed, beside the exam's own number of attempts. One row per
 * student and exam; giving again raises its number.
 */

export const staffExamAttemptGrantSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  exam_id: z.number().int(),
  extra_attempts: z.number().int(),
  note: z.string().nullable(),
  student_name: z.string(),
  exam_name: z.string(),
  created_at: z.string(),
});
export type StaffExamAttemptGrant = z.infer<typeof staffExamAttemptGrantSchema>;

/** At most this many attempts more than the exam's own. */
export const ATTEMPT_GRANT_MAX = 10;

export const staffExamAttemptGrantCreateSchema = z.object({
  user_id: staffId,
  exam_id: staffId,
  extra_attempts: staffInt(1, ATTEMPT_GRANT_MAX).optional(),
  note: staffOptionalText(500).optional(),
});
export const staffExamAttemptGrantUpdateSchema = staffExamAttemptGrantCreateSchema
  .omit({ user_id: true, exam_id: true })
  .partial();
export const staffExamAttemptGrantListQuerySchema = staffListQuery({
  user_id: filterId(),
  exam_id: filterId(),
});
