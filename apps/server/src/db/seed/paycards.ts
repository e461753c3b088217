import type { Kysely } from 'kysely';
import { toPiasters } from '@dars/contract';
import type { DB } from '../schema';
import { hashPaycardCode, normalizePaycardCode } from '../../modules/paycards/paycard-code';

export interface PaycardBuild {
  /** As printed; only its hash and last four characters are stored. */
  code: string;
  /** pounds */
  value: number;
  courseId: number | null;
  lectureId: number | null;
  expiresAt: string | null;
  usedBy: number | null;
  usedAt: string | null;
  createdAt: string;
  /** The batch it was issued in (staff list cards by batch), if any. */
  batchId?: number | null;
}

/**
 * Adds a pay card, stored as the server stores issued cards (hashed).
 * @example await insertPaycard(db, { code: 'K7PM 4QXR 9TWD 2HNA', value: 100, … })
 */
export async function insertPaycard(db: Kysely<DB>, card: PaycardBuild): Promise<void> {
  await db
    .insertInto('paycards')
    .values({
      code_hash: hashPaycardCode(card.code),
      code_hint: normalizePaycardCode(card.code).slice(-4),
      value: toPiasters(card.value),
      course_id: card.courseId,
      lecture_id: card.lectureId,
      expires_at: card.expiresAt,
      used_by: card.usedBy,
      used_at: card.usedAt,
      created_at: card.createdAt,
      batch_id: card.batchId ?? null,
    })
    .execute();
}
