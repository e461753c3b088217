import { describe, expect, it } from 'vitest';
import { checkTransfer } from './transfer-form';

describe('checkTransfer', () => {
  it('accepts 0.5 pounds, the least the spec allows', () => {
    expect(checkTransfer({ address: 'DW0000000002', amount: '0.5' }, 100)).toEqual({
      body: { amount: 0.5, wallet_address: 'DW0000000002' },
      amountError: null,
    });
  });

  it('refuses less than 0.5 pounds with a reason', () => {
    const check = checkTransfer({ address: 'DW0000000002', amount: '0.49' }, 100);
    expect(check.body).toBeNull();
    expect(check.amountError).toBe('أقل مبلغ للتحويل هو 0.5 جنيه');
  });

  it('refuses more than the balance, and accepts the whole balance', () => {
    expect(checkTransfer({ address: 'DW1', amount: '100.01' }, 100)).toEqual({
      body: null,
      amountError: 'المبلغ أكبر من رصيدك',
    });
    expect(checkTransfer({ address: 'DW1', amount: '100' }, 100).body).not.toBeNull();
  });

  it('needs an address, without a message under the amount', () => {
    expect(checkTransfer({ address: '   ', amount: '10' }, 100)).toEqual({
      body: null,
      amountError: null,
    });
  });

  it('needs an amount, and says nothing until one is typed', () => {
    expect(checkTransfer({ address: 'DW1', amount: '' }, 100)).toEqual({
      body: null,
      amountError: null,
    });
  });

  it('refuses more than two decimals', () => {
    const check = checkTransfer({ address: 'DW1', amount: '1.005' }, 100);
    expect(check.body).toBeNull();
    expect(check.amountError).toBe('المبلغ يقبل رقمين عشريين على الأكثر');
  });
});
