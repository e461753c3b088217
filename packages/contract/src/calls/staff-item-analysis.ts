import { z } from '../zod';

/**
 * What each question of an exam tells the teacher (issue 26, ADR 043): over the submitted
 * sessions, how many answered it, its facility (the mean mark on it as a percentage of its
 * mark) and its discrimination (the upper group's mean minus the lower group's, -1 to 1, the
 * groups being the top and bottom 27 % of sessions by total), how often each option was
 * picked, and flags for a question nobody got right or that strong students got wrong more
 * often than weak ones (a wrong key).
 */

export const ITEM_FLAGS = ['no_one_right', 'reversed'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];

export const staffItemAnalysisSchema = z.object({
  exam: z.object({ id: z.number().int(), name: z.string() }),
  /** Submitted sessions counted. */
  sessions: z.number().int(),
  /** Sessions in each of the upper and lower groups (0 with fewer than two sessions). */
  group_size: z.number().int(),
  questions: z.array(
    z.object({
      id: z.number().int(),
      position: z.number().int(),
      type: z.string(),
      text: z.string(),
      mark: z.number(),
      /** Sessions with an answer to it (an option, a text or an image). */
      answered: z.number().int(),
      /** Sessions whose mark on it is known (an essay waiting for marks is not). */
      scored: z.number().int(),
      /** 0–100; null when no mark is known. */
      facility: z.number().nullable(),
      /** -1 to 1; null without two groups with known marks. */
      discrimination: z.number().nullable(),
      options: z.array(
        z.object({
          id: z.number().int(),
          text: z.string(),
          correct: z.boolean(),
          picks: z.number().int(),
        }),
      ),
      flags: z.array(z.enum(ITEM_FLAGS)),
    }),
  ),
});
export type StaffItemAnalysis = z.infer<typeof staffItemAnalysisSchema>;
