import { z } from '../zod';

/** A video of a lecture (spec §3). The playable url comes from GET /video/apps/{id}. */
export const videoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  viewable: z.boolean(),
  seen: z.boolean(),
  /** Null means no view limit. */
  views_limit: z.number().int().positive().nullable(),
  counted_views: z.number().int().nonnegative(),
  hide_attendance_chips: z.boolean(),
  attendance_required: z.boolean(),
  /** Custom chip text; the client falls back to 'أساسي'. */
  attendance_chip_text: z.string().nullable(),
});
export type Video = z.infer<typeof videoSchema>;

/** An exam (or homework) attached to a lecture (spec §3). */
export const lectureExamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  exam_code: z.string(),
  must_pass: z.boolean(),
  must_take: z.boolean(),
  /** Counts toward the exams tab badge. */
  needs_attention: z.boolean(),
  /** The student should try the alternative exam instead. */
  navigate_to_alternative: z.boolean(),
  alternative_exam: z.object({ exam_code: z.string() }).nullable(),
  questions_count: z.number().int().nonnegative(),
});
export type LectureExam = z.infer<typeof lectureExamSchema>;

/** A downloadable file of a lecture (spec §3). */
export const attachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  /** `extension` is lower-case without the dot ('pdf'). */
  meta: z.object({ extension: z.string() }),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** What a lecture holds, loaded only with access (spec §3). */
export const lectureContentsSchema = z.object({
  videos: z.array(videoSchema),
  exams: z.array(lectureExamSchema),
  attachments: z.array(attachmentSchema),
});
export type LectureContents = z.infer<typeof lectureContentsSchema>;
