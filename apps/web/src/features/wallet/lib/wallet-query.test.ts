import { describe, expect, it } from 'vitest';
import { paymentErrorParam, PAYMENT_ERROR_MAX, rechargeParam, withoutParams } from './wallet-query';

describe('rechargeParam', () => {
  it('reads a positive amount, Arabic digits too', () => {
    expect(rechargeParam('?recharge=150')).toBe('150');
    expect(rechargeParam('?recharge=12.5')).toBe('12.5');
    expect(rechargeParam('?recharge=%D9%A1%D9%A5%D9%A0')).toBe('150');
  });

  it('opens with an empty field for anything else, and not at all without the query', () => {
    for (const bad of ['abc', '-5', '0', '1.005', '', 'Infinity']) {
      expect(rechargeParam(`?recharge=${bad}`), bad).toBe('');
    }
    expect(rechargeParam('?error=x')).toBeNull();
  });
});

describe('paymentErrorParam', () => {
  it('reads the text of ?error=, and nothing when blank', () => {
    expect(
      paymentErrorParam(
        '?error=%D8%AA%D9%85%20%D8%B1%D9%81%D8%B6%20%D8%A7%D9%84%D8%AF%D9%81%D8%B9',
      ),
    ).toBe('تم رفض الدفع');
    expect(paymentErrorParam('?error=%20%20')).toBeNull();
    expect(paymentErrorParam('')).toBeNull();
  });

  it('keeps markup as text and bounds the length', () => {
    expect(paymentErrorParam('?error=%3Cb%3Ex%3C%2Fb%3E')).toBe('<b>x</b>');
    const long = paymentErrorParam(`?error=${'x'.repeat(PAYMENT_ERROR_MAX + 10)}`);
    expect(long).toBe(`${'x'.repeat(PAYMENT_ERROR_MAX)}…`);
  });
});

describe('withoutParams', () => {
  it('drops the named params and keeps the rest', () => {
    expect(withoutParams('?recharge=50&x=1', ['recharge'])).toBe('?x=1');
    expect(withoutParams('?error=a', ['error'])).toBe('');
  });
});
