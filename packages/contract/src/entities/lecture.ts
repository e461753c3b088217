import { z } from '../zod';

/** A lecture in a course (spec §3). `purchased`, `expired`, `enable_videos` are per student. */
export const lectureSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  name: z.string(),
  free: z.boolean(),
  price: z.number().nonnegative(),
  preview: z.boolean(),
  purchased: z.boolean(),
  expired: z.boolean(),
  expiry_days: z.number().int().positive().nullable(),
  enable_videos: z.boolean(),
  repurchasable: z.boolean(),
  repurchase_price: z.number().nonnegative().nullable(),
  paycard_disabled: z.boolean(),
});
export type Lecture = z.infer<typeof lectureSchema>;
