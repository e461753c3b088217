import type { ErrorCode } from '@dars/contract';
import { ApiError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/form-errors';
import { t } from '../../../i18n/t';

const LECTURE_PURCHASE_MESSAGES: Partial<Record<ErrorCode, () => string>> = {
  LIMIT_EXCEEDED: () => t('purchase.limitExceeded'),
  INVALID_PAYCARD_CODE: () => t('purchase.invalidCode'),
  ALREADY_PURCHASED: () => t('lectures.alreadyPurchased'),
  USED_PAYCARD: () => t('purchase.usedCard'),
  EXPIRED_PAYCARD: () => t('purchase.expiredCard'),
  PAYCARD_TARGET_VALIDATION_FAILD: () => t('lectures.paycardTarget'),
  PAYCARD_USED_BY_ANOTHER_USER: () => t('lectures.paycardUsedByAnother'),
  PAYCARD_MAX_PRICE_EXCEEDED: () => t('lectures.paycardMaxPrice'),
  BALANCE_NOT_ENOUGH: () => t('purchase.balanceNotEnough'),
};

/**
 * The text of a failed lecture purchase (spec §8): the code's own text, else the server's
 * message, else the general failure.
 * @example lecturePurchaseErrorMessage(new ApiError({ status: 422, code: 'PAYCARD_USED_BY_ANOTHER_USER', message: '' })) // 'البطاقة مُستخدمة من حساب آخر'
 */
export function lecturePurchaseErrorMessage(error: unknown): string {
  const code = error instanceof ApiError ? error.code : undefined;
  const known = LECTURE_PURCHASE_MESSAGES[code as ErrorCode];
  return known ? known() : serverMessage(error, t('purchase.failed'));
}
