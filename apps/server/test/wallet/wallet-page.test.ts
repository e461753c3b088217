import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWalletResponseSchema } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { credit } from '../../src/modules/wallet/ledger';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';

// GET /wallet reads its switches, the pending count and the ledger page in one statement
// (wallet-service.ts): these hold what each part says on its own, request after request.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

const wallet = (token: string, url = '/api/v1/wallet') =>
  server.app.inject({
    method: 'GET',
    url,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });

async function walletOf(token: string, url?: string) {
  const res = await wallet(token, url);
  expect(res.statusCode, res.body).toBe(200);
  return getWalletResponseSchema.parse(res.json());
}

/** A mobile-wallet recharge request in the given state, written as the review leaves it. */
async function request(userId: number, status: 'pending' | 'approved' | 'rejected') {
  await server.db
    .insertInto('mobile_payments')
    .values({
      user_id: userId,
      amount: 5_000,
      payer_number: '01012345678',
      message: null,
      receipt_path: 'receipts/test.png',
      status,
      reject_reason: status === 'rejected' ? 'الإيصال غير واضح' : null,
      reviewed_by: null,
      reviewed_at: status === 'pending' ? null : new Date().toISOString(),
      transaction_serial: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

describe('GET /wallet, read in one statement', () => {
  it('counts only the student’s own pending requests, with an empty ledger and past its end', async () => {
    const [student, other] = [await makeStudent(server.db), await makeStudent(server.db)];
    await request(student.userId, 'pending');
    await request(student.userId, 'approved');
    await request(student.userId, 'pending');
    await request(student.userId, 'rejected');
    await request(other.userId, 'pending');

    const page = await walletOf(student.token);
    expect(page.wallet.balance).toBe(0);
    expect(page.meta.pending_mobile_payments_count).toBe(2);
    expect(page.transactions).toEqual({
      data: [],
      links: { next: null, prev: null },
      meta: { current_page: 1, per_page: 15 },
    });
    expect((await walletOf(other.token)).meta.pending_mobile_payments_count).toBe(1);

    // A page past the end keeps the balance and the count.
    await server.db
      .transaction()
      .execute((trx) => credit(trx, student.userId, 2_550, { type: 'recharge', comment: 'شحن' }));
    const deep = await walletOf(student.token, '/api/v1/wallet?page=3');
    expect(deep.wallet.balance).toBe(25.5);
    expect(deep.meta.pending_mobile_payments_count).toBe(2);
    expect(deep.transactions.data).toEqual([]);
    expect(deep.transactions.links).toEqual({ next: null, prev: '/api/v1/wallet?page=2' });

    // A new request is counted on the very next call, a decided one no more.
    await request(student.userId, 'pending');
    expect((await walletOf(student.token)).meta.pending_mobile_payments_count).toBe(3);
    await server.db
      .updateTable('mobile_payments')
      .set({ status: 'rejected', reject_reason: 'مكرر' })
      .where('user_id', '=', student.userId)
      .where('status', '=', 'pending')
      .execute();
    expect((await walletOf(student.token)).meta.pending_mobile_payments_count).toBe(0);
  });

  it('sees each switch on the very next request, on a following page too', async () => {
    const student = await makeStudent(server.db);
    await server.db.transaction().execute(async (trx) => {
      for (let i = 1; i <= 16; i++)
        await credit(trx, student.userId, i * 100, { type: 'recharge', comment: `شحن ${i}` });
    });
    await putSettings(server.db, { enable_wallet_transfers: false });
    const first = await walletOf(student.token);
    expect(first.wallet.address).toBeNull();
    // 1 + 2 + … + 16 pounds.
    expect(first.wallet.balance).toBe(136);
    expect(first.transactions.data.map((t) => t.comment)).toEqual(
      Array.from({ length: 15 }, (_, i) => `شحن ${16 - i}`),
    );
    const next = first.transactions.links.next!;
    expect(next).toBe(`/api/v1/wallet?page=2&after=${first.transactions.data[14]!.serial}`);

    await putSettings(server.db, { enable_wallet_transfers: true });
    const second = await walletOf(student.token, next);
    expect(second.wallet.address).toMatch(/^DW\d{10}$/);
    expect(second.transactions.data.map((t) => t.comment)).toEqual(['شحن 1']);
    expect(second.transactions.data[0]).toMatchObject({
      type: 'recharge',
      value: 1,
      balance_after: 1,
      lecture_resource: null,
      course_resource: null,
      transfer_resource: null,
    });

    await putSettings(server.db, { enable_wallet_system: false });
    for (const url of ['/api/v1/wallet', next, '/api/v1/wallet?page=2']) {
      const res = await wallet(student.token, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('FEATURE_DISABLED');
    }
    await putSettings(server.db, { enable_wallet_system: true });
    expect((await walletOf(student.token, next)).transactions.data).toHaveLength(1);

    await putSettings(server.db, { enable_wallet_transfers: false });
    expect((await walletOf(student.token)).wallet.address).toBeNull();
  });
});
