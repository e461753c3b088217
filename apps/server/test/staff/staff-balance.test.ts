import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffBalanceAdjustResponseSchema } from '@dars/contract';
import { WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { startWalletServer, type WalletClient } from '../wallet/wallet-client';
import { makeStaff } from './staff-factory';

/**
 * Balance adjustments by an admin (issue 13): a signed amount with a required comment, one
 * `admin_balance_update` ledger row each, never a negative balance, audited; the ledger
 * always sums to the balance.
 */

let server: TestServer;
let w: WalletClient;
let leader: TestStudent;
let admin: TestStudent;

beforeAll(async () => {
  ({ server, w } = await startWalletServer());
  leader = await makeStaff(server.db, 'leader');
  admin = await makeStaff(server.db, 'admin', { name: 'مدير الحسابات' });
}, 120_000);
afterAll(() => server?.close());

function adjust(token: string, studentId: number, payload: object) {
  return server.app.inject({
    method: 'POST',
    url: `/api/v1/staff/students/${studentId}/balance`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    payload,
  });
}

const auditRows = (studentId: number) =>
  server.db
    .selectFrom('staff_audit_log')
    .selectAll()
    .where('resource', '=', 'students')
    .where('resource_id', '=', String(studentId))
    .execute();

describe('balance adjustments', () => {
  it('credits and debits as ledger rows the student sees, audited; the ledger sums to the balance', async () => {
    const student = await makeStudent(server.db);
    const up = await adjust(admin.token, student.userId, { amount: 50.25, comment: 'تعويض' });
    expect(up.statusCode, up.body).toBe(200);
    expect(staffBalanceAdjustResponseSchema.parse(up.json()).data).toMatchObject({
      student_id: student.userId,
      amount: 50.25,
      balance: 50.25,
      comment: 'تعويض',
    });
    const down = await adjust(admin.token, student.userId, { amount: -20, comment: 'شحن مكرر' });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json().data.balance).toBe(30.25);
    expect(await w.balance(student.userId)).toBe(3_025);
    expect(await w.ledgerSum(student.userId)).toBe(3_025);
    expect(await w.ledger(student.userId)).toMatchObject([
      { type: 'admin_balance_update', value: 5_025, comment: 'تعويض' },
      { type: 'admin_balance_update', value: -2_000, comment: 'شحن مكرر' },
    ]);
    // The student's own wallet table shows them.
    const wallet = await w.walletBody(student.token);
    expect(JSON.stringify(wallet)).toContain('شحن مكرر');
    const rows = await auditRows(student.userId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      user_id: admin.userId,
      user_name: 'مدير الحسابات',
      action: 'balance',
    });
    expect(JSON.parse(rows[1]!.before!)).toEqual({ balance: 50.25 });
    expect(JSON.parse(rows[1]!.after!)).toMatchObject({ amount: -20, balance: 30.25 });
  });

  it('never drives a balance negative: 409 in Arabic and nothing written', async () => {
    const student = await makeStudent(server.db);
    await adjust(admin.token, student.userId, { amount: 10, comment: 'رصيد' });
    const res = await adjust(admin.token, student.userId, { amount: -10.01, comment: 'خصم' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('لا يمكن أن يصبح رصيد الطالب بالسالب');
    expect(await w.balance(student.userId)).toBe(1_000);
    expect(await w.ledger(student.userId)).toHaveLength(1);
    expect(await auditRows(student.userId)).toHaveLength(1);
    // Exactly to zero is allowed.
    expect(
      (await adjust(admin.token, student.userId, { amount: -10, comment: 'خصم' })).statusCode,
    ).toBe(200);
    expect(await w.balance(student.userId)).toBe(0);
  });

  it('lets one of two racing debits through when the balance covers one', async () => {
    const student = await makeStudent(server.db);
    await adjust(admin.token, student.userId, { amount: 50, comment: 'رصيد' });
    const replies = await Promise.all(
      Array.from({ length: 4 }, () =>
        adjust(admin.token, student.userId, { amount: -30, comment: 'خصم' }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await w.balance(student.userId)).toBe(2_000);
    expect(await w.ledgerSum(student.userId)).toBe(2_000);
    expect(await auditRows(student.userId)).toHaveLength(2);
  });

  it('refuses leaders, a missing comment, a zero amount, and staff or missing accounts', async () => {
    const student = await makeStudent(server.db);
    const byLeader = await adjust(leader.token, student.userId, { amount: 5, comment: 'x' });
    expect(byLeader.statusCode).toBe(403);
    const noComment = await adjust(admin.token, student.userId, { amount: 5, comment: '  ' });
    expect(noComment.statusCode).toBe(422);
    expect(noComment.json().errors.comment).toEqual(['هذا الحقل مطلوب']);
    const zero = await adjust(admin.token, student.userId, { amount: 0, comment: 'صفر' });
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors.amount).toEqual(['أدخل مبلغاً غير الصفر']);
    const cents = await adjust(admin.token, student.userId, { amount: 1.005, comment: 'كسور' });
    expect(cents.statusCode).toBe(422);
    expect(
      (await adjust(admin.token, leader.userId, { amount: 5, comment: 'مشرف' })).statusCode,
    ).toBe(404);
    expect(
      (await adjust(admin.token, 999_999, { amount: 5, comment: 'غير موجود' })).statusCode,
    ).toBe(404);
    expect(await w.ledger(student.userId)).toHaveLength(0);
    expect(await w.ledger(leader.userId)).toHaveLength(0);
  });
});
