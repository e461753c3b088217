import { describe, expect, it } from 'vitest';
import { changePasswordBodySchema, updateProfileBodySchema } from './profile';

describe('changePasswordBodySchema', () => {
  it('refuses empty fields with the spec text', () => {
    const result = changePasswordBodySchema.safeParse({ current_password: '', password: '' });
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'لا تترك الحقول فارغة',
      'لا تترك الحقول فارغة',
    ]);
  });

  it('holds the new password to the sign-up rule', () => {
    expect(
      changePasswordBodySchema.safeParse({ current_password: 'old', password: 'short' }).success,
    ).toBe(false);
    expect(
      changePasswordBodySchema.safeParse({ current_password: 'old', password: 'long-enough' })
        .success,
    ).toBe(true);
  });
});

describe('updateProfileBodySchema', () => {
  it('takes the name, the grade, or both, and nothing else', () => {
    expect(updateProfileBodySchema.parse({ name: ' منى ' })).toEqual({ name: 'منى' });
    expect(updateProfileBodySchema.parse({ grade_id: '2' })).toEqual({ grade_id: 2 });
    expect(updateProfileBodySchema.safeParse({}).success).toBe(false);
    expect(updateProfileBodySchema.safeParse({ name: '  ' }).success).toBe(false);
  });
});
