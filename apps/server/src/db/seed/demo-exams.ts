import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { insertExam } from './exams';
import { QUESTION_BANK } from './question-bank';

/** General exams reachable by code from /exams. */
export const DEMO_EXAM_CODES = ['PHY2026', 'MATH2026'] as const;

/**
 * The demo's two general exams (no course), one with a detailed result and one without.
 * @example await seedDemoGeneralExams(trx, iso(2))
 */
export async function seedDemoGeneralExams(db: Kysely<DB>, createdAt: string): Promise<void> {
  const general = { courseId: null, createdAt };
  await insertExam(
    db,
    {
      name: 'امتحان الفيزياء الشامل',
      code: DEMO_EXAM_CODES[0],
      kind: 'exam',
      general: true,
      questions: QUESTION_BANK[1]!,
      duration: 30,
      detailed: true,
    },
    general,
  );
  await insertExam(
    db,
    {
      name: 'امتحان الرياضيات الشهري',
      code: DEMO_EXAM_CODES[1],
      kind: 'exam',
      general: true,
      questions: QUESTION_BANK[0]!,
      duration: 45,
      detailed: false,
    },
    general,
  );
}
