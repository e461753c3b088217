import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { hashPaycardCode } from './paycard-code';

export type PaycardTarget = { courseId: number; lectureId?: number };

/** What a card is used for: buying a course or a lecture at a price, or recharging the wallet. */
export type PaycardUse =
  { kind: 'course' | 'lecture'; target: PaycardTarget; price: number } | { kind: 'wallet' };

/** A card made for one course or lecture is for buying that (ADR 018: Recharge cards). */
function targetRefusal(use: PaycardUse): AppError {
  const message = {
    course: 'هذه الدورة لا يمكن شراؤها بالبطاقة المُدخلة',
    lecture: 'لا يمكن شراء هذه المحاضرة بالبطاقة المُدخلة',
    wallet: 'هذه البطاقة مخصصة لشراء دورة أو محاضرة، ولا يمكن شحن المحفظة بها',
  }[use.kind];
  return new AppError('PAYCARD_TARGET_VALIDATION_FAILD', message);
}

/**
 * Checks a typed pay-card code and uses the card up, inside the caller's transaction (a
 * purchase, or a wallet recharge). The marking is conditional (`used_by is null`), so of two
 * uses racing with one card exactly one wins. Returns the card's value in piasters.
 *
 * Order of refusals: unknown code, used (by this student or, for lectures, by another one),
 * expired, disabled by staff, meant for something else (a wallet recharge takes only cards made for no course or
 * lecture), worth less than the price.
 * @example const value = await redeemPaycard(trx, { code, userId, use: { kind: 'wallet' } })
 */
export async function redeemPaycard(
  trx: Transaction<DB>,
  options: { code: string; userId: number; use: PaycardUse },
): Promise<number> {
  const { use } = options;
  const card = await trx
    .selectFrom('paycards')
    .selectAll()
    .where('code_hash', '=', hashPaycardCode(options.code))
    .executeTakeFirst();
  if (!card) throw new AppError('INVALID_PAYCARD_CODE');
  if (card.used_by !== null) {
    throw new AppError(
      use.kind === 'lecture' && card.used_by !== options.userId
        ? 'PAYCARD_USED_BY_ANOTHER_USER'
        : 'USED_PAYCARD',
    );
  }
  const now = nowIso();
  // Stryker disable next-line ConditionalExpression,EqualityOperator: null <= an ISO time is false, and a card expiring at this very millisecond cannot be timed from a test
  if (card.expires_at !== null && card.expires_at <= now) throw new AppError('EXPIRED_PAYCARD');
  // Disabled by staff (ADR 030): the spec's code for a card that is no longer valid, so every
  // client shows its own text for it.
  if (card.disabled_at !== null) throw new AppError('EXPIRED_PAYCARD');
  const fits =
    use.kind === 'wallet'
      ? card.course_id === null && card.lecture_id === null
      : (card.course_id === null || card.course_id === use.target.courseId) &&
        (card.lecture_id === null || card.lecture_id === use.target.lectureId);
  if (!fits) throw targetRefusal(use);
  // Stryker disable next-line ConditionalExpression,StringLiteral: a wallet use has no price, and no number is below undefined
  if (use.kind !== 'wallet' && card.value < use.price)
    throw new AppError('PAYCARD_MAX_PRICE_EXCEEDED');
  const used = await trx
    .updateTable('paycards')
    .set({ used_by: options.userId, used_at: now })
    .where('id', '=', card.id)
    .where('used_by', 'is', null)
    .where('disabled_at', 'is', null)
    .executeTakeFirst();
  // Stryker disable next-line ConditionalExpression,StringLiteral: only PostgreSQL runs two transactions at once; denial-money's race test is red there without this line
  if (Number(used.numUpdatedRows) !== 1) throw new AppError('USED_PAYCARD');
  return card.value;
}
