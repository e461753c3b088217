import type { ErrorCode } from '@dars/contract';
import { ApiError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/form-errors';
import { t } from '../../../i18n/t';

function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/**
 * The text of a failed join (spec §8): a full course, already joined, or the general
 * failure.
 * @example joinErrorMessage(new ApiError({ status: 409, code: 'ALREADY_JOINED', message: '' })) // 'لقد انضممت بالفعل سابقاً'
 */
export function joinErrorMessage(error: unknown): string {
  switch (codeOf(error)) {
    case 'LIMIT_EXCEEDED':
      return t('purchase.limitExceeded');
    case 'ALREADY_JOINED':
      return t('course.alreadyJoined');
    default:
      return t('course.joinFailed');
  }
}

const COURSE_PURCHASE_MESSAGES: Partial<Record<ErrorCode, () => string>> = {
  LIMIT_EXCEEDED: () => t('purchase.limitExceeded'),
  INVALID_PAYCARD_CODE: () => t('purchase.invalidCode'),
  ALREADY_PURCHASED: () => t('course.alreadyPurchased'),
  USED_PAYCARD: () => t('purchase.usedCard'),
  EXPIRED_PAYCARD: () => t('purchase.expiredCard'),
  PAYCARD_TARGET_VALIDATION_FAILD: () => t('course.paycardTarget'),
  PAYCARD_MAX_PRICE_EXCEEDED: () => t('course.paycardMaxPrice'),
  BALANCE_NOT_ENOUGH: () => t('purchase.balanceNotEnough'),
};

/**
 * The text of a failed course purchase (spec §8): the code's own text, else the server's
 * message (a 422 field error, a rate limit), else the general failure.
 * @example coursePurchaseErrorMessage(new ApiError({ status: 422, code: 'USED_PAYCARD', message: '' })) // 'البطاقة مُستخدمة سابقاً'
 */
export function coursePurchaseErrorMessage(error: unknown): string {
  const known = COURSE_PURCHASE_MESSAGES[codeOf(error) as ErrorCode];
  return known ? known() : serverMessage(error, t('purchase.failed'));
}
