import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { lecturePurchaseErrorMessage } from './purchase-messages';

const failure = (code: string | undefined, message = 'رسالة الخادم', status = 422) =>
  new ApiError({ status, code, message });

describe('lecturePurchaseErrorMessage', () => {
  it.each([
    ['LIMIT_EXCEEDED', 'لقد اكتمل عدد الطلاب المسموح به للدورة'],
    ['INVALID_PAYCARD_CODE', 'كود بطاقة الدفع غير صحيح'],
    ['ALREADY_PURCHASED', 'لقد حصلت على المحاضرة سابقاً'],
    ['USED_PAYCARD', 'البطاقة مُستخدمة سابقاً'],
    ['EXPIRED_PAYCARD', 'البطاقة منتهية الصلاحية'],
    ['PAYCARD_TARGET_VALIDATION_FAILD', 'هذه المحاضرة لا يمكن شراؤها بالبطاقة المُدخلة'],
    ['PAYCARD_USED_BY_ANOTHER_USER', 'البطاقة مُستخدمة من حساب آخر'],
    ['PAYCARD_MAX_PRICE_EXCEEDED', 'قيمة البطاقة أقل من سعر المحاضرة'],
    ['BALANCE_NOT_ENOUGH', 'رصيد المحفظة غير كافي لإتمام العملية'],
  ])('maps %s', (code, text) => {
    expect(lecturePurchaseErrorMessage(failure(code))).toBe(text);
  });

  it("shows the server's message for another explained refusal", () => {
    expect(lecturePurchaseErrorMessage(failure('FORBIDDEN', 'انضم إلى الدورة أولاً', 403))).toBe(
      'انضم إلى الدورة أولاً',
    );
  });

  it('falls back to the general failure', () => {
    expect(lecturePurchaseErrorMessage(failure(undefined, 'Bad Gateway', 502))).toBe(
      'حدثت مشكلة أثناء تنفيذ طلبك',
    );
  });
});
