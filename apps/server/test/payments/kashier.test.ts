import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKashierOrderResponseSchema } from '@dars/contract';
import type { GatewayMethod } from '../../src/modules/payments/gateway';
import { kashierGateway, kashierOrderHash } from '../../src/modules/payments/kashier';
import { insertOrder, newOrderId } from '../../src/modules/payments/payment-orders';
import { linesWith } from '../captured-log';
import type { TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { apiPost, gatewayServer, lastOrder, moneyOf } from './payment-client';

// Kashier, per its public documentation (docs/decisions/019-payment-gateways.md).
const MID = 'MID-46-111';
const API_KEY = 'kashier-api-key-test';
const hmac256 = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

let server: TestServer;
let student: TestStudent;
let log: string[];
/** The server's log lines with this message, as an operator reads them. */
const logged = (msg: string) => linesWith(log, msg);

beforeAll(async () => {
  ({ server, log } = await gatewayServer({
    env: {
      KASHIER_MERCHANT_ID: MID,
      KASHIER_API_KEY: API_KEY,
      KASHIER_MODE: 'test',
    },
  }));
});
afterAll(() => server.close());
beforeEach(async () => {
  student = await makeStudent(server.db);
});

async function kashierOrder(amount: number) {
  const res = await apiPost(server.app, '/wallet/kashier/order', { amount }, student.token);
  expect(res.statusCode).toBe(200);
  const { url } = createKashierOrderResponseSchema.parse(res.json());
  return { url: new URL(url), order: await lastOrder(server.db, student.userId) };
}

/**
 * Kashier's redirect, signed as its documentation defines it: HMAC-SHA256 under the API key of
 * the query's `key=value` pairs in their order, joined by '&', without signature and mode.
 */
function redirect(fields: [string, string][], key = API_KEY) {
  const signed = fields.map(([k, v]) => `${k}=${v}`).join('&');
  const query = new URLSearchParams([
    ...fields,
    ['signature', hmac256(key, signed)],
    ['mode', 'test'],
  ]);
  return server.app.inject({ method: 'GET', url: `/payments/kashier/return?${query}` });
}

function paid(orderId: string, amount: string, status = 'SUCCESS'): [string, string][] {
  return [
    ['paymentStatus', status],
    ['cardDataToken', ''],
    ['maskedCard', '512345******0008'],
    ['merchantOrderId', orderId],
    ['orderId', 'a1b2c3d4-kashier-order'],
    ['cardBrand', 'Mastercard'],
    ['orderReference', 'TEST-ORD-193404918'],
    ['transactionId', 'TX-28577431145'],
    ['amount', amount],
    ['currency', 'EGP'],
  ];
}

describe('the hosted page', () => {
  it("hashes the order as the documentation's own example says", () => {
    // Kashier's integration guide: /?payment=mid-0-1.99.20.EGP with secret 11111.
    expect(kashierOrderHash('mid-0-1', '99', '20', 'EGP', '11111')).toBe(
      '606a8a1307d64caf4e2e9bb724738f115a8972c27eccb2a8acd9194c357e4bec',
    );
  });

  it('opens the hosted page with the order, its hash and our return', async () => {
    const { url, order } = await kashierOrder(250);
    expect(url.origin + url.pathname).toBe('https://checkout.kashier.io/');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toEqual({
      merchantId: MID,
      orderId: order.id,
      amount: '250.00',
      currency: 'EGP',
      hash: q.hash,
      mode: 'test',
      merchantRedirect: 'http://localhost:80/payments/kashier/return',
      // A failed payment comes back too (the wallet says so), by GET: our return takes no POST.
      failureRedirect: 'true',
      redirectMethod: 'get',
      display: 'ar',
    });
    expect(q.hash).toBe(hmac256(API_KEY, `/?payment=${MID}.${order.id}.250.00.EGP`));
    expect(order).toMatchObject({ provider: 'kashier', method: 'kashier', amount: 25000 });
  });
});

describe('the signed redirect', () => {
  it('credits a successful payment once and sends the student to the wallet', async () => {
    const { order } = await kashierOrder(250);
    const res = await redirect(paid(order.id, '250.00'));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/wallet');
    await redirect(paid(order.id, '250.00'));
    await Promise.all(Array.from({ length: 10 }, () => redirect(paid(order.id, '250'))));
    const money = await moneyOf(server.db, student.userId);
    expect(money.balance).toBe(25000);
    expect(money.recharges).toEqual([
      { value: 25000, balance_after: 25000, comment: 'شحن عبر كاشير' },
    ]);
    expect(money.notices).toBe(1);
    // Kashier's transaction, for staff to find the payment in Kashier's dashboard.
    expect(await lastOrder(server.db, student.userId)).toMatchObject({
      status: 'paid',
      transaction_id: 'TX-28577431145',
    });
  });

  it('credits an order of a method this server no longer names (an older one opened it) under the general comment', async () => {
    const id = newOrderId();
    const method = 'kashier_wallet' as GatewayMethod;
    await insertOrder(server.db, {
      id,
      userId: student.userId,
      method,
      provider: 'kashier',
      amount: 7_500,
    });
    expect((await redirect(paid(id, '75.00'))).headers.location).toBe('/wallet');
    expect((await moneyOf(server.db, student.userId)).recharges).toEqual([
      { value: 7_500, balance_after: 7_500, comment: 'شحن إلكتروني' },
    ]);
  });

  it('reads the status in any case', async () => {
    const { order } = await kashierOrder(120);
    const res = await redirect(paid(order.id, '120.00', 'success'));
    expect(res.headers.location).toBe('/wallet');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(12000);
  });

  it('a signed redirect that names no currency credits nothing: it was taken as pounds (issue 23)', async () => {
    const { order } = await kashierOrder(120);
    const fields = paid(order.id, '120.00').filter(([k]) => k !== 'currency');
    log.length = 0;
    const res = await redirect(fields);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/wallet\?error=/);
    // As for another currency or amount: no credit, the order still pending, the operator told.
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    expect(logged('payment callback with another amount than the order: not credited')).toEqual([
      expect.objectContaining({ provider: 'kashier', paid: null, expected: 12000 }),
    ]);
    // An empty currency is none either; the same payment naming EGP is credited once.
    const empty = fields.concat([['currency', '']]);
    expect((await redirect(empty)).headers.location).toMatch(/^\/wallet\?error=/);
    expect((await redirect(paid(order.id, '120.00'))).headers.location).toBe('/wallet');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(12000);
  });

  it('a signed redirect that names no order of ours is refused, not a server error', async () => {
    const fields = paid('', '100.00').filter(([k]) => k !== 'merchantOrderId' && k !== 'orderId');
    log.length = 0;
    const res = await redirect(fields);
    expect(res.statusCode).toBe(303);
    expect(decodeURIComponent(res.headers.location as string)).toBe(
      '/wallet?error=تعذر التحقق من عملية الدفع، إن خُصم المبلغ فتواصل مع الدعم',
    );
    // The same fields under another key: refused for the signature, and no order is made up
    // for the operator where the redirect named none.
    await redirect(fields, 'not-the-key');
    const refused = logged('payment callback refused');
    expect(refused).toEqual([
      expect.objectContaining({ provider: 'kashier', reason: 'no order reference' }),
      expect.objectContaining({ provider: 'kashier', reason: 'bad signature' }),
    ]);
    expect(refused.map((line) => 'order' in line)).toEqual([false, false]);
  });

  it('refuses a bad signature, a changed field, and a signature over another order', async () => {
    const { order } = await kashierOrder(100);
    const fields = paid(order.id, '100.00');
    log.length = 0;
    const bad = await redirect(fields, 'not-the-key');
    expect(decodeURIComponent(bad.headers.location as string)).toBe(
      '/wallet?error=تعذر التحقق من عملية الدفع، إن خُصم المبلغ فتواصل مع الدعم',
    );
    // The operator reads which order came back with a bad signature (a wrong API key
    // configured shows as every return refused so).
    expect(logged('payment callback refused')).toEqual([
      expect.objectContaining({
        level: 40,
        provider: 'kashier',
        via: 'return',
        reason: 'bad signature',
        order: { id: order.id },
      }),
    ]);
    // The signature of the real query, sent with a raised amount.
    const signed = fields.map(([k, v]) => `${k}=${v}`).join('&');
    const tampered = new URLSearchParams([
      ...paid(order.id, '1000.00'),
      ['signature', hmac256(API_KEY, signed)],
    ]);
    await server.app.inject({ method: 'GET', url: `/payments/kashier/return?${tampered}` });
    // The same fields in another order, with the signature of the order they were signed in.
    const reordered = new URLSearchParams([
      ...[...fields].reverse(),
      ['signature', hmac256(API_KEY, signed)],
    ]);
    await server.app.inject({ method: 'GET', url: `/payments/kashier/return?${reordered}` });
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
  });

  it('a validly signed payment of another amount is not credited', async () => {
    const { order } = await kashierOrder(100);
    await redirect(paid(order.id, '10.00'));
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('a failed payment fails the order and says so on the wallet', async () => {
    const { order } = await kashierOrder(100);
    const res = await redirect(paid(order.id, '100.00', 'FAILURE'));
    expect(decodeURIComponent(res.headers.location as string)).toBe(
      '/wallet?error=لم تكتمل عملية الدفع ولم يُضف أي رصيد',
    );
    expect((await lastOrder(server.db, student.userId)).status).toBe('failed');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('takes no server call, even one signed like a redirect: none is registered with Kashier', async () => {
    const gateway = kashierGateway({ merchantId: MID, apiKey: API_KEY, mode: 'test' });
    const fields = paid('123456789012345678', '100.00');
    const signature = hmac256(API_KEY, fields.map(([k, v]) => `${k}=${v}`).join('&'));
    const query = Object.fromEntries([...fields, ['signature', signature]]);
    expect(await gateway.verify({ via: 'notification', query, body: query, headers: {} })).toEqual({
      kind: 'refused',
      reason: 'no webhook expected',
    });
    // The same query brought back by the browser is a payment of 100 pounds.
    expect(
      await gateway.verify({ via: 'return', query, body: undefined, headers: {} }),
    ).toMatchObject({ kind: 'outcome', status: 'paid', amount: 10_000 });
  });

  it('an unknown order credits nothing', async () => {
    await redirect(paid('123456789012345678', '100.00'));
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });
});
