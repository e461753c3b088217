import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@dars/contract';
import {
  MOBILE_PAYMENT_REQUESTS,
  MOBILE_PAYMENTS_PENDING_MAX,
} from '../../src/modules/wallet/mobile-payments';
import { putSettings } from '../../src/modules/settings/settings-service';
import type { TestServer } from '../helpers';
import { approveMobilePayment } from '../../src/modules/wallet/mobile-payment-review';
import { makeStudent } from '../factories/students';
import { PNG } from '../exams/exam-client';
import { startWalletServer, type WalletClient } from './wallet-client';

let server: TestServer;
let w: WalletClient;
beforeAll(async () => ({ server, w } = await startWalletServer()));
afterAll(() => server.close());
beforeEach(() =>
  putSettings(server.db, {
    enable_wallet_system: true,
    recharge_info: {
      min_recharge_amount: 20,
      supported_methods: ['recharge_card', 'mobile_wallets'],
      mobile_wallet_number: '01001234567',
    },
  }),
);

const FORM = { amount: '150', payer_number: '01012345678', message: 'حوّلت من فودافون كاش' };
const RECEIPT = { bytes: PNG, type: 'image/png' };

function expectFieldError(
  res: { statusCode: number; json: () => unknown },
  field: string,
  message: string,
) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(422);
  expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { [field]: [message] } });
}

describe('POST /wallet/recharge/mobile-wallet', () => {
  it('keeps the request and its receipt for review, credits nothing yet, and counts it on the wallet page', async () => {
    const student = await makeStudent(server.db, { balance: 10 });
    const other = await makeStudent(server.db);
    const res = await w.mobileWallet(student.token, FORM, RECEIPT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'تم إرسال طلب الشحن، وسيُضاف المبلغ إلى رصيدك بعد مراجعته',
    });
    const [request] = await w.mobilePayments(student.userId);
    expect(request).toMatchObject({
      amount: 15_000,
      payer_number: '01012345678',
      message: 'حوّلت من فودافون كاش',
      status: 'pending',
      reviewed_by: null,
      transaction_serial: null,
    });
    // Stored privately under a generated name, byte for byte.
    expect(request!.receipt_path).toMatch(
      new RegExp(`^receipts/${student.userId}-[0-9a-f]{12}\\.png$`),
    );
    const stored = path.join(server.config.dataDir, 'storage', 'private', request!.receipt_path);
    expect(fs.readFileSync(stored).equals(PNG)).toBe(true);
    const publicCopy = await server.app.inject({
      method: 'GET',
      url: `/storage/${request!.receipt_path}`,
    });
    expect(publicCopy.statusCode).toBe(404);
    expect(await w.balance(student.userId)).toBe(1_000);
    expect(await w.ledger(student.userId)).toHaveLength(1);
    expect((await w.walletBody(student.token)).meta.pending_mobile_payments_count).toBe(1);
    await w.mobileWallet(student.token, { ...FORM, message: '' }, RECEIPT);
    expect((await w.walletBody(student.token)).meta.pending_mobile_payments_count).toBe(2);
    expect((await w.mobilePayments(student.userId))[1]!.message).toBeNull();
    // Another student's page counts only their own.
    expect((await w.walletBody(other.token)).meta.pending_mobile_payments_count).toBe(0);
  });

  it('refuses an amount below min_recharge_amount with the spec’s warning, storing nothing', async () => {
    const student = await makeStudent(server.db);
    const before = w.storedReceipts().length;
    const res = await w.mobileWallet(student.token, { ...FORM, amount: '19.99' }, RECEIPT);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'LESS_THAN_MIN_AMOUNT',
      message: 'أقل مبلغ للشحن هو 20 جنيه',
    });
    expect(await w.mobilePayments(student.userId)).toEqual([]);
    expect(w.storedReceipts()).toHaveLength(before);
    expect(
      (await w.mobileWallet(student.token, { ...FORM, amount: '20' }, RECEIPT)).statusCode,
    ).toBe(200);
  });

  it('refuses a receipt that is not an image by its bytes, whatever it claims, storing nothing', async () => {
    const student = await makeStudent(server.db);
    const before = w.storedReceipts().length;
    const fakes = [
      { bytes: Buffer.from('%PDF-1.4 not a receipt'), type: 'image/png', name: 'receipt.png' },
      {
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        type: 'image/svg+xml',
        name: 'r.svg',
      },
      { bytes: Buffer.from('just text'), type: 'image/jpeg', name: 'r.jpg' },
    ];
    for (const fake of fakes)
      expectFieldError(
        await w.mobileWallet(student.token, FORM, fake),
        'attachment',
        'اختر صورة صالحة',
      );
    expect(await w.mobilePayments(student.userId)).toEqual([]);
    expect(w.storedReceipts()).toHaveLength(before);
  });

  it('asks for the payer number and the receipt in the spec’s words, and refuses an oversized file', async () => {
    const student = await makeStudent(server.db);
    const required = 'لا يمكنك ترك الحقل فارغاً';
    expectFieldError(await w.mobileWallet(student.token, FORM), 'attachment', required);
    expectFieldError(
      await w.mobileWallet(student.token, { ...FORM, payer_number: ' ' }, RECEIPT),
      'payer_number',
      required,
    );
    expectFieldError(
      await w.mobileWallet(student.token, { amount: '', payer_number: FORM.payer_number }, RECEIPT),
      'amount',
      required,
    );
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const tooBig = await w.mobileWallet(student.token, FORM, { bytes: big, type: 'image/png' });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors.attachment).toBeDefined();
    expect(await w.mobilePayments(student.userId)).toEqual([]);
  });

  it(`keeps at most ${MOBILE_PAYMENTS_PENDING_MAX} requests waiting per student, even sent at once`, async () => {
    const student = await makeStudent(server.db);
    const before = w.storedReceipts().length;
    const replies = await Promise.all(
      Array.from({ length: MOBILE_PAYMENTS_PENDING_MAX + 3 }, () =>
        w.mobileWallet(student.token, FORM, RECEIPT),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(MOBILE_PAYMENTS_PENDING_MAX);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(refused.map((r) => r.statusCode)).toEqual([429, 429, 429]);
    expect(refused[0]!.json().message).toBe(
      'لديك طلبات شحن كثيرة قيد المراجعة، انتظر حتى تتم مراجعتها',
    );
    expect(await w.mobilePayments(student.userId)).toHaveLength(MOBILE_PAYMENTS_PENDING_MAX);
    expect(w.storedReceipts()).toHaveLength(before + MOBILE_PAYMENTS_PENDING_MAX);
  });

  it(`takes ${MOBILE_PAYMENT_REQUESTS.limit} requests an hour from a student, refused ones included`, async () => {
    const student = await makeStudent(server.db);
    const staff = await makeStudent(server.db);
    await w.makeStaff(staff.userId);
    for (let i = 0; i < MOBILE_PAYMENT_REQUESTS.limit; i++) {
      // Every other one refused (below the minimum), the rest approved at once to keep room.
      const res = await w.mobileWallet(
        student.token,
        { ...FORM, amount: i % 2 ? '5' : '25' },
        RECEIPT,
      );
      expect(res.statusCode).toBe(i % 2 ? 422 : 200);
      const [pending] = (await w.mobilePayments(student.userId)).filter(
        (p) => p.status === 'pending',
      );
      if (pending) await approveMobilePayment(server.db, pending.id, staff.userId);
    }
    const over = await w.mobileWallet(student.token, FORM, RECEIPT);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('TOO_MANY_REQUESTS');
    expect(await w.mobilePayments(student.userId)).toHaveLength(MOBILE_PAYMENT_REQUESTS.limit / 2);
    expect(await w.balance(student.userId)).toBe((MOBILE_PAYMENT_REQUESTS.limit / 2) * 2_500);
  });

  it('asks again for an empty receipt file', async () => {
    const student = await makeStudent(server.db);
    expectFieldError(
      await w.mobileWallet(student.token, FORM, { bytes: Buffer.alloc(0), type: 'image/png' }),
      'attachment',
      'لا يمكنك ترك الحقل فارغاً',
    );
    expect(await w.mobilePayments(student.userId)).toEqual([]);
  });

  it('is not served to a guest, with the wallet off, or without the method', async () => {
    const student = await makeStudent(server.db);
    expect((await w.mobileWallet(undefined, FORM, RECEIPT)).statusCode).toBe(401);
    await putSettings(server.db, { enable_wallet_system: false });
    const off = await w.mobileWallet(student.token, FORM, RECEIPT);
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe('FEATURE_DISABLED');
    await putSettings(server.db, {
      enable_wallet_system: true,
      recharge_info: {
        min_recharge_amount: 20,
        supported_methods: ['recharge_card'],
        mobile_wallet_number: null,
      },
    });
    expect((await w.mobileWallet(student.token, FORM, RECEIPT)).json()).toEqual({
      code: 'FEATURE_DISABLED',
      message: 'طريقة الشحن هذه غير متاحة حالياً',
    });
    expect(await w.mobilePayments(student.userId)).toEqual([]);
    expect((await w.wallet(student.token)).statusCode).toBe(200);
  });
});
