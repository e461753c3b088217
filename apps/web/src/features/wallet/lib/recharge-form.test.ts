import { describe, expect, it } from 'vitest';
import { amountProblem, canContinue, parseAmount } from './recharge-form';

describe('amountProblem', () => {
  it("warns with the spec's text below the minimum, and accepts the minimum itself", () => {
    expect(amountProblem({ amount: '49.99', method: 'paymob_card' }, 50)).toBe(
      'أقل مبلغ للشحن هو 50 جنيه',
    );
    expect(amountProblem({ amount: '50', method: 'paymob_card' }, 50)).toBeNull();
  });

  it('says nothing about an empty field, or about the amount of a recharge card', () => {
    expect(amountProblem({ amount: '', method: 'mobile_wallets' }, 50)).toBeNull();
    expect(amountProblem({ amount: '5', method: 'recharge_card' }, 50)).toBeNull();
  });

  it('refuses zero, a negative amount and more than two decimals', () => {
    expect(amountProblem({ amount: '0', method: 'kashier' }, 0)).toBe('لا يمكنك ترك الحقل فارغاً');
    expect(amountProblem({ amount: '-5', method: 'kashier' }, 0)).not.toBeNull();
    expect(amountProblem({ amount: '10.005', method: 'kashier' }, 0)).not.toBeNull();
  });

  it('checks before a method is chosen too', () => {
    expect(amountProblem({ amount: '5', method: null }, 10)).toBe('أقل مبلغ للشحن هو 10 جنيه');
  });
});

describe('canContinue', () => {
  it('needs a method', () => {
    expect(canContinue({ amount: '100', method: null }, 10)).toBe(false);
  });

  it('needs a valid amount except for a recharge card', () => {
    expect(canContinue({ amount: '', method: 'mobile_wallets' }, 10)).toBe(false);
    expect(canContinue({ amount: '9', method: 'mobile_wallets' }, 10)).toBe(false);
    expect(canContinue({ amount: '10', method: 'mobile_wallets' }, 10)).toBe(true);
    expect(canContinue({ amount: '', method: 'recharge_card' }, 10)).toBe(true);
  });
});

describe('parseAmount', () => {
  it('reads Arabic digits, and tells empty from not a number', () => {
    expect(parseAmount(' ١٥٠ ')).toBe(150);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('abc')).toBeNaN();
  });
});
