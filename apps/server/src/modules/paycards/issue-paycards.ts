import type { Kysely } from 'kysely';
import { toPiasters } from '@dars/contract';
import type { DB } from '../../db/schema';
import { addDays, nowIso } from '../../lib/time';
import { hashPaycardCode, newPaycardCode, normalizePaycardCode } from './paycard-code';

export type IssueOptions = {
  /** pounds */
  value: number;
  count: number;
  courseId?: number | null;
  lectureId?: number | null;
  expiresInDays?: number | null;
};

/**
 * Issues new single-use pay cards and returns their codes. The codes exist only in the return
 * value: the database keeps their hashes, so print or export them now.
 * @example const codes = await issuePaycards(db, { value: 100, count: 50 })
 */
export async function issuePaycards(db: Kysely<DB>, options: IssueOptions): Promise<string[]> {
  if (!(options.value > 0) || Math.round(options.value * 100) !== options.value * 100) {
    throw new Error('value must be a positive amount of pounds with at most two decimals');
  }
  if (!Number.isInteger(options.count) || options.count < 1 || options.count > 10_000) {
    throw new Error('count must be between 1 and 10000');
  }
  const now = nowIso();
  const codes = Array.from({ length: options.count }, newPaycardCode);
  await db.transaction().execute(async (trx) => {
    for (const code of codes) {
      await trx
        .insertInto('paycards')
        .values({
          code_hash: hashPaycardCode(code),
          code_hint: normalizePaycardCode(code).slice(-4),
          value: toPiasters(options.value),
          course_id: options.courseId ?? null,
          lecture_id: options.lectureId ?? null,
          expires_at: options.expiresInDays ? addDays(now, options.expiresInDays) : null,
          used_by: null,
          used_at: null,
          created_at: now,
        })
        .execute();
    }
  });
  return codes;
}
