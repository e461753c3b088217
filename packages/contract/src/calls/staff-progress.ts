import { z } from '../zod';
import { idParamsSchema } from './courses';
import { courseProgressResponseSchema, progressSummarySchema } from './progress';
import { staffListQuery, staffListResponse, staffOneResponse } from './staff';

/**
 * Staff's progress reports (issue 28, ADR 054), from the same events as the student's progress
 * page: per course, every student who joined it with what they watched, opened and took —
 * filtered to one lecture to find who has not watched it or missed its homework — and per
 * student, their courses. The admin and leaders read any course; a teacher's login its own
 * courses only (another's is 404, and a student's report shows only the teacher's courses).
 */

const optionalId = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : undefined),
  z.number().int().positive().optional(),
);

/**
 * What to find, in the whole course or in `lecture_id`:
 * - `not_watched`: a video not watched (under VIDEO_WATCHED_PERCENT), the lecture open or not;
 * - `watched`: every video watched;
 * - `missed_exam`: an exam or homework not taken;
 * - `no_activity`: nothing played, opened or taken at all.
 */
export const PROGRESS_STATUSES = ['not_watched', 'watched', 'missed_exam', 'no_activity'] as const;
export type ProgressStatus = (typeof PROGRESS_STATUSES)[number];

/** `?q` part of a name or phone; `lecture_id` one of the course's; `grade_id`; `status`. */
export const staffCourseProgressQuerySchema = staffListQuery({
  lecture_id: optionalId,
  grade_id: optionalId,
  status: z.enum(PROGRESS_STATUSES).optional().catch(undefined),
});
export type StaffCourseProgressQuery = z.infer<typeof staffCourseProgressQuerySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** One student's row in a course's report: the course (or the lecture asked for) in figures. */
export const staffProgressRowSchema = z.object({
  /** The student's id (the list's id). */
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  parent_phone: z.string().nullable(),
  grade: named.nullable(),
  /** Of the whole course, or of `lecture_id` when asked. */
  summary: progressSummarySchema,
  /** Minutes seen playing, all the videos counted together (whole minutes). */
  watched_minutes: z.number().int(),
  /** The mean of the scores that count of the exams taken, percent with one decimal; null: none. */
  average_score: z.number().nullable(),
  /** The last video played, attachment opened or exam finished; null: nothing yet. */
  last_activity_at: z.string().nullable(),
  joined_at: z.string(),
});
export type StaffProgressRow = z.infer<typeof staffProgressRowSchema>;

/** A student's courses (only a teacher's own for a teacher's login), as the student sees each. */
export const staffStudentProgressSchema = z.object({
  student: named,
  courses: z.array(courseProgressResponseSchema.shape.data),
});
export type StaffStudentProgress = z.infer<typeof staffStudentProgressSchema>;

/** The calls of this file; `staffEndpoints` spreads them. */
export const staffProgressEndpoints = {
  staffListCourseProgress: {
    method: 'GET',
    path: '/staff/courses/:id/progress',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    query: staffCourseProgressQuerySchema,
    response: staffListResponse(staffProgressRowSchema),
    errors: ['NOT_FOUND'],
  },
  staffExportCourseProgress: {
    method: 'GET',
    path: '/staff/courses/:id/progress.csv',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    query: staffCourseProgressQuerySchema,
    file: 'text/csv',
    errors: ['NOT_FOUND'],
  },
  staffGetStudentProgress: {
    method: 'GET',
    path: '/staff/students/:id/progress',
    auth: 'required',
    staff: 'leader',
    teacher: true,
    params: idParamsSchema,
    response: staffOneResponse(staffStudentProgressSchema),
    errors: ['NOT_FOUND'],
  },
} as const;
