import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  staffListResponse,
  staffPaymentOrderSchema,
  staffPaymentRecheckResponseSchema,
} from '@dars/contract';
import type { AppContext } from '../../src/app-context';
import type { GatewayMethod, Provider } from '../../src/modules/payments/gateway';
import { gatewaysOf } from '../../src/modules/payments/gateways';
import { insertOrder, newOrderId } from '../../src/modules/payments/payment-orders';
import { recheckOrder } from '../../src/modules/payments/payment-recheck';
import { linesWith } from '../captured-log';
import { WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import {
  apiPost,
  gatewayServer,
  lastOrder,
  moneyOf,
  providerAnswer,
  providerStandIn,
  type ProviderCall,
} from '../payments/payment-client';
import { makeStaff } from './staff-factory';

/**
 * Gateway orders for admins (issue 13, ADR 030): the list, and the re-check of a stuck order
 * through the provider's status call, credited once however it races the provider's callback.
 * The providers' servers are stood in for at the fetch boundary, as in test/payments.
 */

const FAWRY = { code: 'is0N+YQzlE4=', key: 'fawry-secure-key-live' };
const PAYMOB_TOKEN = 'paymob-auth-token';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** What Fawry's status API says about each order; what Paymob's inquiry says, by its order id. */
const fawryStatus = new Map<string, { orderStatus: string; orderAmount: number }>();
const paymobInquiry = new Map<string, Record<string, unknown>>();
let providersDown = false;
/** What Paymob's authentication answers instead of a token (undefined: the token). */
let paymobAuth: Record<string, unknown> | undefined;
/** Runs while the provider is being asked, before it answers (what happens meanwhile here). */
let whileAsking: (() => Promise<void>) | undefined;

async function answers(call: ProviderCall): Promise<Response> {
  await whileAsking?.();
  if (providersDown) return providerAnswer({ detail: 'down' }, 503);
  if (call.url.pathname === '/ECommerceWeb/Fawry/payments/status/v2') {
    const q = call.url.searchParams;
    const ref = q.get('merchantRefNumber')!;
    if (q.get('signature') !== sha256(`${FAWRY.code}${ref}${FAWRY.key}`))
      return providerAnswer({ statusCode: 9946, statusDescription: 'Wrong Signature' });
    const status = fawryStatus.get(ref) ?? { orderStatus: 'UNPAID', orderAmount: 0 };
    return providerAnswer({
      statusCode: 200,
      merchantRefNumber: ref,
      fawryRefNumber: '9990076204',
      paymentAmount: status.orderAmount,
      orderAmount: status.orderAmount,
      orderStatus: status.orderStatus,
      paymentMethod: 'CARD',
    });
  }
  if (call.url.pathname === '/api/auth/tokens')
    return providerAnswer(paymobAuth ?? { token: PAYMOB_TOKEN });
  if (call.url.pathname === '/api/ecommerce/orders/transaction_inquiry') {
    // By Paymob's order id, or by ours (merchant_order_id) for an order Paymob gave no id.
    const byId = call.body?.order_id;
    const tx = paymobInquiry.get(
      byId === undefined ? `merchant:${String(call.body?.merchant_order_id)}` : String(byId),
    );
    if (call.headers.get('authorization') !== `Bearer ${PAYMOB_TOKEN}`)
      return providerAnswer({ detail: 'Authentication credentials were not provided.' }, 401);
    if (call.body?.auth_token !== PAYMOB_TOKEN || !tx)
      return providerAnswer({ detail: 'not found' }, 404);
    return providerAnswer(tx);
  }
  return providerAnswer({}, 404);
}

const providers = providerStandIn(answers);
let server: TestServer;
let admin: TestStudent;
let leader: TestStudent;
let student: TestStudent;
/** The server's log lines (JSON), as an operator reads them. */
let log: string[];
const logged = (msg: string) => linesWith(log, msg);

beforeAll(async () => {
  ({ server, log } = await gatewayServer({
    fetch: providers.fetch,
    env: {
      FAWRY_MERCHANT_CODE: FAWRY.code,
      FAWRY_SECURE_KEY: FAWRY.key,
      KASHIER_MERCHANT_ID: 'MID-1-1',
      KASHIER_API_KEY: 'kashier-key',
      PAYMOB_API_KEY: 'paymob-key',
      PAYMOB_HMAC_SECRET: 'paymob-hmac',
      PAYMOB_WALLET_INTEGRATION_ID: '4100',
    },
  }));
  admin = await makeStaff(server.db, 'admin', { name: 'مدير المدفوعات' });
  leader = await makeStaff(server.db, 'leader');
}, 120_000);
afterAll(() => server?.close());
beforeEach(async () => {
  student = await makeStudent(server.db, { name: 'سارة محمود' });
  providersDown = false;
  paymobAuth = undefined;
  whileAsking = undefined;
  log.length = 0;
});

function staff(method: 'GET' | 'POST', url: string, token = admin.token) {
  return server.app.inject({
    method,
    url: `/api/v1/staff${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(method === 'POST' ? { payload: {} } : {}),
  });
}
const recheck = (id: string, token?: string) =>
  staff('POST', `/payment-orders/${id}/recheck`, token);

async function fawryOrder(amount: number) {
  const res = await apiPost(server.app, '/wallet/fawry/order', { amount }, student.token);
  expect(res.statusCode, res.body).toBe(200);
  return lastOrder(server.db, student.userId);
}

/**
 * An order of the student's as a gateway left it, written straight to the table (no provider is
 * called), with the id the provider gave it when there is one.
 */
async function storedOrder(order: {
  method: GatewayMethod;
  provider: Provider;
  amount: number;
  providerOrderId?: string;
}): Promise<string> {
  const id = newOrderId();
  const { providerOrderId, ...rest } = order;
  await insertOrder(server.db, { id, userId: student.userId, ...rest });
  if (providerOrderId !== undefined) {
    await server.db
      .updateTable('payment_orders')
      .set({ provider_order_id: providerOrderId })
      .where('id', '=', id)
      .execute();
  }
  return id;
}

/** Fawry's server notification V2, signed as its documentation says. */
function notification(orderId: string, amount: string) {
  const n = {
    fawryRefNumber: '9990076204',
    merchantRefNumber: orderId,
    paymentAmount: Number(amount),
    orderAmount: Number(amount),
    orderStatus: 'PAID',
    paymentMethod: 'PayAtFawry',
    paymentRefrenceNumber: '',
    messageSignature: '',
  };
  n.messageSignature = sha256(
    `${n.fawryRefNumber}${n.merchantRefNumber}${amount}${amount}PAID${n.paymentMethod}${FAWRY.key}`,
  );
  return n;
}

describe('the orders list', () => {
  it('lists orders newest first with the student, provider, state and amount; filters narrow it', async () => {
    const first = await fawryOrder(50);
    const second = await fawryOrder(75.5);
    const res = await staff('GET', `/payment-orders?student_id=${student.userId}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = staffListResponse(staffPaymentOrderSchema).parse(res.json());
    expect(list.meta.total).toBe(2);
    expect(list.data.map((o) => o.id)).toEqual([second.id, first.id]);
    expect(list.data[0]).toMatchObject({
      student: { id: student.userId, name: 'سارة محمود' },
      provider: 'fawry',
      method: 'fawry',
      amount: 75.5,
      status: 'pending',
      paid_at: null,
    });
    const byId = await staff('GET', `/payment-orders?q=${first.id}`);
    expect(byId.json().data.map((o: { id: string }) => o.id)).toEqual([first.id]);
    const paid = await staff('GET', `/payment-orders?student_id=${student.userId}&status=paid`);
    expect(paid.json().meta.total).toBe(0);
    const one = await staff('GET', `/payment-orders/${first.id}`);
    expect(one.json().data).toMatchObject({ id: first.id, amount: 50 });
    expect((await staff('GET', '/payment-orders/123456789012345678')).statusCode).toBe(404);
  });

  it('is the admin’s: a leader is refused', async () => {
    const order = await fawryOrder(30);
    expect((await staff('GET', '/payment-orders', leader.token)).statusCode).toBe(403);
    expect((await recheck(order.id, leader.token)).statusCode).toBe(403);
  });
});

describe('re-checking a stuck order', () => {
  it('still unpaid: says so and changes nothing; paid: credits once, then 409', async () => {
    const order = await fawryOrder(60);
    const pending = await recheck(order.id);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(staffPaymentRecheckResponseSchema.parse(pending.json()).meta).toEqual({
      result: 'pending',
      message: 'لم يؤكد مزود الدفع الدفع بعد',
    });
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    // Nothing changed, so no audit row: the log is where an operator finds this re-check.
    expect(logged('payment re-check')).toEqual([
      expect.objectContaining({
        level: 30,
        provider: 'fawry',
        order: order.id,
        settlement: 'pending',
        via: 'staff re-check',
      }),
    ]);

    fawryStatus.set(order.id, { orderStatus: 'PAID', orderAmount: 60 });
    const paid = staffPaymentRecheckResponseSchema.parse((await recheck(order.id)).json());
    expect(paid.meta.result).toBe('credited');
    expect(paid.data).toMatchObject({ status: 'paid', transaction_id: '9990076204' });
    const money = await moneyOf(server.db, student.userId);
    expect(money.balance).toBe(6_000);
    expect(money.recharges).toHaveLength(1);
    const again = await recheck(order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('هذا الطلب مدفوع وأُضيف مبلغه إلى المحفظة من قبل');
    const audit = await server.db
      .selectFrom('staff_audit_log')
      .selectAll()
      .where('resource', '=', 'payment-orders')
      .where('resource_id', '=', order.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'recheck', user_id: admin.userId });
  });

  it('a re-check racing the provider’s callback (and another re-check) credits once', async () => {
    for (let round = 0; round < 3; round++) {
      const order = await fawryOrder(45);
      fawryStatus.set(order.id, { orderStatus: 'PAID', orderAmount: 45 });
      const replies = await Promise.all([
        recheck(order.id),
        server.app.inject({
          method: 'POST',
          url: '/payments/fawry/callback',
          payload: notification(order.id, '45.00'),
        }),
        recheck(order.id),
      ]);
      const [a, callback, b] = replies;
      expect(callback!.statusCode).toBe(200);
      for (const r of [a!, b!]) {
        expect([200, 409], r.body).toContain(r.statusCode);
        if (r.statusCode === 200)
          expect(['credited', 'already-paid']).toContain(r.json().meta.result);
      }
      const credits = [a!, b!].filter(
        (r) => r.statusCode === 200 && r.json().meta.result === 'credited',
      ).length;
      expect(credits).toBeLessThanOrEqual(1);
      const money = await moneyOf(server.db, student.userId);
      expect(money.recharges, `round ${round}`).toHaveLength(round + 1);
      expect(money.balance).toBe(4_500 * (round + 1));
    }
  });

  it('a provider that cannot be reached: 500 in Arabic, nothing changes', async () => {
    const order = await fawryOrder(25);
    fawryStatus.set(order.id, { orderStatus: 'PAID', orderAmount: 25 });
    providersDown = true;
    const res = await recheck(order.id);
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('تعذر الاستعلام من مزود الدفع الآن، حاول مرة أخرى بعد قليل');
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    // The operator reads which provider failed, for which order, and what it answered.
    const failures = logged('payment re-check: the provider could not be asked');
    expect(failures).toEqual([
      expect.objectContaining({ level: 50, provider: 'fawry', order: order.id }),
    ]);
    expect((failures[0]!.err as { message: string }).message).toBe(
      'fawry: /ECommerceWeb/Fawry/payments/status/v2 answered 503: {"detail":"down"}',
    );
    expect(logged('payment re-check')).toEqual([]);
  });

  it('Paymob cannot be asked: 500 in Arabic, nothing changes, the operator reads which call failed and why', async () => {
    const id = await storedOrder({
      method: 'paymob_card',
      provider: 'paymob',
      amount: 4_000,
      providerOrderId: '777500',
    });
    const whyNot = async () => {
      log.length = 0;
      const res = await recheck(id);
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('تعذر الاستعلام من مزود الدفع الآن، حاول مرة أخرى بعد قليل');
      const failures = logged('payment re-check: the provider could not be asked');
      expect(failures).toEqual([
        expect.objectContaining({ level: 50, provider: 'paymob', order: id }),
      ]);
      return (failures[0]!.err as { message: string }).message;
    };
    providersDown = true;
    expect(await whyNot()).toBe('paymob: /api/auth/tokens answered 503: {"detail":"down"}');
    providersDown = false;
    paymobAuth = { token: '' };
    expect(await whyNot()).toBe('paymob: authentication answered without token');
    paymobAuth = undefined;
    // Paymob knows no transaction of this order.
    expect(await whyNot()).toBe(
      'paymob: /api/ecommerce/orders/transaction_inquiry answered 404: {"detail":"not found"}',
    );
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('a fault of our own in a gateway is not blamed on the provider: thrown as it is, not logged as the provider failing', async () => {
    const order = await fawryOrder(20);
    // The server's own gateways, built as the app builds them, with one fault put in.
    const ctx = {
      db: server.db,
      config: server.config,
      fetch: providers.fetch,
      secret: Buffer.alloc(32),
    } as unknown as AppContext;
    const fawry = (await gatewaysOf(ctx)).byProvider.get('fawry')!;
    const fault = new TypeError("Cannot read properties of undefined (reading 'orderStatus')");
    fawry.status = () => Promise.reject(fault);
    await expect(recheckOrder(ctx, order.id, server.app.log)).rejects.toBe(fault);
    expect(logged('payment re-check: the provider could not be asked')).toEqual([]);
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
  });

  it('another amount at the provider never credits (409)', async () => {
    const order = await fawryOrder(80);
    fawryStatus.set(order.id, { orderStatus: 'PAID', orderAmount: 8 });
    const res = await recheck(order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'المبلغ لدى مزود الدفع يختلف عن مبلغ الطلب، ولم يُضف شيء؛ راجعه من لوحة المزود',
    });
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    // Both figures in piasters, for the operator to settle it with the provider by hand.
    expect(logged('payment re-check with another amount than the order: not credited')).toEqual([
      expect.objectContaining({
        level: 50,
        provider: 'fawry',
        order: order.id,
        paid: 800,
        expected: 8_000,
        via: 'staff re-check',
      }),
    ]);
  });

  it('Paymob: its transaction inquiry by Paymob’s order id decides', async () => {
    const id = await storedOrder({
      method: 'paymob_wallet',
      provider: 'paymob',
      amount: 3_000,
      providerOrderId: '777001',
    });
    const tx = (success: boolean, pending: boolean) => ({
      id: 91_001,
      pending,
      amount_cents: 3_000,
      success,
      is_voided: false,
      is_refunded: false,
      error_occured: false,
      currency: 'EGP',
      order: { id: 777_001, merchant_order_id: id },
    });
    // An answer about another Paymob order is not used: 500, and the operator is told why.
    paymobInquiry.set('777001', {
      ...tx(true, false),
      order: { id: 777_002, merchant_order_id: id },
    });
    const other = await recheck(id);
    expect(other.statusCode).toBe(500);
    expect(other.json().message).toBe('تعذر الاستعلام من مزود الدفع الآن، حاول مرة أخرى بعد قليل');
    expect(logged('payment re-check: answer not usable')).toEqual([
      expect.objectContaining({
        level: 40,
        provider: 'paymob',
        order: id,
        verdict: { kind: 'refused', reason: 'inquiry answered another order' },
      }),
    ]);
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);

    paymobInquiry.set('777001', tx(false, true));
    expect((await recheck(id)).json().meta.result).toBe('pending');
    // Successful but still pending (a kiosk bill not paid at the outlet yet): it waits too.
    paymobInquiry.set('777001', tx(true, true));
    expect((await recheck(id)).json().meta.result).toBe('pending');
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    paymobInquiry.set('777001', tx(true, false));
    const paid = await recheck(id);
    expect(paid.json().meta.result).toBe('credited');
    expect(paid.json().data).toMatchObject({ status: 'paid', transaction_id: '91001' });
    expect((await moneyOf(server.db, student.userId)).balance).toBe(3_000);
    // The inquiry was authorised with the account's token.
    const inquiry = providers.calls.findLast((c) => c.url.pathname.endsWith('transaction_inquiry'));
    expect(inquiry?.body).toMatchObject({ order_id: '777001' });
  });

  it('Paymob: an order Paymob gave no id of its own is asked about by ours', async () => {
    const id = await storedOrder({ method: 'paymob_card', provider: 'paymob', amount: 2_500 });
    const tx = (merchantOrderId: string) => ({
      id: 91_002,
      pending: false,
      amount_cents: 2_500,
      success: true,
      is_voided: false,
      is_refunded: false,
      error_occured: false,
      currency: 'EGP',
      order: { id: 777_100, merchant_order_id: merchantOrderId },
    });
    // Paymob's latest transaction of another merchant order is not this order's, nor one
    // whose order is missing or only Paymob's id: nothing says it is ours.
    const others = [
      tx('123456789012345678'),
      { ...tx(id), order: null },
      { ...tx(id), order: 777_100 },
    ];
    for (const other of others) {
      log.length = 0;
      paymobInquiry.set(`merchant:${id}`, other);
      expect((await recheck(id)).statusCode).toBe(500);
      expect(logged('payment re-check: answer not usable')).toEqual([
        expect.objectContaining({
          provider: 'paymob',
          order: id,
          verdict: { kind: 'refused', reason: 'inquiry answered another order' },
        }),
      ]);
    }
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    paymobInquiry.set(`merchant:${id}`, tx(id));
    const paid = await recheck(id);
    expect(paid.json().meta.result).toBe('credited');
    expect(paid.json().data).toMatchObject({ status: 'paid', transaction_id: '91002' });
    expect((await moneyOf(server.db, student.userId)).balance).toBe(2_500);
  });

  it('a provider without a status call (Kashier) is 409 with the reason; an unknown order 404', async () => {
    const res = await apiPost(server.app, '/wallet/kashier/order', { amount: 40 }, student.token);
    expect(res.statusCode, res.body).toBe(200);
    const order = await lastOrder(server.db, student.userId);
    const refused = await recheck(order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'لا يتيح مزود الدفع هذا الاستعلام عن حالة الطلب؛ راجعه من لوحة المزود',
    );
    for (const unknown of ['123456789012345678', 'abc'])
      expect((await recheck(unknown)).json()).toEqual({
        code: 'NOT_FOUND',
        message: 'طلب الدفع غير موجود',
      });
  });

  it('an order of a provider this server no longer runs (the sandbox, now off) is 409 with the reason', async () => {
    const id = await storedOrder({ method: 'paymob_card', provider: 'sandbox', amount: 5_000 });
    providers.calls.length = 0;
    const res = await recheck(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'لا يتيح مزود الدفع هذا الاستعلام عن حالة الطلب؛ راجعه من لوحة المزود',
    );
    expect(providers.calls).toEqual([]);
  });

  it('an order deleted with its student while the provider is asked: 404, nothing credited', async () => {
    const order = await fawryOrder(35);
    fawryStatus.set(order.id, { orderStatus: 'PAID', orderAmount: 35 });
    whileAsking = async () => {
      await server.db.deleteFrom('users').where('id', '=', student.userId).execute();
    };
    const res = await recheck(order.id);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('طلب الدفع غير موجود');
    const rows = await server.db
      .selectFrom('wallet_transactions')
      .select('id')
      .where('user_id', '=', student.userId)
      .execute();
    expect(rows).toEqual([]);
    expect(logged('payment re-check')).toEqual([]);
  });

  it("a Fawry staging order is re-checked with staging's own host and key, and credited once", async () => {
    // A server with Fawry's staging account only, whose status API says PAID for 20 pounds.
    const STAGING = { code: 'staging-code', key: 'fawry-secure-key-staging' };
    const staging = providerStandIn((call) =>
      providerAnswer({
        statusCode: 200,
        merchantRefNumber: call.url.searchParams.get('merchantRefNumber'),
        paymentAmount: 20,
        orderAmount: 20,
        orderStatus: 'PAID',
        fawryRefNumber: '9990099999',
      }),
    );
    const { server: other } = await gatewayServer({
      fetch: staging.fetch,
      env: { FAWRY_STAGING_MERCHANT_CODE: STAGING.code, FAWRY_STAGING_SECURE_KEY: STAGING.key },
    });
    try {
      const otherAdmin = await makeStaff(other.db, 'admin');
      const payer = await makeStudent(other.db);
      const opened = await apiPost(
        other.app,
        '/wallet/fawry/order/staging',
        { amount: 20 },
        payer.token,
      );
      expect(opened.statusCode, opened.body).toBe(200);
      const order = await lastOrder(other.db, payer.userId);
      const res = await other.app.inject({
        method: 'POST',
        url: `/api/v1/staff/payment-orders/${order.id}/recheck`,
        headers: { ...WEB_HEADERS, authorization: `Bearer ${otherAdmin.token}` },
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().meta.result).toBe('credited');
      // The one call: staging's status API, signed merchantCode + order + staging's key.
      expect(staging.calls.map((c) => c.url.origin)).toEqual(['https://atfawry.fawrystaging.com']);
      expect(staging.calls[0]!.url.searchParams.get('signature')).toBe(
        sha256(`${STAGING.code}${order.id}${STAGING.key}`),
      );
      expect(await moneyOf(other.db, payer.userId)).toMatchObject({ balance: 2000 });
    } finally {
      await other.close();
    }
  });
});
