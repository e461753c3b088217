import { z } from '../zod';
import { payTypeSchema } from '../entities/course';
import { VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';
import { staffInt, staffListQuery, staffMoney, staffText } from './staff';
import {
  staffFilterFlag as filterFlag,
  staffFilterId as filterId,
  staffFlag as flag,
  staffId,
  staffIdList as idList,
} from './staff-fields';

/** Courses: price, pay type, grades, categories and teachers. */

export const staffCourseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  featured: z.boolean(),
  pay_type: payTypeSchema,
  /** pounds */
  price: z.number(),
  /** price is 0 */
  free: z.boolean(),
  show_preview: z.boolean(),
  /** Most students allowed to join; null for no limit. */
  users_limit: z.number().int().nullable(),
  published: z.boolean(),
  grade_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  /** In the order the course page shows them. */
  teacher_ids: z.array(z.number().int()),
  /**
   * Each teacher's share of this course's sales (ADR 048), in `teacher_ids`' order; null: the
   * teacher's own percent.
   */
  teacher_shares: z.array(
    z.object({ teacher_id: z.number().int(), share_percent: z.number().int().nullable() }),
  ),
  lectures_count: z.number().int(),
  users_count: z.number().int(),
  created_at: z.string(),
});
export type StaffCourse = z.infer<typeof staffCourseSchema>;
export const staffCourseCreateSchema = z.object({
  name: staffText(200),
  description: safeString().max(20_000, { error: VALIDATION_MESSAGES.tooLong }).optional(),
  featured: flag.optional(),
  pay_type: z.enum(['course', 'lectures'], { error: VALIDATION_MESSAGES.choice }),
  price: staffMoney.optional(),
  show_preview: flag.optional(),
  users_limit: staffInt(1, 1_000_000).nullable().optional(),
  published: flag.optional(),
  grade_ids: idList.optional(),
  category_ids: idList.optional(),
  teacher_ids: idList.optional(),
  /** The admin's (ADR 048): a course's own share for some of its teachers; null: theirs. */
  teacher_shares: z
    .array(
      z.object({
        teacher_id: staffId,
        share_percent: staffInt(0, 100).nullable(),
      }),
    )
    .max(50, { error: VALIDATION_MESSAGES.tooLong })
    .optional(),
});
export const staffCourseUpdateSchema = staffCourseCreateSchema.partial();
export const staffCourseListQuerySchema = staffListQuery({
  grade_id: filterId(),
  category_id: filterId(),
  teacher_id: filterId(),
  featured: filterFlag(),
  published: filterFlag(),
});
