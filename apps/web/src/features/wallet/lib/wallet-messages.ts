import type { ErrorCode } from '@dars/contract';
import { ApiError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/form-errors';
import { t } from '../../../i18n/t';
import { tw } from '../../../i18n/ar-wallet';

type Messages = Partial<Record<ErrorCode, () => string>>;

function messageOf(error: unknown, known: Messages, fallback: string): string {
  const code = error instanceof ApiError ? error.code : undefined;
  const text = known[code as ErrorCode];
  return text ? text() : serverMessage(error, fallback);
}

const TRANSFER_MESSAGES: Messages = {
  NO_ENOUGH_BALANCE: () => tw('transfer.noEnoughBalance'),
  WALLET_NOT_FOUND: () => tw('transfer.walletNotFound'),
  CANNOT_TRANSFER_TO_YOURSELF: () => tw('transfer.toYourself'),
};

/**
 * The text of a failed transfer (spec §8): the code's own text, else the server's message for
 * a refusal it explained (a 422), else 'the balance was not transferred'.
 * @example transferErrorMessage(new ApiError({ status: 422, code: 'WALLET_NOT_FOUND', message: '' })) // 'لم يتم العثور على المحفظة المُحوَّل إليها'
 */
export function transferErrorMessage(error: unknown): string {
  return messageOf(error, TRANSFER_MESSAGES, tw('transfer.failed'));
}

/**
 * The text of a failed recipient lookup, shown under the address: the transfer's own texts
 * for an unknown or own address, else the server's message (transfers off, too many
 * lookups), else a retry message.
 * @example lookupErrorMessage(new ApiError({ status: 404, code: 'WALLET_NOT_FOUND', message: '' })) // 'لم يتم العثور على المحفظة المُحوَّل إليها'
 */
export function lookupErrorMessage(error: unknown): string {
  return messageOf(error, TRANSFER_MESSAGES, tw('transfer.lookupFailed'));
}

const CARD_MESSAGES: Messages = {
  INVALID_PAYCARD_CODE: () => t('purchase.invalidCode'),
  USED_PAYCARD: () => t('purchase.usedCard'),
  EXPIRED_PAYCARD: () => t('purchase.expiredCard'),
  PAYCARD_TARGET_VALIDATION_FAILD: () => tw('card.targeted'),
};

/**
 * The text of a failed recharge-card recharge (spec §8): the pay-card texts (and a card made
 * for one course or lecture), else the server's message (a rate limit), else the general failure.
 * @example rechargeCardErrorMessage(new ApiError({ status: 422, code: 'USED_PAYCARD', message: '' })) // 'البطاقة مُستخدمة سابقاً'
 */
export function rechargeCardErrorMessage(error: unknown): string {
  return messageOf(error, CARD_MESSAGES, tw('card.failed'));
}

const MOBILE_WALLET_MESSAGES: Messages = {
  LESS_THAN_MIN_AMOUNT: () => tw('mobileWallet.lessThanMin'),
};

/**
 * The text of a failed mobile-wallet request (spec §8): LESS_THAN_MIN_AMOUNT, else the
 * server's message, else a retry message.
 * @example mobileWalletErrorMessage(new ApiError({ status: 422, code: 'LESS_THAN_MIN_AMOUNT', message: '' })) // 'المبلغ أقل من الحد الأدنى للشحن'
 */
export function mobileWalletErrorMessage(error: unknown): string {
  return messageOf(error, MOBILE_WALLET_MESSAGES, tw('mobileWallet.failed'));
}

/**
 * The text of a gateway order that could not be created: below the minimum, else the
 * server's message, else a retry message.
 * @example paymentOrderErrorMessage(new Error('offline')) // 'تعذر بدء عملية الدفع، حاول مرة أخرى'
 */
export function paymentOrderErrorMessage(error: unknown): string {
  return messageOf(error, MOBILE_WALLET_MESSAGES, tw('gateway.orderFailed'));
}
