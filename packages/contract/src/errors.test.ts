import { describe, expect, it } from 'vitest';
import { ERROR_CODES, apiErrorSchema, isErrorCode } from './errors';

/** Every code named in spec §8, copied from the spec by hand. */
const SPEC_CODES = [
  'LIMIT_EXCEEDED',
  'ALREADY_JOINED',
  'INVALID_PAYCARD_CODE',
  'ALREADY_PURCHASED',
  'USED_PAYCARD',
  'EXPIRED_PAYCARD',
  'PAYCARD_TARGET_VALIDATION_FAILD',
  'BALANCE_NOT_ENOUGH',
  'PAYCARD_USED_BY_ANOTHER_USER',
  'PAYCARD_MAX_PRICE_EXCEEDED',
  'WRONG_OLD_PASSWORD',
  'EXAM_NOT_FOUND',
  'EXAM_NOT_STARTED',
  'EXAM_ENDED',
  'EXAM_NOT_ACTIVE',
  'SESSION_NOT_FOUND',
  'LESS_THAN_MIN_AMOUNT',
  'NO_ENOUGH_BALANCE',
  'WALLET_NOT_FOUND',
  'CANNOT_TRANSFER_TO_YOURSELF',
];

describe('ERROR_CODES', () => {
  it('includes every code of spec §8, with the spec spelling', () => {
    expect(ERROR_CODES).toEqual(expect.arrayContaining(SPEC_CODES));
  });

  it('has no duplicates', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });

  it('recognises codes only', () => {
    expect(isErrorCode('USED_PAYCARD')).toBe(true);
    expect(isErrorCode('PAYCARD_TARGET_VALIDATION_FAILED')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });
});

describe('apiErrorSchema', () => {
  it('reads a 422 with field errors', () => {
    const body = apiErrorSchema.parse({
      message: 'بيانات غير صحيحة',
      code: 'VALIDATION_FAILED',
      errors: { email: ['أدخل بريداً إلكترونياً صحيحاً'] },
    });
    expect(body.errors?.email?.[0]).toBe('أدخل بريداً إلكترونياً صحيحاً');
  });
});
