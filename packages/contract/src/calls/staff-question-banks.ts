import { z } from '../zod';
import { safeString } from '../primitives';
import { staffInt, staffListQuery, staffText } from './staff';
import { staffFilterId as filterId, staffId } from './staff-fields';
import { QUESTION_DIFFICULTIES, staffQuestionSchema } from './staff-questions';

/**
 * Question banks and the rules an exam draws by (issue 26, ADR 046): a bank is a course's named
 * list of questions; a rule asks for "count questions worth mark each from a bank, with a tag,
 * of a difficulty", and each session draws its own when it starts.
 */

export const staffQuestionBankSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int().nullable(),
  course_name: z.string().nullable(),
  name: z.string(),
  questions_count: z.number().int(),
  /** Exams with a rule drawing from this bank. */
  exams_count: z.number().int(),
  created_at: z.string(),
});
export type StaffQuestionBank = z.infer<typeof staffQuestionBankSchema>;
export const staffQuestionBankCreateSchema = z.object({
  name: staffText(200),
  course_id: staffId.nullable().optional(),
});
export const staffQuestionBankUpdateSchema = staffQuestionBankCreateSchema.partial();
export const staffQuestionBankListQuerySchema = staffListQuery({ course_id: filterId() });

/** At most this many rules per exam, and questions per rule. */
export const DRAW_RULES_MAX = 20;
export const DRAW_RULE_COUNT_MAX = 200;

export const staffExamDrawRuleSchema = z.object({
  id: z.number().int(),
  exam_id: z.number().int(),
  bank_id: z.number().int(),
  bank_name: z.string(),
  tag: z.string().nullable(),
  difficulty: z.enum(QUESTION_DIFFICULTIES).nullable(),
  mark: z.number().int(),
  count: z.number().int(),
  position: z.number().int(),
  /** How many of the bank's questions this rule could draw on its own. */
  available: z.number().int(),
});
export type StaffExamDrawRule = z.infer<typeof staffExamDrawRuleSchema>;
export const staffExamDrawRuleCreateSchema = z.object({
  exam_id: staffId,
  bank_id: staffId,
  /** One whole tag (tags are kept in lower case, so «Newton» finds «newton»). */
  tag: safeString()
    .trim()
    .max(40)
    .refine((t) => !t.includes('|'), { error: 'لا يحتوي الوسم على الرمز |' })
    .nullable()
    .optional()
    .transform((t) => (t ? t.toLowerCase() : null)),
  difficulty: z.enum(QUESTION_DIFFICULTIES, { error: 'اختر مستوى الصعوبة' }).nullable().optional(),
  /** Each drawn question's mark: only questions worth exactly this are drawn. */
  mark: staffInt(1, 1000),
  count: staffInt(1, DRAW_RULE_COUNT_MAX),
  position: staffInt(0, 100_000).optional(),
});
export const staffExamDrawRuleUpdateSchema = staffExamDrawRuleCreateSchema
  .omit({ exam_id: true })
  .partial();
export const staffExamDrawRuleListQuerySchema = staffListQuery({ exam_id: filterId() });

export const staffDrawPreviewQuerySchema = z.object({
  /** Draws as a session with this key would; another key draws again. */
  seed: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional()
    .catch(undefined),
});
/** One draw of an exam's questions as a session would get them (fixed ones, then drawn ones). */
export const staffDrawPreviewSchema = z.object({
  seed: z.string(),
  questions: z.array(staffQuestionSchema),
  /** The exam's fixed questions' marks plus every rule's count × mark. */
  total_mark: z.number().int(),
  fixed_count: z.number().int(),
  drawn_count: z.number().int(),
  /** Questions the rules ask for but cannot draw (0 when the rules are feasible). */
  missing: z.number().int(),
});
export type StaffDrawPreview = z.infer<typeof staffDrawPreviewSchema>;
