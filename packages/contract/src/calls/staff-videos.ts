import { z } from '../zod';
import { staffInt, staffListQuery, staffOptionalText, staffText } from './staff';
import { staffFilterId as filterId, staffFlag as flag, staffId } from './staff-fields';

/** A lecture's videos (metadata; the file comes by upload). */

export const staffVideoSchema = z.object({
  id: z.number().int(),
  lecture_id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  views_limit: z.number().int().nullable(),
  hide_attendance_chips: z.boolean(),
  attendance_required: z.boolean(),
  attendance_chip_text: z.string().nullable(),
  /** A file has been uploaded (or set by the seed). */
  has_file: z.boolean(),
  duration_seconds: z.number().int().nullable(),
  /**
   * Its HLS ladder's job (ADR 055): `none` (no file, or transcoding is off), `waiting`,
   * `running` (with `progress` in %), `ready` (with its renditions' heights), `failed` (with
   * the reason in Arabic); the uploaded MP4 plays until `ready`.
   */
  transcode: z.object({
    state: z.enum(['none', 'waiting', 'running', 'ready', 'failed']),
    progress: z.number().int().min(0).max(100),
    error: z.string().nullable(),
    renditions: z.array(z.number().int()),
  }),
});
export type StaffVideo = z.infer<typeof staffVideoSchema>;
export const staffVideoCreateSchema = z.object({
  lecture_id: staffId,
  name: staffText(200),
  position: staffInt(0, 100_000).optional(),
  views_limit: staffInt(1, 1000).nullable().optional(),
  hide_attendance_chips: flag.optional(),
  attendance_required: flag.optional(),
  attendance_chip_text: staffOptionalText(40).optional(),
});
export const staffVideoUpdateSchema = staffVideoCreateSchema.omit({ lecture_id: true }).partial();
export const staffVideoListQuerySchema = staffListQuery({ lecture_id: filterId() });
