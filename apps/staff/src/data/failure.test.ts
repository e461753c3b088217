import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { ApiError } from '@dars/contract/client';
import { failureOf, failureText } from './failure';
import { toHttpError } from './http';

const GENERIC = 'ra.notification.http_error';
const translate = (key: string) => (key === GENERIC ? 'حدث خطأ في الاتصال' : `?${key}`);

describe('reading a caught failure (failureOf)', () => {
  it("reads a refused save's status, Arabic message and field errors as callStaff throws them", () => {
    const refused = toHttpError(
      new ApiError({
        status: 422,
        message: 'x',
        errors: { amount: ['أدخل مبلغاً صحيحاً'], note: ['الملاحظة طويلة', 'ثانية'] },
        body: {
          message: 'البيانات غير صحيحة',
          errors: { amount: ['أدخل مبلغاً صحيحاً'], note: ['الملاحظة طويلة', 'ثانية'] },
        },
      }),
    );
    expect(failureOf(refused)).toEqual({
      status: 422,
      message: 'البيانات غير صحيحة',
      fields: { amount: 'أدخل مبلغاً صحيحاً', note: 'الملاحظة طويلة' },
    });
  });

  it('keeps a 409 as a 409 with its message and no fields', () => {
    const conflict = toHttpError(
      new ApiError({ status: 409, message: 'x', body: { message: 'تمت مراجعة الطلب بالفعل' } }),
    );
    expect(failureOf(conflict)).toEqual({
      status: 409,
      message: 'تمت مراجعة الطلب بالفعل',
      fields: undefined,
    });
  });

  it('reads a failure that never reached the server as status 0 with the Arabic network message', () => {
    const lost = failureOf(toHttpError(new ApiError({ status: 0, message: 'x', code: 'NETWORK_ERROR' })));
    expect(lost.status).toBe(0);
    expect(lost.message).toBe('تعذر الاتصال بالخادم، تحقق من الاتصال وحاول مرة أخرى');
  });

  it("falls back to react-admin's generic key when nothing was said", () => {
    expect(failureOf(new HttpError('', 500, {}))).toEqual({ status: 500, message: GENERIC, fields: undefined });
    expect(failureOf(new Error(''))).toEqual({ status: 0, message: GENERIC, fields: undefined });
    expect(failureOf('boom')).toEqual({ status: 0, message: GENERIC, fields: undefined });
    expect(failureOf(undefined)).toEqual({ status: 0, message: GENERIC, fields: undefined });
  });

  it("takes an Error's own message, and no fields from a body that is not field errors", () => {
    expect(failureOf(new Error('انتهت المهلة'))).toEqual({ status: 0, message: 'انتهت المهلة', fields: undefined });
    expect(failureOf(new HttpError('مرفوض', 403, { errors: { file: ['قائمة'] } })).fields).toBeUndefined();
    expect(failureOf(new HttpError('مرفوض', 422, { errors: {} })).fields).toBeUndefined();
    expect(failureOf(new HttpError('مرفوض', 422, null)).fields).toBeUndefined();
  });
});

describe('a failure as text in the page (failureText)', () => {
  it("shows the server's message as it is and translates only the generic key", () => {
    expect(failureText(new HttpError('الصورة أكبر من 2 ميجابايت', 422, {}), translate)).toBe(
      'الصورة أكبر من 2 ميجابايت',
    );
    expect(failureText(new Error(''), translate)).toBe('حدث خطأ في الاتصال');
    expect(failureText(42, translate)).toBe('حدث خطأ في الاتصال');
  });
});
