import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getWalletResponseSchema } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { credit } from '../../src/modules/wallet/ledger';
import { apiGet, startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent, type TestStudent } from '../factories/students';

let server: TestServer;
let student: TestStudent;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  student = await makeStudent(server.db);
});
afterAll(() => server.close());

const get = (url: string, token?: string) => apiGet(server.app, url, token);

describe('GET /wallet', () => {
  it('shows the balance, the address and the transactions newest first, paged by links.next', async () => {
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
