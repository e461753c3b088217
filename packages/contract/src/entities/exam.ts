import { z } from '../zod';
import { isoDateTimeSchema } from '../datetime';

/** Which of a student's attempts counts (ADR 047): the best, the last, or their average. */
export const ATTEMPT_RULES = ['best', 'last', 'average'] as const;
export const attemptRuleSchema = z.enum(ATTEMPT_RULES);
export type AttemptRule = z.infer<typeof attemptRuleSchema>;

export const examAttemptsSchema = z.object({
  /** The latest attempt's number; 0 before the first. */
  current: z.number().int().nonnegative(),
  /** Attempts this student may make: the exam's, plus any staff granted them. */
  allowed: z.number().int().positive(),
  rule: attemptRuleSchema,
  /** Starting now makes a new attempt (the last one is finished, one is left, the wait is over). */
  can_start: z.boolean(),
  /** When the next attempt opens, while the student waits between attempts; else null. */
  next_at: isoDateTimeSchema.nullable(),
});
export type ExamAttempts = z.infer<typeof examAttemptsSchema>;

/**
 * An exam as the entry screen shows it (spec §3). The screen's one button follows from the
 * flags: active_session → continue, has_session with show_result → view result,
 * has_session → view session, otherwise start.
 */
export const examDetailsSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  /** Minutes; null for an open exam with no time limit. */
  duration: z.number().int().positive().nullable(),
  questions_count: z.number().int().nonnegative(),
  /** The student has a session still running. */
  active_session: z.boolean(),
  /** The student has a session, running or submitted. */
  has_session: z.boolean(),
  show_result: z.boolean(),
  show_detailed_result: z.boolean(),
  shuffled_answers: z.boolean(),
  enable_images_answers: z.boolean(),
  /**
   * Ours (issue 26, ADR 047): where the student is with the exam's attempts. `has_session` and
   * `active_session` speak of the latest attempt. Absent from older servers: one attempt.
   */
  attempts: examAttemptsSchema.optional(),
});
export type ExamDetails = z.infer<typeof examDetailsSchema>;

/** A student's attempt at an exam. `remaining_seconds` is the server's clock (ADR 000: Time). */
export const examSessionSchema = z.object({
  token: z.string(),
  active: z.boolean(),
  /** Null for an open exam. */
  remaining_seconds: z.number().int().nonnegative().nullable(),
});
export type ExamSession = z.infer<typeof examSessionSchema>;

export const QUESTION_TYPES = ['choices', 'truefalse', 'essay'] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES);
export type QuestionType = z.infer<typeof questionTypeSchema>;

/** `correct` is null until the student may see it (after submission, detailed result on). */
export const answerOptionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  image_url: z.string().nullable(),
  correct: z.boolean().nullable(),
});
export type AnswerOption = z.infer<typeof answerOptionSchema>;

/**
 * A question (spec §3). A truefalse question carries two options, 'صواب' and 'خطأ'; an essay
 * none. The explanation is null until the student may see it.
 */
export const questionSchema = z.object({
  id: z.number().int(),
  type: questionTypeSchema,
  text: z.string(),
  image_url: z.string().nullable(),
  answers: z.array(answerOptionSchema),
  answer_explain_text: z.string().nullable(),
  answer_explain_image: z.string().nullable(),
});
export type Question = z.infer<typeof questionSchema>;

/** A student's saved answer to one question (spec §3). */
export const answerAttemptSchema = z.object({
  id: z.number().int(),
  question_id: z.number().int(),
  /** The chosen option; null for an essay. */
  answer_id: z.number().int().nullable(),
  answer_text: z.string().nullable(),
  /** Url of the attached image of an essay answer. */
  answer_image: z.string().nullable(),
  /** Null while not corrected or not shown. */
  correct: z.boolean().nullable(),
  /** Marks the question is worth. */
  question_mark: z.number().nonnegative(),
  /** Marks earned; null while not corrected or not shown. */
  correction_mark: z.number().nonnegative().nullable(),
  /**
   * The highest `seq` the server has kept for this question (0 when the answers came without
   * one): a device that continues the session numbers its next answers above it (ADR 017).
   * Not in spec §3; optional, so a client that does not read it is unaffected.
   */
  seq: z.number().int().nonnegative().optional(),
});
export type AnswerAttempt = z.infer<typeof answerAttemptSchema>;

/** The outcome of a submitted session (spec §3). */
export const examResultSchema = z.object({
  succeeded: z.boolean(),
  /** 0–100. */
  correction_percentage: z.number().min(0).max(100),
  correction_mark: z.number().nonnegative(),
  total_mark: z.number().nonnegative(),
  correct_answer_attempts: z.number().int().nonnegative(),
  wrong_answer_attempts: z.number().int().nonnegative(),
  /** Seconds from start to submission. */
  time_taken: z.number().int().nonnegative(),
  /**
   * Ours: false while an essay waits for the teacher's marks; `succeeded` and the marks are then
   * the marks so far (ADR 016: Marking and results). Absent from older servers: read as true.
   */
  corrected: z.boolean().optional(),
});
export type ExamResult = z.infer<typeof examResultSchema>;

/** A row of the exam or homework results list (spec §3). */
export const examResultSessionSchema = z.object({
  id: z.number().int(),
  exam: z.object({ exam_code: z.string(), name: z.string(), show_result: z.boolean() }),
  start_time: isoDateTimeSchema,
  corrected: z.boolean(),
  /** Null while not corrected or when the result is not shown. */
  succeeded: z.boolean().nullable(),
  correction_mark: z.number().nonnegative().nullable(),
  total_mark: z.number().nonnegative(),
  /**
   * Ours: true while the session is still running (not submitted by the student or by time):
   * the list says so and offers to continue instead of 'not corrected' (ADR 016: Marking and
   * results). Absent from older servers: read as false.
   */
  active: z.boolean().optional(),
  /** Ours (ADR 047): the attempt's number (1 when the exam allows one). */
  attempt: z.number().int().positive().optional(),
  /**
   * Ours (ADR 047): this attempt is the one whose result counts (the best, or the last; every
   * finished attempt when their average counts). Absent from older servers: true.
   */
  counts: z.boolean().optional(),
  /**
   * Ours (ADR 047): attempts the student may make at the exam, and this attempt's own session
   * token, so the result of an earlier attempt stays one tap away while a new one may start.
   */
  attempts_allowed: z.number().int().positive().optional(),
  session_token: z.string().optional(),
});
export type ExamResultSession = z.infer<typeof examResultSessionSchema>;
