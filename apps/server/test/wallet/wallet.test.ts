import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWalletResponseSchema } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { credit } from '../../src/modules/wallet/ledger';
import { apiGet, startWithStudent, WEB_HEADERS, type TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent, type TestStudent } from '../factories/students';

let server: TestServer;
let student: TestStudent;
beforeAll(async () => ({ server, student } = await startWithStudent()));
afterAll(() => server.close());

const get = (url: string, token?: string) => apiGet(server.app, url, token);

async function walletOf(token: string, url = '/api/v1/wallet') {
  const res = await server.app.inject({
    method: 'GET',
    url,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return getWalletResponseSchema.parse(res.json());
}

/** Recharges numbered `from` to `to`, each its own transaction, commented 'شحن n'. */
async function topUps(userId: number, from: number, to: number) {
  for (let i = from; i <= to; i++)
    await server.db
      .transaction()
      .execute((trx) => credit(trx, userId, i * 100, { type: 'recharge', comment: `شحن ${i}` }));
}

describe('GET /wallet', () => {
  it('shows the balance, the address and the transactions newest first, paged by links.next', async () => {
    await putSettings(server.db, { enable_wallet_transfers: true });
    const student = await makeStudent(server.db);
    await server.db.transaction().execute(async (trx) => {
      for (let i = 1; i <= 17; i++)
        await credit(trx, student.userId, i * 100, { type: 'recharge', comment: `شحن ${i}` });
    });
    const first = getWalletResponseSchema.parse((await get('/wallet', student.token)).json());
    expect(first.wallet.balance).toBe((17 * 18) / 2);
    expect(first.wallet.address).toMatch(/^DW/);
    expect(first.transactions.data).toHaveLength(15);
    expect(first.transactions.data[0]).toMatchObject({
      comment: 'شحن 17',
      value: 17,
      balance_after: 153,
    });
    const next = first.transactions.links.next!;
    const second = getWalletResponseSchema.parse(
      (
        await server.app.inject({
          method: 'GET',
          url: next,
          headers: { authorization: `Bearer ${student.token}` },
        })
      ).json(),
    );
    expect(second.transactions.data.map((t) => t.comment)).toEqual(['شحن 2', 'شحن 1']);
    expect(second.transactions.links.next).toBeNull();
  });

  it('pages from just after the last row seen, so rows written meanwhile neither repeat nor hide one', async () => {
    const student = await makeStudent(server.db);
    await topUps(student.userId, 1, 17);
    const first = await walletOf(student.token);
    const next = first.transactions.links.next!;
    expect(next).toBe(`/api/v1/wallet?page=2&after=${first.transactions.data[14]!.serial}`);
    // Three recharges land while the student reads page 1.
    await topUps(student.userId, 18, 20);
    const second = await walletOf(student.token, next);
    expect(second.transactions.data.map((t) => t.comment)).toEqual(['شحن 2', 'شحن 1']);
    expect(second.transactions.links.next).toBeNull();
    expect(second.transactions.meta.current_page).toBe(2);
    expect(second.transactions.links.prev).toBe('/api/v1/wallet?page=1');
    expect(first.transactions.links.prev).toBeNull();
    // A page number alone still pages by position (now three rows later).
    const byNumber = await walletOf(student.token, '/api/v1/wallet?page=2');
    expect(byNumber.transactions.data.map((t) => t.comment)).toEqual([
      'شحن 5',
      'شحن 4',
      'شحن 3',
      'شحن 2',
      'شحن 1',
    ]);
  });

  it('ignores an `after` the student does not own, and a deep page past the end is empty', async () => {
    const [student, other] = [await makeStudent(server.db), await makeStudent(server.db)];
    await topUps(student.userId, 1, 3);
    await topUps(other.userId, 1, 20);
    const theirs = await walletOf(other.token);
    const foreign = theirs.transactions.data[0]!.serial;
    const mine = await walletOf(student.token, `/api/v1/wallet?after=${foreign}`);
    expect(mine.transactions.data.map((t) => t.comment)).toEqual(['شحن 3', 'شحن 2', 'شحن 1']);
    const junk = await walletOf(student.token, `/api/v1/wallet?page=1&after=${'x'.repeat(500)}`);
    expect(junk.transactions.data).toHaveLength(3);
    const deep = await walletOf(student.token, '/api/v1/wallet?page=9999');
    expect(deep.transactions.data).toEqual([]);
    expect(deep.transactions.links.next).toBeNull();
  });

  it('has no next page after exactly one full page, and names no one on a row that is not a transfer', async () => {
    const [student, staff] = [await makeStudent(server.db), await makeStudent(server.db)];
    await topUps(student.userId, 1, 14);
    await server.db
      .transaction()
      .execute((trx) =>
        credit(trx, student.userId, 500, { type: 'support', counterpartUserId: staff.userId }),
      );
    const page = await walletOf(student.token);
    expect(page.transactions.data).toHaveLength(15);
    expect(page.transactions.links.next).toBeNull();
    expect(page.transactions.data[0]).toMatchObject({ type: 'support', transfer_resource: null });
  });

  it('shows the address only while transfers are on', async () => {
    const fresh = await makeStudent(server.db, { balance: 1 });
    await putSettings(server.db, { enable_wallet_transfers: false });
    expect((await walletOf(fresh.token)).wallet.address).toBeNull();
    await putSettings(server.db, { enable_wallet_transfers: true });
    const page = await walletOf(fresh.token);
    expect(page.wallet.address).toMatch(/^DW\d{10}$/);
    expect(page.transactions.data[0]!.serial).toMatch(/^TX\d{6}-\d{8}$/);
  });

  it('names the course or lecture a purchase paid for', async () => {
    const buyer = await makeStudent(server.db, { balance: 100 });
    const lecture = await makeLecture(server, { name: 'الألكانات', price: 40 });
    const bought = await server.app.inject({
      method: 'POST',
      url: `/api/v1/lectures/${lecture.id}/purchase`,
      payload: { pay_by: 'wallet' },
      headers: { ...WEB_HEADERS, authorization: `Bearer ${buyer.token}` },
    });
    expect(bought.statusCode).toBe(200);
    const { transactions } = getWalletResponseSchema.parse(
      (await get('/wallet', buyer.token)).json(),
    );
    const purchase = transactions.data.find((t) => t.type === 'lecture_purchase')!;
    expect(purchase.lecture_resource?.name).toBe('الألكانات');
    expect(purchase.value).toBe(-40);
  });

  it('is 404 when the wallet system is off, and 401 for a guest', async () => {
    expect((await get('/wallet')).statusCode).toBe(401);
    await putSettings(server.db, { enable_wallet_system: false });
    expect((await get('/wallet', student.token)).statusCode).toBe(404);
    await putSettings(server.db, { enable_wallet_system: true });
  });
});
