import { z } from '../zod';
import { VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';
import { ATTEMPT_RULES, attemptRuleSchema } from '../entities/exam';
import {
  STAFF_MESSAGES,
  staffDateTime,
  staffInt,
  staffListQuery,
  staffOptionalText,
  staffText,
} from './staff';
import { staffFilterId as filterId, staffFlag as flag, staffId } from './staff-fields';

const M = STAFF_MESSAGES;

/** Exams and homework: their code, window, marks and result options. */

export const EXAM_KINDS = ['exam', 'homework'] as const;

/** The most attempts an exam may allow (ADR 047); a staff grant may add a few more. */
export const MAX_ATTEMPTS = 20;

export const staffExamSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  exam_code: z.string(),
  kind: z.enum(EXAM_KINDS),
  course_id: z.number().int().nullable(),
  /** Open to anyone with the code from /exams. */
  is_general: z.boolean(),
  duration_minutes: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  pass_percentage: z.number().int(),
  show_result: z.boolean(),
  show_detailed_result: z.boolean(),
  shuffled_answers: z.boolean(),
  /** Another order of the questions for each session. */
  shuffled_questions: z.boolean(),
  enable_images_answers: z.boolean(),
  /** Questions each student gets: the exam's own plus what its draw rules draw (ADR 046). */
  questions_count: z.number().int(),
  /** Each student's total mark: the own questions' marks plus every rule's count × mark. */
  total_mark: z.number(),
  /** Of those, the questions drawn from banks and their marks (0 without draw rules). */
  drawn_questions_count: z.number().int(),
  drawn_total_mark: z.number().int(),
  sessions_count: z.number().int(),
  /** Attempts each student may make (ADR 047), the wait between two, and which one counts. */
  max_attempts: z.number().int(),
  attempt_wait_minutes: z.number().int(),
  attempt_rule: attemptRuleSchema,
  created_at: z.string(),
});
export type StaffExam = z.infer<typeof staffExamSchema>;
/** What an exam code may hold: the students type it on /exams (no spaces, any case). */
export const EXAM_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
export const EXAM_CODE_MESSAGE =
  'الكود يقبل الحروف الإنجليزية والأرقام والشَّرطة (-) والشَّرطة السفلية (_) فقط، بلا مسافات';
export const staffExamCreateSchema = z.object({
  name: staffText(200),
  description: staffOptionalText(5000).optional(),
  exam_code: safeString(M.required)
    .trim()
    .min(1, { error: M.required })
    .max(40, { error: VALIDATION_MESSAGES.tooLong })
    .regex(EXAM_CODE_PATTERN, { error: EXAM_CODE_MESSAGE }),
  kind: z.enum(EXAM_KINDS, { error: VALIDATION_MESSAGES.choice }).optional(),
  course_id: staffId.nullable().optional(),
  is_general: flag.optional(),
  duration_minutes: staffInt(1, 24 * 60)
    .nullable()
    .optional(),
  starts_at: staffDateTime.nullable().optional(),
  ends_at: staffDateTime.nullable().optional(),
  pass_percentage: staffInt(0, 100).optional(),
  show_result: flag.optional(),
  show_detailed_result: flag.optional(),
  shuffled_answers: flag.optional(),
  shuffled_questions: flag.optional(),
  enable_images_answers: flag.optional(),
  max_attempts: staffInt(1, MAX_ATTEMPTS).optional(),
  /** Up to thirty days between two attempts. */
  attempt_wait_minutes: staffInt(0, 30 * 24 * 60).optional(),
  attempt_rule: z.enum(ATTEMPT_RULES, { error: VALIDATION_MESSAGES.choice }).optional(),
});
export const staffExamUpdateSchema = staffExamCreateSchema.partial();
export const staffExamListQuerySchema = staffListQuery({
  course_id: filterId(),
  kind: z.enum(EXAM_KINDS).optional().catch(undefined),
});
