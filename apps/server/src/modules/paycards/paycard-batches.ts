import type { Kysely, Transaction } from 'kysely';
import { AMOUNT_MAX, parsePiasters, toPiasters } from '@dars/contract';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { addDays, nowIso } from '../../lib/time';
import { hashPaycardCode, newPaycardCode, normalizePaycardCode } from './paycard-code';

/** Most cards one batch may hold from the command line (the staff console asks for fewer). */
export const PAYCARD_BATCH_MAX = 10_000;

export type BatchOptions = {
  /** Pounds, at most two decimals: a number (the staff API) or the text typed (the command line). */
  value: number | string;
  count: number;
  courseId?: number | null;
  lectureId?: number | null;
  /** An absolute expiry time (ISO), or days from now; neither: the cards never expire. */
  expiresAt?: string | null;
  expiresInDays?: number | null;
};

/** Who issues a batch: a staff member, or the command line (id null). */
export type BatchIssuer = { id: number | null; name: string };

/** A batch row, and the codes of its cards: the only time they exist outside a printed card. */
export type IssuedBatch = { batchId: number; codes: string[] };

/** Rows per insert: well under either database's limit on bound parameters. */
const CHUNK = 200;

/**
 * Issues a batch of new single-use pay cards (ADR 018, 030) and returns their codes. The codes
 * exist only in the return value: the database keeps their sha256 and last four characters,
 * so they must be printed or exported now. One transaction: the batch and all its cards, or
 * nothing. A lecture's card is the lecture's course's too (the target is checked here).
 * @example const { codes } = await issueBatch(db, { value: 100, count: 50 }, { id: 1, name: 'م' })
 */
export async function issueBatch(
  db: Kysely<DB>,
  options: BatchOptions,
  issuer: BatchIssuer,
  /** Runs inside the batch's transaction, after its cards (the staff API's audit row). */
  after?: (trx: Transaction<DB>, batchId: number) => Promise<void>,
): Promise<IssuedBatch> {
  // The same reading as the staff API's schema (moneySchema), so what one accepts the other
  // stores: 1.10, 19.99 and 0.29 pounds are 110, 1999 and 29 piasters, never a 500.
  const value = parsePiasters(options.value);
  if (value === null || value <= 0 || value > toPiasters(AMOUNT_MAX)) {
    throw new Error(
      `value must be a positive amount of pounds with at most two decimals, up to ${AMOUNT_MAX}`,
    );
  }
  if (!Number.isInteger(options.count) || options.count < 1 || options.count > PAYCARD_BATCH_MAX) {
    throw new Error(`count must be between 1 and ${PAYCARD_BATCH_MAX}`);
  }
  const now = nowIso();
  const expiresAt =
    options.expiresAt ?? (options.expiresInDays ? addDays(now, options.expiresInDays) : null);
  const codes = Array.from({ length: options.count }, newPaycardCode);
  const batchId = await db.transaction().execute(async (trx) => {
    let courseId = options.courseId ?? null;
    const lectureId = options.lectureId ?? null;
    if (lectureId !== null) {
      const lecture = await trx
        .selectFrom('lectures')
        .select('course_id')
        .where('id', '=', lectureId)
        .executeTakeFirst();
      if (!lecture) throw new AppError('NOT_FOUND', 'المحاضرة غير موجودة');
      if (courseId !== null && courseId !== lecture.course_id)
        throw new AppError('VALIDATION_FAILED', 'المحاضرة ليست من الدورة المختارة');
      courseId = lecture.course_id;
    } else if (courseId !== null) {
      const course = await trx
        .selectFrom('courses')
        .select('id')
        .where('id', '=', courseId)
        .executeTakeFirst();
      if (!course) throw new AppError('NOT_FOUND', 'الدورة غير موجودة');
    }
    const batch = await trx
      .insertInto('paycard_batches')
      .values({
        value,
        count: options.count,
        course_id: courseId,
        lecture_id: lectureId,
        expires_at: expiresAt,
        created_by: issuer.id,
        created_by_name: issuer.name,
        created_at: now,
        disabled_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < codes.length; i += CHUNK) {
      await trx
        .insertInto('paycards')
        .values(
          codes.slice(i, i + CHUNK).map((code) => ({
            code_hash: hashPaycardCode(code),
            code_hint: normalizePaycardCode(code).slice(-4),
            value,
            course_id: courseId,
            lecture_id: lectureId,
            expires_at: expiresAt,
            used_by: null,
            used_at: null,
            created_at: now,
            batch_id: batch.id,
          })),
        )
        .execute();
    }
    await after?.(trx, batch.id);
    return batch.id;
  });
  return { batchId, codes };
}

/**
 * Disables the cards of a batch that are not used yet, in the caller's transaction: each is
 * refused at redemption from now on (EXPIRED_PAYCARD, ADR 030). One conditional update
 * (`used_by is null`): a card being redeemed at the same moment is either used (its redemption
 * won) or disabled, never both, because the redemption's own update also requires
 * `disabled_at is null`. Returns how many cards it disabled; 0 when the batch was disabled
 * before (its row is marked once).
 */
export async function disableBatch(
  trx: Transaction<DB>,
  batchId: number,
): Promise<{ disabled: number; at: string } | null> {
  const at = nowIso();
  const marked = await trx
    .updateTable('paycard_batches')
    .set({ disabled_at: at })
    .where('id', '=', batchId)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) !== 1) return null;
  const done = await trx
    .updateTable('paycards')
    .set({ disabled_at: at })
    .where('batch_id', '=', batchId)
    .where('used_by', 'is', null)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  return { disabled: Number(done.numUpdatedRows), at };
}
