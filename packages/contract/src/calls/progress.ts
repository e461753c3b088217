import { z } from '../zod';
import { videoTokenSchema } from './videos';

/**
 * A student's progress in a course (issue 28, ADR 054), from real events: how much of each
 * video the player saw play (not how far the bar was dragged), which attachments were opened,
 * which exams and homework were taken and their score. The player page reports what played;
 * the server batches those reports off the request path.
 */

/** A video counts as watched once this much of it has played (a student skips the end credits). */
export const VIDEO_WATCHED_PERCENT = 90;

/** The longest stretch of playback one report may carry, seconds (the page reports every 15 s). */
export const PROGRESS_REPORT_MAX_SECONDS = 120;

/**
 * POST /video/progress, from the player page: `watched` seconds played since its last report
 * (at most 120: played, not sought), `position` where the playhead is now, `duration` the
 * video's length as the browser read it (the server keeps the first it hears when the video
 * has none). Signed by the player's token, as the view call is (ADR 051: bound to its sign-in).
 */
export const videoProgressBodySchema = z.object({
  vt: videoTokenSchema,
  watched: z.number().min(0).max(PROGRESS_REPORT_MAX_SECONDS),
  position: z.number().min(0).max(86_400),
  duration: z.number().min(0).max(86_400).optional(),
});
export type VideoProgressBody = z.infer<typeof videoProgressBodySchema>;
/** Taken: written with the next batch (within a few seconds), not before the answer. */
export const videoProgressResponseSchema = z.object({ accepted: z.literal(true) });

const videoProgressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Seconds; null until the video's length is known. */
  duration_seconds: z.number().int().nullable(),
  /** Seconds seen playing, all plays together (a second seen twice counts twice, capped at the length). */
  watched_seconds: z.number().int(),
  /** Where the student stopped last, seconds. */
  position_seconds: z.number().int(),
  /** watched / duration, whole percent, at most 100; 0 with no duration. */
  percent: z.number().int().min(0).max(100),
  /** percent ≥ VIDEO_WATCHED_PERCENT. */
  watched: z.boolean(),
  /** Views counted (the view limit's count, ADR 021). */
  plays: z.number().int(),
  first_watched_at: z.string().nullable(),
  last_watched_at: z.string().nullable(),
});
export type VideoProgress = z.infer<typeof videoProgressSchema>;

const attachmentProgressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** When the student first opened it; null: never. */
  opened_at: z.string().nullable(),
});

const examProgressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['exam', 'homework']),
  /** A finished attempt exists. */
  taken: z.boolean(),
  /**
   * The score that counts (the exam's attempt rule, ADR 047), percent with one decimal; null
   * when not taken, or while an essay waits for its mark (`waiting_mark`).
   */
  score_percent: z.number().nullable(),
  waiting_mark: z.boolean(),
  passed: z.boolean().nullable(),
  finished_at: z.string().nullable(),
});

export const lectureProgressSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The student holds this lecture (bought, granted, or the whole course). */
  open: z.boolean(),
  videos: z.array(videoProgressSchema),
  attachments: z.array(attachmentProgressSchema),
  exams: z.array(examProgressSchema),
});
export type LectureProgress = z.infer<typeof lectureProgressSchema>;

/** Done of total, for the course and per kind; `percent` of all items together, whole. */
export const progressSummarySchema = z.object({
  videos: z.object({ done: z.number().int(), total: z.number().int() }),
  attachments: z.object({ done: z.number().int(), total: z.number().int() }),
  exams: z.object({ done: z.number().int(), total: z.number().int() }),
  percent: z.number().int().min(0).max(100),
});
export type ProgressSummary = z.infer<typeof progressSummarySchema>;

/** GET /courses/:id/progress: the student's own, for a course they joined (else 404). */
export const courseProgressResponseSchema = z.object({
  data: z.object({
    course: z.object({ id: z.number().int(), name: z.string() }),
    summary: progressSummarySchema,
    /** In the course's order; what's left is what is not done in an open lecture. */
    lectures: z.array(lectureProgressSchema),
  }),
});
export type CourseProgress = z.infer<typeof courseProgressResponseSchema>['data'];
