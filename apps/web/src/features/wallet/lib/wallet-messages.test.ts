import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  lookupErrorMessage,
  mobileWalletErrorMessage,
  paymentOrderErrorMessage,
  rechargeCardErrorMessage,
  transferErrorMessage,
} from './wallet-messages';

const refusal = (code: string, message = 'رسالة الخادم') =>
  new ApiError({ status: 422, code, message });
const offline = new ApiError({
  status: 0,
  code: 'NETWORK_ERROR',
  message: 'Network request failed',
});
const crash = new ApiError({ status: 500, code: 'SERVER_ERROR', message: 'boom' });

describe('transferErrorMessage', () => {
  it('maps the three transfer codes of spec §8', () => {
    expect(transferErrorMessage(refusal('NO_ENOUGH_BALANCE'))).toBe('رصيدك غير كافٍ لإتمام التحويل');
    expect(transferErrorMessage(refusal('WALLET_NOT_FOUND'))).toBe(
      'لم يتم العثور على المحفظة المُحوَّل إليها',
    );
    expect(transferErrorMessage(refusal('CANNOT_TRANSFER_TO_YOURSELF'))).toBe(
      'لا يمكنك التحويل إلى محفظتك',
    );
  });

  it("says 'the balance was not transferred' otherwise", () => {
    expect(transferErrorMessage(offline)).toBe('لم يتم تحويل الرصيد');
    expect(transferErrorMessage(crash)).toBe('لم يتم تحويل الرصيد');
  });
});

describe('lookupErrorMessage', () => {
  it('names an unknown or own address like the transfer, and says what the server said else', () => {
    expect(
      lookupErrorMessage(new ApiError({ status: 404, code: 'WALLET_NOT_FOUND', message: 'x' })),
    ).toBe('لم يتم العثور على المحفظة المُحوَّل إليها');
    expect(lookupErrorMessage(refusal('CANNOT_TRANSFER_TO_YOURSELF'))).toBe(
      'لا يمكنك التحويل إلى محفظتك',
    );
    const tooMany = new ApiError({
      status: 429,
      code: 'TOO_MANY_REQUESTS',
      message: 'محاولات كثيرة، حاول مرة أخرى لاحقاً',
    });
    expect(lookupErrorMessage(tooMany)).toBe('محاولات كثيرة، حاول مرة أخرى لاحقاً');
  });

  it('asks to try again when the server gave no reason', () => {
    expect(lookupErrorMessage(offline)).toBe('تعذر التحقق من عنوان المحفظة، حاول مرة أخرى');
    expect(lookupErrorMessage(crash)).toBe('تعذر التحقق من عنوان المحفظة، حاول مرة أخرى');
  });
});

describe('rechargeCardErrorMessage', () => {
  it('maps the card codes to the pay-card texts', () => {
    expect(rechargeCardErrorMessage(refusal('INVALID_PAYCARD_CODE'))).toBe(
      'كود بطاقة الدفع غير صحيح',
    );
    expect(rechargeCardErrorMessage(refusal('USED_PAYCARD'))).toBe('البطاقة مُستخدمة سابقاً');
    expect(rechargeCardErrorMessage(refusal('EXPIRED_PAYCARD'))).toBe('البطاقة منتهية الصلاحية');
    expect(rechargeCardErrorMessage(refusal('PAYCARD_TARGET_VALIDATION_FAILD'))).toBe(
      'هذا الكارت مخصص لشراء دورة أو محاضرة، ولا يمكن شحن المحفظة به',
    );
  });

  it("shows a rate limit's own message, and the general failure for a crash", () => {
    expect(
      rechargeCardErrorMessage(
        new ApiError({ status: 429, code: 'TOO_MANY_REQUESTS', message: 'حاول بعد قليل' }),
      ),
    ).toBe('حاول بعد قليل');
    expect(rechargeCardErrorMessage(crash)).toBe('حدثت مشكلة أثناء شحن الكارت، حاول مرة أخرى');
  });
});

describe('mobileWalletErrorMessage and paymentOrderErrorMessage', () => {
  it('maps LESS_THAN_MIN_AMOUNT', () => {
    expect(mobileWalletErrorMessage(refusal('LESS_THAN_MIN_AMOUNT'))).toBe(
      'المبلغ أقل من الحد الأدنى للشحن',
    );
    expect(paymentOrderErrorMessage(refusal('LESS_THAN_MIN_AMOUNT'))).toBe(
      'المبلغ أقل من الحد الأدنى للشحن',
    );
  });

  it('asks to retry otherwise', () => {
    expect(mobileWalletErrorMessage(offline)).toBe('حدثت مشكلة أثناء إرسال الطلب، حاول مرة أخرى');
    expect(paymentOrderErrorMessage(crash)).toBe('تعذر بدء عملية الدفع، حاول مرة أخرى');
  });
});
