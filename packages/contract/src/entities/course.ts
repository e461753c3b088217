import { z } from '../zod';
import { categorySchema, gradeSchema } from './settings';
import { courseTeacherSchema } from './teacher';
import { lectureSchema } from './lecture';

/**
 * 'course': the whole course is bought. Any other value (normally 'lectures'): joined with a
 * confirmation, lectures bought one by one (ADR 000: pay_type).
 */
export const payTypeSchema = z.enum(['course', 'lectures']);
export type PayType = z.infer<typeof payTypeSchema>;

/** A course as lists show it (spec §3), without its lectures. `joined` is per student. */
export const courseSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  featured: z.boolean(),
  pay_type: payTypeSchema,
  price: z.number().nonnegative(),
  free: z.boolean(),
  joined: z.boolean(),
  show_preview: z.boolean(),
  grades: z.array(gradeSchema),
  categories: z.array(categorySchema),
  teachers: z.array(courseTeacherSchema),
  lectures_count: z.number().int(),
  users_count: z.number().int(),
});
export type CourseSummary = z.infer<typeof courseSummarySchema>;

/** A course page: the summary plus its lectures in order. */
export const courseSchema = courseSummarySchema.extend({
  /** Whether the student bought the whole course (pay_type 'course'). */
  purchased: z.boolean(),
  lectures: z.array(lectureSchema),
});
export type Course = z.infer<typeof courseSchema>;
