import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approveMobilePayment,
  mobilePaymentReceipt,
  pendingMobilePayments,
  rejectMobilePayment,
} from '../../src/modules/wallet/mobile-payment-review';
import type { TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { PNG } from '../exams/exam-client';
import { startMobileWalletServer, type WalletClient } from './wallet-client';

let server: TestServer;
let w: WalletClient;
let staff: TestStudent;
beforeAll(async () => {
  ({ server, w } = await startMobileWalletServer());
  staff = await makeStudent(server.db, { name: 'مراجع الشحن' });
  await w.makeStaff(staff.userId, 2);
});
afterAll(() => server.close());

/** A student with one pending request of `amount` pounds; answers the request's id. */
async function pendingRequest(student: TestStudent, amount = 75): Promise<number> {
  const res = await w.mobileWallet(
    student.token,
    { amount: String(amount), payer_number: '01112345678' },
    { bytes: PNG, type: 'image/png' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return (await w.mobilePayments(student.userId)).at(-1)!.id;
}

describe('reviewing mobile-wallet recharges', () => {
  it('lists pending requests oldest first, with the student, for staff only', async () => {
    const a = await makeStudent(server.db, { name: 'هدى سمير' });
    const first = await pendingRequest(a, 30);
    const second = await pendingRequest(a, 40);
    const list = await pendingMobilePayments(server.db, staff.userId, { after: first - 1 });
    expect(list.slice(0, 2)).toMatchObject([
      {
        id: first,
        amount: 30,
        payer_number: '01112345678',
        student: { id: a.userId, name: 'هدى سمير' },
      },
      { id: second, amount: 40 },
    ]);
    const one = await pendingMobilePayments(server.db, staff.userId, {
      after: first - 1,
      limit: 1,
    });
    expect(one.map((p) => p.id)).toEqual([first]);
    const after = await pendingMobilePayments(server.db, staff.userId, { after: first });
    expect(after.map((p) => p.id)).toContain(second);
    expect(after.map((p) => p.id)).not.toContain(first);
    await expect(pendingMobilePayments(server.db, a.userId)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('approves once: the amount is credited as a recharge with its notification, and the count drops', async () => {
    const student = await makeStudent(server.db, { balance: 5 });
    const id = await pendingRequest(student, 75.5);
    expect((await w.walletBody(student.token)).meta.pending_mobile_payments_count).toBe(1);
    const done = await approveMobilePayment(server.db, id, staff.userId);
    expect(done.balance).toBe(8_050);
    expect(await w.balance(student.userId)).toBe(8_050);
    expect((await w.ledger(student.userId)).at(-1)).toMatchObject({
      type: 'recharge',
      value: 7_550,
      serial: done.serial,
      comment: 'شحن عبر محفظة إلكترونية',
    });
    expect(await w.ledgerSum(student.userId)).toBe(8_050);
    const [request] = await w.mobilePayments(student.userId);
    expect(request).toMatchObject({
      status: 'approved',
      reviewed_by: staff.userId,
      transaction_serial: done.serial,
    });
    expect(await w.notifications(student.userId)).toMatchObject([
      { type: 'recharge', data: { type: 'recharge', title: 'تم شحن رصيدك', to: '/wallet' } },
    ]);
    const page = await w.walletBody(student.token);
    expect(page.meta.pending_mobile_payments_count).toBe(0);
    expect(page.transactions.data[0]).toMatchObject({ type: 'recharge', value: 75.5 });
    // Decided: neither a second approval nor a rejection changes anything.
    const decided = { code: 'CONFLICT', message: 'تمت مراجعة طلب الشحن هذا من قبل' };
    await expect(approveMobilePayment(server.db, id, staff.userId)).rejects.toMatchObject(decided);
    await expect(rejectMobilePayment(server.db, id, staff.userId, 'متأخر')).rejects.toMatchObject(
      decided,
    );
    expect(await w.balance(student.userId)).toBe(8_050);
    expect(await w.notifications(student.userId)).toHaveLength(1);
    expect((await w.mobilePayments(student.userId))[0]!.status).toBe('approved');
  });

  it('credits once when approvals race', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, 60);
    const other = await makeStudent(server.db);
    await w.makeStaff(other.userId, 1);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        approveMobilePayment(server.db, id, i % 2 ? staff.userId : other.userId),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await w.balance(student.userId)).toBe(6_000);
    expect(await w.ledger(student.userId)).toHaveLength(1);
    expect(await w.notifications(student.userId)).toHaveLength(1);
  });

  it('rejects with a reason the student reads, crediting nothing; a reason is required', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, 50);
    await expect(rejectMobilePayment(server.db, id, staff.userId, '   ')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { reason: ['اكتب سبب رفض الطلب'] },
    });
    await expect(
      rejectMobilePayment(server.db, id, staff.userId, 'س'.repeat(501)),
    ).rejects.toMatchObject({ errors: { reason: ['سبب الرفض أطول من المسموح'] } });
    expect((await w.mobilePayments(student.userId))[0]!.status).toBe('pending');
    // 500 characters is the most a reason may have.
    const longest = 'س'.repeat(500);
    const other = await pendingRequest(student, 30);
    await rejectMobilePayment(server.db, other, staff.userId, longest);
    expect((await w.mobilePayments(student.userId))[1]!.reject_reason).toBe(longest);
    await rejectMobilePayment(
      server.db,
      id,
      staff.userId,
      ' لم يصل التحويل\u0000 إلى رقم المحفظة ',
    );
    expect(await w.balance(student.userId)).toBe(0);
    expect(await w.ledger(student.userId)).toEqual([]);
    const [request] = await w.mobilePayments(student.userId);
    expect(request).toMatchObject({
      status: 'rejected',
      reject_reason: 'لم يصل التحويل إلى رقم المحفظة',
    });
    const note = (await w.notifications(student.userId)).at(-1);
    expect(note).toMatchObject({
      type: 'recharge_rejected',
      data: { type: 'recharge', title: 'تم رفض طلب الشحن', to: '/wallet' },
    });
    expect(note!.data.content).toBe(
      'رُفض طلب شحن 50.00 جنيه عبر المحفظة الإلكترونية: لم يصل التحويل إلى رقم المحفظة',
    );
    await expect(approveMobilePayment(server.db, id, staff.userId)).rejects.toMatchObject({
      message: 'تمت مراجعة طلب الشحن هذا من قبل',
    });
    expect(await w.balance(student.userId)).toBe(0);
    expect((await w.walletBody(student.token)).meta.pending_mobile_payments_count).toBe(0);
  });

  it('lets no student see, approve, reject or open another’s request, their own neither', async () => {
    const owner = await makeStudent(server.db);
    const stranger = await makeStudent(server.db, { balance: 1 });
    const id = await pendingRequest(owner, 40);
    for (const who of [stranger.userId, owner.userId]) {
      await expect(approveMobilePayment(server.db, id, who)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(rejectMobilePayment(server.db, id, who, 'لا')).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(mobilePaymentReceipt(server, id, who)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
      await expect(pendingMobilePayments(server.db, who)).rejects.toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    expect(await w.balance(owner.userId)).toBe(0);
    expect((await w.mobilePayments(owner.userId))[0]!.status).toBe('pending');
    expect((await w.walletBody(stranger.token)).meta.pending_mobile_payments_count).toBe(0);
    // Nor does an account that does not exist.
    await expect(approveMobilePayment(server.db, id, 999_999)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const unknown = { code: 'NOT_FOUND', message: 'طلب الشحن غير موجود' };
    await expect(approveMobilePayment(server.db, 999_999, staff.userId)).rejects.toMatchObject(
      unknown,
    );
    await expect(mobilePaymentReceipt(server, 999_999, staff.userId)).rejects.toMatchObject(
      unknown,
    );
  });

  it('keeps the receipt readable for staff, before and after the decision', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, 20);
    const before = await mobilePaymentReceipt(server, id, staff.userId);
    expect(before.type).toBe('image/png');
    const stored = (key: string) => path.join(server.config.dataDir, 'storage', 'private', key);
    expect(fs.readFileSync(stored(before.key)).equals(PNG)).toBe(true);
    await approveMobilePayment(server.db, id, staff.userId);
    const after = await mobilePaymentReceipt(server, id, staff.userId);
    expect(fs.readFileSync(stored(after.key)).equals(PNG)).toBe(true);
  });
});
