import { z } from '../zod';
import { QUESTION_TYPES } from '../entities/exam';
import { VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';
import { STAFF_MESSAGES, staffInt, staffListQuery, staffOptionalText, staffText } from './staff';
import { staffFilterId as filterId, staffFlag as flag, staffId } from './staff-fields';

const M = STAFF_MESSAGES;

/** An exam's questions and their answer options; a bank's questions too (ADR 046). */

export const QUESTION_DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type QuestionDifficulty = (typeof QUESTION_DIFFICULTIES)[number];
/** A question's tags: short words a draw rule can ask for. */
export const QUESTION_TAGS_MAX = 10;
const tagText = safeString()
  .trim()
  .min(1, { error: M.required })
  .max(40, { error: VALIDATION_MESSAGES.tooLong })
  .refine((t) => !t.includes('|'), { error: 'لا يحتوي الوسم على الرمز |' });
export const staffQuestionTags = z
  .array(tagText)
  .max(QUESTION_TAGS_MAX, { error: 'عدد العناصر أكبر من المسموح' });

export const staffAnswerOptionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  image_url: z.string().nullable(),
  correct: z.boolean(),
});
export const staffQuestionSchema = z.object({
  id: z.number().int(),
  /** The exam of a fixed question; null for a bank's. */
  exam_id: z.number().int().nullable(),
  /** The bank of a bank's question; null for an exam's. */
  bank_id: z.number().int().nullable(),
  difficulty: z.enum(QUESTION_DIFFICULTIES).nullable(),
  tags: z.array(z.string()),
  position: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  image_url: z.string().nullable(),
  mark: z.number().int(),
  answer_explain_text: z.string().nullable(),
  answer_explain_image: z.string().nullable(),
  /** choices: the options; truefalse: 'صواب' and 'خطأ'; essay: none. */
  answers: z.array(staffAnswerOptionSchema),
});
export type StaffQuestion = z.infer<typeof staffQuestionSchema>;
const answerInput = z.object({
  text: safeString().trim().max(2000, { error: VALIDATION_MESSAGES.tooLong }),
  correct: flag,
  /** An uploaded image's url (/storage/…) or an http(s) link; kept when the options are sent again. */
  image_url: safeString()
    .trim()
    .max(2000, { error: VALIDATION_MESSAGES.tooLong })
    .nullable()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^(https?:\/\/|\/storage\/)[^\s]+$/i.test(v), { error: M.url })
    .optional(),
});
const questionFields = z.object({
  /** An exam's question: its exam; or a bank's: its bank (exactly one of the two). */
  exam_id: staffId.optional(),
  bank_id: staffId.optional(),
  difficulty: z
    .enum(QUESTION_DIFFICULTIES, { error: VALIDATION_MESSAGES.choice })
    .nullable()
    .optional(),
  tags: staffQuestionTags.optional(),
  type: z.enum(QUESTION_TYPES, { error: VALIDATION_MESSAGES.choice }),
  text: staffText(10_000),
  position: staffInt(0, 100_000).optional(),
  /** Whole marks, as the exam's results count them. */
  mark: staffInt(1, 1000).optional(),
  answer_explain_text: staffOptionalText(10_000).optional(),
  /**
   * choices: two or more options, one or more correct. truefalse: `correct_true` says which;
   * essay: none.
   */
  answers: z.array(answerInput).max(20, { error: 'عدد العناصر أكبر من المسموح' }).optional(),
  /** truefalse: whether 'صواب' is the right answer. */
  correct_true: flag.optional(),
});
export const staffQuestionCreateSchema = questionFields.refine(
  (b) => (b.exam_id === undefined) !== (b.bank_id === undefined),
  { error: 'اختر الامتحان أو بنك الأسئلة', path: ['exam_id'] },
);
export const staffQuestionUpdateSchema = questionFields
  .omit({ exam_id: true, bank_id: true })
  .partial();
export const staffQuestionListQuerySchema = staffListQuery({
  exam_id: filterId(),
  bank_id: filterId(),
  difficulty: z.enum(QUESTION_DIFFICULTIES).optional().catch(undefined),
  tag: z
    .string()
    .optional()
    .catch(undefined)
    .pipe(safeString().optional())
    .transform((t) => t?.trim().toLowerCase().slice(0, 40) || undefined),
});

/**
 * Regrading a question of an exam students have submitted (issue 26, ADR 045): the right
 * options (choices), which of true and false is right, and/or its mark. Every submitted
 * session is marked again and its result recomputed, in one audited step.
 */
export const staffQuestionRegradeBodySchema = z
  .object({
    correct_option_ids: z
      .array(staffId)
      .min(1, { error: M.choicesNeedCorrect })
      .max(20, { error: 'عدد العناصر أكبر من المسموح' })
      .optional(),
    correct_true: flag.optional(),
    mark: staffInt(1, 1000).optional(),
  })
  .refine(
    (b) =>
      b.correct_option_ids !== undefined || b.correct_true !== undefined || b.mark !== undefined,
    { error: 'اختر الإجابة الصحيحة أو الدرجة الجديدة', path: ['correct_option_ids'] },
  );
export const staffQuestionRegradeResultSchema = z.object({
  question: staffQuestionSchema,
  /** Submitted sessions marked again. */
  sessions: z.number().int(),
  /** Of those, sessions whose mark or outcome changed (their students were told). */
  changed: z.number().int(),
  now_passed: z.number().int(),
  now_failed: z.number().int(),
});
export type StaffQuestionRegradeResult = z.infer<typeof staffQuestionRegradeResultSchema>;
