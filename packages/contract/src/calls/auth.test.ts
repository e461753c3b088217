import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loginBodySchema, registerBodySchema, validatePasswordResetBodySchema } from './auth';

const valid = {
  name: ' أحمد علي ',
  email: 'Ahmed@Example.com',
  phone: '01012345678',
  password: 'secret-123',
  password_confirmation: 'secret-123',
  grade_id: '3',
};

describe('registerBodySchema', () => {
  it('accepts a valid form and normalises it', () => {
    expect(registerBodySchema.parse(valid)).toEqual({
      ...valid,
      name: 'أحمد علي',
      email: 'ahmed@example.com',
      grade_id: 3,
    });
  });

  it('puts a mismatched confirmation on password_confirmation', () => {
    const result = registerBodySchema.safeParse({ ...valid, password_confirmation: 'other-123' });
    expect(result.success).toBe(false);
    expect(z.flattenError(result.error!).fieldErrors).toEqual({
      password_confirmation: ['تأكيد كلمة المرور غير مطابق'],
    });
  });

  it('reports the mismatch together with other field errors', () => {
    const result = registerBodySchema.safeParse({
      ...valid,
      phone: '123',
      password_confirmation: 'other-123',
    });
    const fields = z.flattenError(result.error!).fieldErrors;
    expect(Object.keys(fields).sort()).toEqual(['password_confirmation', 'phone']);
  });

  it('gives an Arabic message for every missing field', () => {
    const result = registerBodySchema.safeParse({});
    const fields = z.flattenError(result.error!).fieldErrors as Record<string, string[]>;
    expect(Object.keys(fields).sort()).toEqual([
      'email',
      'grade_id',
      'name',
      'password',
      'password_confirmation',
      'phone',
    ]);
    for (const messages of Object.values(fields)) expect(messages[0]).toMatch(/[\u0600-\u06FF]/);
  });

  it('refuses a short password and a missing grade', () => {
    const result = registerBodySchema.safeParse({
      ...valid,
      password: 'short',
      password_confirmation: 'short',
      grade_id: '',
    });
    const fields = z.flattenError(result.error!).fieldErrors;
    expect(fields.password).toEqual(['كلمة المرور يجب ألا تقل عن 8 أحرف']);
    expect(fields.grade_id).toEqual(['اختر الصف الدراسي']);
  });
});

describe('loginBodySchema', () => {
  it('reads a phone typed in Arabic digits', () => {
    expect(loginBodySchema.parse({ login: ' ٠١٠١٢٣٤٥٦٧٨ ', password: 'x' }).login).toBe(
      '01012345678',
    );
  });

  it('refuses empty fields with the spec text', () => {
    const result = loginBodySchema.safeParse({ login: ' ', password: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'لا تترك الحقول فارغة',
      'لا تترك الحقول فارغة',
    ]);
  });
});

describe('validatePasswordResetBodySchema', () => {
  it('needs the e-mail and a 6-digit code', () => {
    expect(validatePasswordResetBodySchema.parse({ email: 'a@b.co', code: '123 456' })).toEqual({
      email: 'a@b.co',
      code: '123456',
    });
    expect(
      validatePasswordResetBodySchema.safeParse({ email: 'a@b.co', code: '12a456' }).success,
    ).toBe(false);
  });
});
