import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { hashPaycardCode } from './paycard-code';

export type PaycardTarget = { courseId: number; lectureId?: number };

/**
 * Checks a typed pay-card code for a purchase and uses the card up, inside the purchase's
 * transaction. The marking is conditional (`used_by is null`), so of two purchases racing
 * with one card exactly one wins. Returns the card's value in piasters.
 *
 * Order of refusals: unknown code, used (by this student or, for lectures, by another one),
 * expired, meant for something else, worth less than the price.
 */
export async function redeemPaycard(
  trx: Transaction<DB>,
  options: {
    code: string;
    userId: number;
    target: PaycardTarget;
    price: number;
    kind: 'course' | 'lecture';
  },
): Promise<number> {
  const card = await trx
    .selectFrom('paycards')
    .selectAll()
    .where('code_hash', '=', hashPaycardCode(options.code))
    .executeTakeFirst();
  if (!card) throw new AppError('INVALID_PAYCARD_CODE');
  if (card.used_by !== null) {
    throw new AppError(
      options.kind === 'lecture' && card.used_by !== options.userId
        ? 'PAYCARD_USED_BY_ANOTHER_USER'
        : 'USED_PAYCARD',
    );
  }
  const now = nowIso();
  // Stryker disable next-line ConditionalExpression,EqualityOperator: null <= an ISO time is false, and a card expiring at this very millisecond cannot be timed from a test
  if (card.expires_at !== null && card.expires_at <= now) throw new AppError('EXPIRED_PAYCARD');
  const { courseId, lectureId } = options.target;
  const fits =
    (card.course_id === null || card.course_id === courseId) &&
    (card.lecture_id === null || card.lecture_id === lectureId);
  if (!fits) {
    throw new AppError(
      'PAYCARD_TARGET_VALIDATION_FAILD',
      options.kind === 'lecture'
        ? 'لا يمكن شراء هذه المحاضرة بالبطاقة المُدخلة'
        : 'هذه الدورة لا يمكن شراؤها بالبطاقة المُدخلة',
    );
  }
  if (card.value < options.price) throw new AppError('PAYCARD_MAX_PRICE_EXCEEDED');
  const used = await trx
    .updateTable('paycards')
    .set({ used_by: options.userId, used_at: now })
    .where('id', '=', card.id)
    .where('used_by', 'is', null)
    .executeTakeFirst();
  // Stryker disable next-line ConditionalExpression,StringLiteral: only PostgreSQL runs two transactions at once; denial-money's race test is red there without this line
  if (Number(used.numUpdatedRows) !== 1) throw new AppError('USED_PAYCARD');
  return card.value;
}
