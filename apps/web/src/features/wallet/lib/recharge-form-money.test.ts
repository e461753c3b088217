import { describe, expect, it } from 'vitest';
import { amountProblem, canContinue, parseAmount } from './recharge-form';
import { checkTransfer } from './transfer-form';

// A typed amount is read by the contract's parsePiasters: the decimal text, never a float
// times 100 (19.99 × 100 is 1998.9999999999998, 1.1 × 100 is 110.00000000000001).
describe('a typed amount read through the contract', () => {
  it('reads two decimals exactly, in Latin or Arabic digits and with «٫»', () => {
    expect(parseAmount('19.99')).toBe(19.99);
    expect(parseAmount('1.10')).toBe(1.1);
    expect(parseAmount('0.29')).toBe(0.29);
    expect(parseAmount('١٩٫٩٩')).toBe(19.99);
    expect(parseAmount(' ٠٫٢٩ ')).toBe(0.29);
    expect(parseAmount('150')).toBe(150);
  });

  it('accepts 19.99 against a smallest recharge of 19.99, and 1.10 against 1.1', () => {
    expect(amountProblem({ amount: '19.99', method: 'paymob_card' }, 19.99)).toBeNull();
    expect(canContinue({ amount: '19.99', method: 'paymob_card' }, 19.99)).toBe(true);
    expect(amountProblem({ amount: '19.98', method: 'paymob_card' }, 19.99)).toBe(
      'أقل مبلغ للشحن هو 19.99 جنيه',
    );
    expect(canContinue({ amount: '1.10', method: 'mobile_wallets' }, 1.1)).toBe(true);
    expect(canContinue({ amount: '٠٫٢٩', method: 'mobile_wallets' }, 0.29)).toBe(true);
  });

  it('keeps a number with more decimals, so the schema says «two decimals at most»', () => {
    expect(parseAmount('10.005')).toBe(10.005);
    expect(amountProblem({ amount: '10.005', method: 'kashier' }, 0)).toBe(
      'المبلغ يقبل رقمين عشريين على الأكثر',
    );
    expect(amountProblem({ amount: '١٠٫٠٠٥', method: 'kashier' }, 0)).toBe(
      'المبلغ يقبل رقمين عشريين على الأكثر',
    );
  });

  it('refuses what is not an amount as the contract writes one', () => {
    for (const bad of ['abc', '1e3', '0x10', '.5', '1,5', 'Infinity']) {
      expect(parseAmount(bad), bad).toBeNaN();
      expect(canContinue({ amount: bad, method: 'kashier' }, 0), bad).toBe(false);
    }
  });

  it('sends a transfer of 19.99 typed as text as 19.99', () => {
    expect(checkTransfer({ address: 'DW1', amount: '19.99' }, 100).body).toEqual({
      amount: 19.99,
      wallet_address: 'DW1',
    });
  });
});
