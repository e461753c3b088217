import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMobilePaymentSchema } from '@dars/contract';
import { approveMobilePayment } from '../../src/modules/wallet/mobile-payment-review';
import { WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { PNG } from '../exams/exam-client';
import { startMobileWalletServer, type WalletClient } from '../wallet/wallet-client';
import { makeStaff } from './staff-factory';

/**
 * Approving a mobile-wallet recharge for another amount than the student claimed (issue 23,
 * ADR 025 follow-up): the approved piasters exactly are credited, a note is required when the
 * amounts differ and is kept, shown to staff and written into the student's ledger row and
 * notification; a leader approves up to the claim, only an admin above it.
 */

let server: TestServer;
let w: WalletClient;
let leader: TestStudent;
let admin: TestStudent;

beforeAll(async () => {
  ({ server, w } = await startMobileWalletServer());
  leader = await makeStaff(server.db, 'leader', { name: 'مشرف الشحن' });
  admin = await makeStaff(server.db, 'admin', { name: 'مدير الشحن' });
}, 120_000);
afterAll(() => server?.close());

function approve(token: string, id: number, payload?: object) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/staff/mobile-payments/${id}/approve`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
}

async function pendingRequest(student: TestStudent, amount: string) {
  const res = await w.mobileWallet(
    student.token,
    { amount, payer_number: '01112345678' },
    { bytes: PNG, type: 'image/png' },
  );
  expect(res.statusCode, res.body).toBe(200);
  return (await w.mobilePayments(student.userId)).at(-1)!.id;
}

async function auditRows(id: number) {
  return server.db
    .selectFrom('staff_audit_log')
    .selectAll()
    .where('resource', '=', 'mobile-payments')
    .where('resource_id', '=', String(id))
    .execute();
}

/** Nothing happened: still pending, nothing credited, told or audited. */
async function expectUntouched(student: TestStudent, id: number, balance: number) {
  const [row] = (await w.mobilePayments(student.userId)).filter((p) => p.id === id);
  expect(row).toMatchObject({ status: 'pending', approved_amount: null, review_note: null });
  expect(await w.balance(student.userId)).toBe(balance);
  expect(await w.ledger(student.userId)).toHaveLength(0);
  expect(await w.notifications(student.userId)).toHaveLength(0);
  expect(await auditRows(id)).toHaveLength(0);
}

describe('approving a recharge', () => {
  it('credits the claimed amount when no other is given', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, '75.50');
    const res = await approve(leader.token, id);
    expect(res.statusCode, res.body).toBe(200);
    const item = staffMobilePaymentSchema.parse(res.json().data);
    expect(item).toMatchObject({
      status: 'approved',
      amount: 75.5,
      approved_amount: 75.5,
      review_note: null,
    });
    // 75.50 pounds = 7,550 piasters.
    expect(await w.balance(student.userId)).toBe(7_550);
    expect((await w.ledger(student.userId)).map((r) => r.value)).toEqual([7_550]);
  });

  it('credits exactly another amount with its note, shown to staff and to the student', async () => {
    const student = await makeStudent(server.db, { balance: 5 });
    const id = await pendingRequest(student, '100');
    const note = 'الإيصال يُظهر تحويل 87.35 جنيه فقط';
    const res = await approve(leader.token, id, { amount: 87.35, note: `  ${note} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'approved',
      amount: 100,
      approved_amount: 87.35,
      review_note: note,
    });
    // 5.00 + 87.35 pounds = 500 + 8,735 = 9,235 piasters; the approval's ledger row is 8,735.
    expect(await w.balance(student.userId)).toBe(9_235);
    const ledger = await w.ledger(student.userId);
    expect(ledger.map((r) => r.value)).toEqual([500, 8_735]);
    expect(await w.ledgerSum(student.userId)).toBe(9_235);
    const [notification, ...more] = await w.notifications(student.userId);
    expect(more).toHaveLength(0);
    expect(notification!.data.content).toBe(
      `أُضيف 87.35 جنيه إلى محفظتك (شحن عبر محفظة إلكترونية، المطلوب 100.00 جنيه: ${note}). رصيدك الآن 92.35 جنيه.`,
    );
    // The student's transaction says the same.
    const wallet = await w.walletBody(student.token);
    expect(wallet.transactions.data[0]).toMatchObject({
      value: 87.35,
      comment: `شحن عبر محفظة إلكترونية، المطلوب 100.00 جنيه: ${note}`,
    });
    // The review list shows both amounts and the note.
    const list = await server.app.inject({
      method: 'GET',
      url: '/api/v1/staff/mobile-payments?status=approved',
      headers: { ...WEB_HEADERS, authorization: `Bearer ${admin.token}` },
    });
    expect(list.json().data.find((p: { id: number }) => p.id === id)).toMatchObject({
      amount: 100,
      approved_amount: 87.35,
      review_note: note,
    });
    // Audited in the same transaction, with what was approved.
    const [row, ...others] = await auditRows(id);
    expect(others).toHaveLength(0);
    expect(JSON.parse(row!.before!)).toMatchObject({ approved_amount: null, review_note: null });
    expect(JSON.parse(row!.after!)).toMatchObject({ approved_amount: 87.35, review_note: note });
  });

  it('keeps a note given with the claimed amount', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, '40');
    const res = await approve(admin.token, id, { amount: 40, note: 'تم التأكد من الرقم' });
    expect(res.json().data).toMatchObject({
      approved_amount: 40,
      review_note: 'تم التأكد من الرقم',
    });
    expect(await w.balance(student.userId)).toBe(4_000);
    expect((await w.ledger(student.userId))[0]!.comment).toBe(
      'شحن عبر محفظة إلكترونية: تم التأكد من الرقم',
    );
  });

  it('refuses another amount without a note, in Arabic, and writes nothing', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, '100');
    for (const body of [{ amount: 90 }, { amount: 90, note: '   ' }, { amount: 90, note: null }]) {
      const res = await approve(leader.token, id, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.note[0]).toBe('اكتب ملاحظة تشرح سبب اختلاف المبلغ عن المطلوب');
    }
    await expectUntouched(student, id, 0);
  });

  it('refuses an amount that is not money above zero', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, '100');
    const cases: [unknown, string][] = [
      [0, 'أدخل مبلغاً أكبر من الصفر'],
      [-5, 'أدخل مبلغاً أكبر من الصفر'],
      [12.345, 'المبلغ يقبل رقمين عشريين على الأكثر'],
      ['90', 'أدخل مبلغاً أكبر من الصفر'],
      [1_000_001, 'المبلغ أكبر من المسموح'],
    ];
    for (const [amount, message] of cases) {
      const res = await approve(admin.token, id, { amount, note: 'ملاحظة' });
      expect(res.statusCode, `${String(amount)}: ${res.body}`).toBe(422);
      expect(res.json().errors.amount[0]).toBe(message);
    }
    await expectUntouched(student, id, 0);
  });

  it('the service itself refuses a zero amount and an over-long note (callers besides the API)', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, '100');
    await expect(
      approveMobilePayment(server.db, id, admin.userId, { amount: 0, note: 'صفر' }),
    ).rejects.toMatchObject({ errors: { amount: ['أدخل مبلغاً أكبر من الصفر'] } });
    await expect(
      approveMobilePayment(server.db, id, admin.userId, { amount: 9_000, note: 'م'.repeat(501) }),
    ).rejects.toMatchObject({ errors: { note: ['الملاحظة أطول من المسموح'] } });
    await expectUntouched(student, id, 0);
  });

  it('decides once: a second approval is 409 and credits nothing more', async () => {
    const student = await makeStudent(server.db);
    const id = await pendingRequest(student, '50');
    expect((await approve(leader.token, id, { amount: 45, note: 'وصل 45' })).statusCode).toBe(200);
    const again = await approve(admin.token, id, { amount: 50, note: 'مراجعة ثانية' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('تمت مراجعة طلب الشحن هذا من قبل');
    expect(await w.balance(student.userId)).toBe(4_500);
    expect(await w.ledger(student.userId)).toHaveLength(1);
    expect(await auditRows(id)).toHaveLength(1);
  });
});

/**
 * Who may approve what (README's staff logins, ADR 025 follow-up): recharge review is a
 * leader's daily work, so a leader approves the claim or less (the receipt shows less); more
 * than the student claimed is a change of balance beyond the request, an admin's decision.
 */
const ROLE_TABLE: {
  role: 'leader' | 'admin' | 'student';
  claimed: string;
  approved?: number;
  status: number;
  credited: number;
  message?: string;
}[] = [
  { role: 'leader', claimed: '100', status: 200, credited: 10_000 },
  { role: 'leader', claimed: '100', approved: 60.5, status: 200, credited: 6_050 },
  {
    role: 'leader',
    claimed: '100',
    approved: 100.01,
    status: 403,
    credited: 0,
    message: 'قبول مبلغ أكبر مما طلبه الطالب متاح للمدير فقط',
  },
  { role: 'admin', claimed: '100', status: 200, credited: 10_000 },
  { role: 'admin', claimed: '100', approved: 60.5, status: 200, credited: 6_050 },
  { role: 'admin', claimed: '100', approved: 120, status: 200, credited: 12_000 },
  {
    role: 'student',
    claimed: '100',
    status: 403,
    credited: 0,
    message: 'هذا الحساب ليس من حسابات فريق العمل',
  },
];

describe('who may approve', () => {
  it.for(ROLE_TABLE)(
    '$role approving $approved of $claimed → $status',
    async ({ role, claimed, approved, status, credited, message }) => {
      const student = await makeStudent(server.db);
      const id = await pendingRequest(student, claimed);
      const token = { leader: leader.token, admin: admin.token, student: student.token }[role];
      const res = await approve(
        token,
        id,
        approved === undefined ? undefined : { amount: approved, note: 'مبلغ الإيصال' },
      );
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().message).toBe(message);
      expect(await w.balance(student.userId)).toBe(credited);
      if (status !== 200) await expectUntouched(student, id, 0);
    },
  );
});
