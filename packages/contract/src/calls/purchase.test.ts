import { describe, expect, it } from 'vitest';
import { purchaseBodySchema } from './purchase';

const codeIssue = (body: unknown) =>
  purchaseBodySchema.safeParse(body).error?.issues.find((i) => i.path[0] === 'code')?.message;

describe('purchaseBodySchema', () => {
  it('strips the spaces of a pay card code', () => {
    expect(purchaseBodySchema.parse({ pay_by: 'paycard', code: ' 1234 5678 9012 ' })).toEqual({
      pay_by: 'paycard',
      code: '123456789012',
    });
  });

  it('refuses a missing, empty or blank code for a pay card, on the code field, in Arabic', () => {
    for (const code of [undefined, '', '   ']) {
      expect(codeIssue({ pay_by: 'paycard', code })).toBe('أدخل كود البطاقة بشكل صحيح');
    }
  });

  it('needs no code to pay from the wallet', () => {
    expect(purchaseBodySchema.parse({ pay_by: 'wallet' })).toEqual({ pay_by: 'wallet' });
  });

  it('accepts no payment data at all, leaving free-or-not to the server', () => {
    expect(purchaseBodySchema.parse({})).toEqual({});
  });

  it('refuses an unknown method', () => {
    expect(purchaseBodySchema.safeParse({ pay_by: 'cash' }).success).toBe(false);
  });
});
