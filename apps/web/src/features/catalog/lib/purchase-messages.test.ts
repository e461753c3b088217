import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { coursePurchaseErrorMessage, joinErrorMessage } from './purchase-messages';

const failure = (code: string | undefined, message = 'رسالة الخادم', status = 422) =>
  new ApiError({ status, code, message });

describe('joinErrorMessage', () => {
  it.each([
    ['LIMIT_EXCEEDED', 'لقد اكتمل عدد الطلاب المسموح به للدورة'],
    ['ALREADY_JOINED', 'لقد انضممت بالفعل سابقاً'],
  ])('maps %s', (code, text) => {
    expect(joinErrorMessage(failure(code))).toBe(text);
  });

  it('says the join failed for anything else', () => {
    expect(joinErrorMessage(failure('FORBIDDEN'))).toBe('حدثت مشكلة أثناء الانضمام');
    expect(joinErrorMessage(new Error('boom'))).toBe('حدثت مشكلة أثناء الانضمام');
  });
});

describe('coursePurchaseErrorMessage', () => {
  it.each([
    ['LIMIT_EXCEEDED', 'لقد اكتمل عدد الطلاب المسموح به للدورة'],
    ['INVALID_PAYCARD_CODE', 'كود بطاقة الدفع غير صحيح'],
    ['ALREADY_PURCHASED', 'لقد حصلت على الدورة سابقاً'],
    ['USED_PAYCARD', 'البطاقة مُستخدمة سابقاً'],
    ['EXPIRED_PAYCARD', 'البطاقة منتهية الصلاحية'],
    ['PAYCARD_TARGET_VALIDATION_FAILD', 'هذه الدورة لا يمكن شراؤها بالبطاقة المُدخلة'],
    ['PAYCARD_MAX_PRICE_EXCEEDED', 'قيمة البطاقة أقل من سعر الدورة'],
    ['BALANCE_NOT_ENOUGH', 'رصيد المحفظة غير كافي لإتمام العملية'],
  ])('maps %s', (code, text) => {
    expect(coursePurchaseErrorMessage(failure(code))).toBe(text);
  });

  it("shows the server's message for another explained refusal", () => {
    expect(coursePurchaseErrorMessage(failure('TOO_MANY_REQUESTS', 'محاولات كثيرة', 429))).toBe(
      'محاولات كثيرة',
    );
  });

  it('shows the first field error of a 422', () => {
    const error = new ApiError({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'بيانات غير صحيحة',
      errors: { code: ['أدخل كود البطاقة بشكل صحيح'] },
    });
    expect(coursePurchaseErrorMessage(error)).toBe('أدخل كود البطاقة بشكل صحيح');
  });

  it('falls back to the general failure', () => {
    expect(coursePurchaseErrorMessage(failure('SERVER_ERROR', 'x', 500))).toBe(
      'حدثت مشكلة أثناء تنفيذ طلبك',
    );
    expect(coursePurchaseErrorMessage(new TypeError('network'))).toBe(
      'حدثت مشكلة أثناء تنفيذ طلبك',
    );
  });
});
