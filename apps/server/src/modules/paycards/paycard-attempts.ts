import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { HOUR, hit, release } from '../../lib/rate-limit';

/**
 * Failed pay-card attempts a student gets per hour, purchases and wallet recharges together:
 * enough for typos, too few to guess.
 */
export const PAYCARD_FAILURES = { limit: 10, windowMs: HOUR };

/** The refusals that say something about the typed code, so count as a guess. */
const GUESS_REFUSALS = new Set([
  'INVALID_PAYCARD_CODE',
  'USED_PAYCARD',
  'EXPIRED_PAYCARD',
  'PAYCARD_USED_BY_ANOTHER_USER',
]);

/**
 * Runs `work`, which tries a typed pay-card code, under the student's guessing limit. The
 * attempt is counted before it is tried (so parallel guesses cannot all slip under the limit)
 * and given back unless the card was refused: the count lives outside `work`'s transaction,
 * which a refusal rolls back. A valid card meant for something else is no guess and is not
 * counted.
 * @example await underPaycardLimit(db, userId, () => db.transaction().execute(…))
 */
export async function underPaycardLimit<T>(
  db: Kysely<DB>,
  userId: number,
  work: () => Promise<T>,
): Promise<T> {
  const key = `paycard:account:${userId}`;
  if (!(await hit(db, key, PAYCARD_FAILURES)).allowed) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      'محاولات كثيرة بأكواد غير صحيحة، حاول مرة أخرى بعد ساعة',
    );
  }
  let refused = false;
  try {
    return await work();
  } catch (error) {
    refused = error instanceof AppError && GUESS_REFUSALS.has(error.code);
    throw error;
  } finally {
    if (!refused) await release(db, key);
  }
}
