import { describe, expect, it } from 'vitest';
import {
  getWalletQuerySchema,
  getWalletResponseSchema,
  rechargeAmountSchema,
  rechargeCardBodySchema,
  rechargeMobileWalletBodySchema,
  transferBalanceBodySchema,
} from './wallet';

const receipt = () => new File(['png'], 'receipt.png', { type: 'image/png' });

describe('transferBalanceBodySchema', () => {
  it('accepts the minimum of 0.5 pounds and refuses less', () => {
    expect(transferBalanceBodySchema.parse({ amount: 0.5, wallet_address: ' W-1 ' })).toEqual({
      amount: 0.5,
      wallet_address: 'W-1',
    });
    expect(
      transferBalanceBodySchema.safeParse({ amount: 0.49, wallet_address: 'W-1' }).success,
    ).toBe(false);
  });

  it('refuses more than two decimals and a blank address', () => {
    expect(
      transferBalanceBodySchema.safeParse({ amount: 1.234, wallet_address: 'W' }).success,
    ).toBe(false);
    expect(
      transferBalanceBodySchema.safeParse({ amount: 5, wallet_address: ' ' }).error?.issues[0]
        ?.message,
    ).toBe('لا يمكنك ترك الحقل فارغاً');
  });
});

describe('getWalletQuerySchema', () => {
  it('reads the page and the serial the server put in links.next', () => {
    expect(getWalletQuerySchema.parse({ page: '2', after: 'TX261122-58203917' })).toEqual({
      page: 2,
      after: 'TX261122-58203917',
    });
  });

  it('ignores an after the server cannot have written, and a bad page is page 1', () => {
    for (const after of ['x'.repeat(41), 'TX\u0000', ['a', 'b']])
      expect(getWalletQuerySchema.parse({ page: '0', after })).toEqual({ page: 1 });
  });
});

describe('rechargeAmountSchema', () => {
  it('warns with the minimum in the spec text', () => {
    expect(rechargeAmountSchema(50).safeParse(20).error?.issues[0]?.message).toBe(
      'أقل مبلغ للشحن هو 50 جنيه',
    );
    expect(rechargeAmountSchema(50).parse(50)).toBe(50);
  });
});

describe('rechargeMobileWalletBodySchema', () => {
  it('reads multipart text fields and requires number and receipt', () => {
    const parsed = rechargeMobileWalletBodySchema.parse({
      amount: '100.5',
      payer_number: '01112345678',
      attachment: receipt(),
    });
    expect(parsed.amount).toBe(100.5);
    expect(parsed.message).toBeUndefined();

    const missing = rechargeMobileWalletBodySchema.safeParse({ amount: '100', payer_number: '' });
    const messages = Object.fromEntries(missing.error!.issues.map((i) => [i.path[0], i.message]));
    expect(messages.payer_number).toBe('لا يمكنك ترك الحقل فارغاً');
    expect(messages.attachment).toBeDefined();
  });

  it('refuses a zero amount', () => {
    expect(
      rechargeMobileWalletBodySchema.safeParse({
        amount: '0',
        payer_number: '01112345678',
        attachment: receipt(),
      }).success,
    ).toBe(false);
  });
});

describe('rechargeCardBodySchema', () => {
  it('strips the card code like a purchase does', () => {
    expect(rechargeCardBodySchema.parse({ code: '12 34 56' })).toEqual({ code: '123456' });
    expect(rechargeCardBodySchema.safeParse({ code: '' }).error?.issues[0]?.message).toBe(
      'أدخل كود البطاقة بشكل صحيح',
    );
  });
});

describe('getWalletResponseSchema', () => {
  it('reads a wallet page with a debit and the next page link', () => {
    const page = getWalletResponseSchema.parse({
      wallet: { balance: 87.5, address: 'W-100200' },
      meta: { pending_mobile_payments_count: 1 },
      transactions: {
        data: [
          {
            serial: 'T-000123',
            type: 'lecture_purchase',
            value: -62.5,
            balance_after: 87.5,
            timestamp: '2024-05-01T09:30:00.000Z',
            comment: null,
            lecture_resource: { name: 'المحاضرة الأولى' },
            course_resource: null,
            transfer_resource: null,
          },
        ],
        links: { next: '/api/v1/wallet?page=2' },
        meta: { current_page: 1, per_page: 15 },
      },
    });
    expect(page.transactions.data[0]?.value).toBe(-62.5);
    expect(page.transactions.links.next).toBe('/api/v1/wallet?page=2');
  });
});
