import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFawryOrderResponseSchema } from '@dars/contract';
import { linesWith } from '../captured-log';
import type { TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import {
  apiPost,
  gatewayServer,
  lastOrder,
  moneyOf,
  providerAnswer,
  providerStandIn,
  type ProviderCall,
} from './payment-client';

// FawryPay, per its public documentation (docs/decisions/019-payment-gateways.md).
const LIVE = { code: 'is0N+YQzlE4=', key: 'fawry-secure-key-live' };
const STAGING = { code: '1tSa6uxz2nRbgY+b+cZGyA==', key: 'fawry-secure-key-staging' };
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** What Fawry's status API says about each of our orders (by merchantRefNumber). */
const statuses = new Map<
  string,
  {
    orderStatus: string;
    orderAmount: number;
    /** Fawry's fees (0 unless given; null and a text are sent as they are). */
    fawryFees?: number | string | null;
    /** The answer has no fee field at all. */
    feesLeftOut?: boolean;
    /** What the customer paid, when not the order and the fees (null: left out). */
    paymentAmount?: number | null;
    /** Fawry's reference of the payment; '9990076204' unless given (undefined: left out). */
    fawryRefNumber?: string | null;
    /** The same reference under the name some answers give it. */
    referenceNumber?: string | null;
    /** The answer's statusCode (200 unless given). */
    statusCode?: number;
    /** The order the answer says it is about (the one asked about unless given). */
    answeredRef?: string;
  }
>();
/** Orders whose status answer breaks off after its headers (a dropped connection, a stall). */
const brokenOff = new Set<string>();

/** A 200 whose body stops half-way with the connection's error. */
function answerBrokenOff(): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"type":"PaymentStatusResponse","statusCo'));
      controller.error(new Error('other side closed'));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

/** Fawry's status API, checking the request's signature as its documentation defines it. */
function fawryAnswers(call: ProviderCall): Response {
  if (call.url.pathname !== '/ECommerceWeb/Fawry/payments/status/v2')
    return providerAnswer({}, 404);
  const q = call.url.searchParams;
  const account = q.get('merchantCode') === LIVE.code ? LIVE : STAGING;
  const ref = q.get('merchantRefNumber')!;
  if (brokenOff.has(ref)) return answerBrokenOff();
  if (q.get('signature') !== sha256(`${account.code}${ref}${account.key}`))
    return providerAnswer({
      type: 'PaymentStatusResponse',
      statusCode: 9946,
      statusDescription: 'Wrong Signature',
    });
  const status = statuses.get(ref);
  if (!status)
    return providerAnswer({
      type: 'PaymentStatusResponse',
      statusCode: 9938,
      statusDescription: 'payment not found',
    });
  return providerAnswer({
    type: 'PaymentStatusResponse',
    statusCode: status.statusCode ?? 200,
    statusDescription: 'Operation done successfully',
    merchantRefNumber: status.answeredRef ?? ref,
    fawryRefNumber: 'fawryRefNumber' in status ? status.fawryRefNumber : '9990076204',
    ...('referenceNumber' in status ? { referenceNumber: status.referenceNumber } : {}),
    // What the customer paid: the order and Fawry's fees when the customer bears them.
    ...(status.paymentAmount === null
      ? {}
      : {
          paymentAmount: status.paymentAmount ?? status.orderAmount + Number(status.fawryFees ?? 0),
        }),
    orderAmount: status.orderAmount,
    ...(status.feesLeftOut
      ? {}
      : { fawryFees: status.fawryFees === undefined ? 0 : status.fawryFees }),
    orderStatus: status.orderStatus,
    paymentMethod: 'CARD',
  });
}

const fawry = providerStandIn(fawryAnswers);
let server: TestServer;
let student: TestStudent;
let log: string[];
/** The server's log lines with this message, as an operator reads them. */
const logged = (msg: string) => linesWith(log, msg);

beforeAll(async () => {
  ({ server, log } = await gatewayServer({
    fetch: fawry.fetch,
    env: {
      FAWRY_MERCHANT_CODE: LIVE.code,
      FAWRY_SECURE_KEY: LIVE.key,
      FAWRY_STAGING_MERCHANT_CODE: STAGING.code,
      FAWRY_STAGING_SECURE_KEY: STAGING.key,
    },
  }));
});
afterAll(() => server.close());
beforeEach(async () => {
  student = await makeStudent(server.db, { name: 'مريم علي' });
  fawry.calls.length = 0;
});

async function fawryOrder(amount: number, path = '/wallet/fawry/order') {
  const res = await apiPost(server.app, path, { amount }, student.token);
  expect(res.statusCode).toBe(200);
  const { charge_request } = createFawryOrderResponseSchema.parse(res.json());
  // The order this call opened, by the reference its charge request carries: two orders opened
  // in the same millisecond are told apart only by their random ids, so «the newest» may be
  // the other one (seen under Stryker's instrumentation).
  const order = await server.db
    .selectFrom('payment_orders')
    .selectAll()
    .where('id', '=', String(charge_request.merchantRefNum))
    .where('user_id', '=', student.userId)
    .executeTakeFirstOrThrow();
  return { request: charge_request, order };
}

const browserReturn = (query: Record<string, string>, provider = 'fawry') =>
  server.app.inject({
    method: 'GET',
    url: `/payments/${provider}/return?${new URLSearchParams(query)}`,
  });

/** Fawry's server notification V2 with its documented messageSignature, written out here. */
function notification(orderId: string, amount: string, status = 'PAID', key = LIVE.key) {
  const n = {
    requestId: 'c72827d084ea4b88949d91dd2db4996e',
    fawryRefNumber: '9990076204',
    merchantRefNumber: orderId,
    customerMobile: '01012345678',
    customerMail: 'mariam@dars.test',
    paymentAmount: Number(amount),
    orderAmount: Number(amount),
    fawryFees: 0,
    orderStatus: status,
    paymentMethod: 'PayAtFawry',
    paymentRefrenceNumber: '',
    messageSignature: '',
  };
  n.messageSignature = sha256(
    `${n.fawryRefNumber}${n.merchantRefNumber}${amount}${amount}${n.orderStatus}${n.paymentMethod}${n.paymentRefrenceNumber}${key}`,
  );
  return n;
}
const notify = (payload: object, provider = 'fawry') =>
  server.app.inject({ method: 'POST', url: `/payments/${provider}/callback`, payload });

describe('the charge request for the pop-up', () => {
  it('carries the order, the student, one item and the documented signature', async () => {
    const { request, order } = await fawryOrder(150.5);
    const returnUrl = 'http://localhost:80/payments/fawry/return';
    expect(request).toEqual({
      merchantCode: LIVE.code,
      merchantRefNum: order.id,
      customerMobile: student.phone,
      customerEmail: student.email,
      customerName: 'مريم علي',
      customerProfileId: String(student.userId),
      language: 'ar-eg',
      // What the student reads on Fawry's page.
      chargeItems: [
        { itemId: 'wallet-recharge', description: 'شحن رصيد المحفظة', price: 150.5, quantity: 1 },
      ],
      returnUrl,
      // Paid at once, not only authorised: an authorisation would never reach us as PAID.
      authCaptureModePayment: false,
      signature: request.signature,
    });
    // merchantCode + merchantRefNum + customerProfileId + returnUrl + itemId + quantity + price + key
    expect(request.signature).toBe(
      sha256(
        `${LIVE.code}${order.id}${student.userId}${returnUrl}wallet-recharge1150.50${LIVE.key}`,
      ),
    );
    expect(order).toMatchObject({ provider: 'fawry', method: 'fawry', amount: 15050 });
    expect(fawry.calls).toHaveLength(0);
  });

  it('staging signs with its own account and returns to its own route', async () => {
    const { request, order } = await fawryOrder(20, '/wallet/fawry/order/staging');
    const returnUrl = 'http://localhost:80/payments/fawry-staging/return';
    expect(request.merchantCode).toBe(STAGING.code);
    expect(request.signature).toBe(
      sha256(
        `${STAGING.code}${order.id}${student.userId}${returnUrl}wallet-recharge120.00${STAGING.key}`,
      ),
    );
    expect(order.provider).toBe('fawry-staging');
  });
});

describe('crediting only after the signed status check', () => {
  it('a return is checked with Fawry (signed), and credited once when PAID with the amount', async () => {
    const { order } = await fawryOrder(150.5);
    statuses.set(order.id, { orderStatus: 'PAID', orderAmount: 150.5 });
    // The return's own fields are not trusted: only the status check's answer counts.
    const res = await browserReturn({ merchantRefNumber: order.id, orderStatus: 'PAID' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/wallet');
    expect(fawry.calls).toHaveLength(1);
    expect(fawry.calls[0]!.url.origin).toBe('https://www.atfawry.com');
    expect(fawry.calls[0]!.url.searchParams.get('signature')).toBe(
      sha256(`${LIVE.code}${order.id}${LIVE.key}`),
    );
    await browserReturn({ merchantRefNumber: order.id });
    const money = await moneyOf(server.db, student.userId);
    // Fawry's reference of the payment, for staff to find it at Fawry.
    expect(await lastOrder(server.db, student.userId)).toMatchObject({
      status: 'paid',
      transaction_id: '9990076204',
    });
    expect(money.balance).toBe(15050);
    expect(money.recharges).toEqual([
      { value: 15050, balance_after: 15050, comment: 'شحن عبر فوري' },
    ]);
    expect(money.notices).toBe(1);
  });

  it("credits the order's amount, not what the student paid with Fawry's fees", async () => {
    const { order } = await fawryOrder(50);
    statuses.set(order.id, { orderStatus: 'PAID', orderAmount: 50, fawryFees: 2.5 });
    expect((await browserReturn({ merchantRefNumber: order.id })).headers.location).toBe('/wallet');
    const money = await moneyOf(server.db, student.userId);
    expect(money.recharges).toEqual([
      { value: 5000, balance_after: 5000, comment: 'شحن عبر فوري' },
    ]);
  });

  it('credits the order when the merchant bore the fees (paid the order only)', async () => {
    const { order } = await fawryOrder(30);
    statuses.set(order.id, {
      orderStatus: 'PAID',
      orderAmount: 30,
      fawryFees: 1,
      paymentAmount: 30,
    });
    expect((await browserReturn({ merchantRefNumber: order.id })).headers.location).toBe('/wallet');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(3000);
  });

  it('credits a payment of the order without a fee field, and nothing when the fee field cannot be read', async () => {
    // No fee field, or an empty one: the student paid the order, and the order is credited.
    for (const fees of [{ feesLeftOut: true }, { fawryFees: null }]) {
      const plain = await fawryOrder(20);
      statuses.set(plain.order.id, { orderStatus: 'PAID', orderAmount: 20, ...fees });
      const res = await browserReturn({ merchantRefNumber: plain.order.id });
      expect(res.headers.location, JSON.stringify(fees)).toBe('/wallet');
    }
    expect((await moneyOf(server.db, student.userId)).balance).toBe(4000);
    // A fee field that is no amount: the answer is not trusted, even where payment = order.
    const odd = await fawryOrder(40);
    statuses.set(odd.order.id, {
      orderStatus: 'PAID',
      orderAmount: 40,
      paymentAmount: 40,
      fawryFees: 'غير معروف',
    });
    const res = await browserReturn({ merchantRefNumber: odd.order.id });
    expect(res.headers.location).toMatch(/^\/wallet\?error=/);
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(4000);
  });

  it('compares each amount field of the status answer: a mismatch in either credits nothing (issue 23)', async () => {
    const { order } = await fawryOrder(50);
    const wrong: { orderAmount: number; paymentAmount: number | null; fawryFees?: number }[] = [
      // The order's amount intact, the payment short: it was credited in full before.
      { orderAmount: 50, paymentAmount: 0.01 },
      { orderAmount: 50, paymentAmount: 49.99 },
      // More than the order, but not the order and its fees.
      { orderAmount: 50, paymentAmount: 52.5, fawryFees: 2 },
      { orderAmount: 50, paymentAmount: 50.01 },
      // The payment right, the order's amount not.
      { orderAmount: 49.99, paymentAmount: 50 },
      { orderAmount: 0.5, paymentAmount: 50 },
      // A field missing.
      { orderAmount: 50, paymentAmount: null },
    ];
    log.length = 0;
    for (const answer of wrong) {
      statuses.set(order.id, { orderStatus: 'PAID', ...answer });
      const res = await browserReturn({ merchantRefNumber: order.id });
      expect(res.headers.location, JSON.stringify(answer)).toMatch(/^\/wallet\?error=/);
      // Fawry's notification about it is answered 422, as for any other amount.
      expect((await notify(notification(order.id, '50.00'))).statusCode).toBe(422);
    }
    expect(
      logged('payment callback with another amount than the order: not credited'),
    ).toHaveLength(2 * wrong.length);
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect(await moneyOf(server.db, student.userId)).toMatchObject({ balance: 0, recharges: [] });
    // The same order, once both fields agree with it, is credited once.
    statuses.set(order.id, { orderStatus: 'PAID', orderAmount: 50 });
    expect((await browserReturn({ merchantRefNumber: order.id })).headers.location).toBe('/wallet');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(5000);
  });

  it('a return that says PAID while Fawry says UNPAID credits nothing and tells the student it waits', async () => {
    const { order } = await fawryOrder(50);
    statuses.set(order.id, { orderStatus: 'UNPAID', orderAmount: 50 });
    const res = await browserReturn({
      merchantRefNumber: order.id,
      orderStatus: 'PAID',
      statusCode: '200',
    });
    expect(decodeURIComponent(res.headers.location as string)).toBe(
      '/wallet?error=لم يُؤكَّد الدفع بعد، وسيُضاف المبلغ إلى محفظتك فور تأكيده',
    );
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('a PAID status for another amount, an expired order, or no answer credit nothing', async () => {
    const { order } = await fawryOrder(50);
    statuses.set(order.id, { orderStatus: 'PAID', orderAmount: 5 });
    await browserReturn({ merchantRefNumber: order.id });
    statuses.set(order.id, { orderStatus: 'EXPIRED', orderAmount: 50 });
    await browserReturn({ merchantRefNumber: order.id });
    expect((await lastOrder(server.db, student.userId)).status).toBe('failed');
    statuses.delete(order.id);
    const res = await browserReturn({ merchantRefNumber: order.id });
    expect(decodeURIComponent(res.headers.location as string)).toContain(
      'تعذر التحقق من عملية الدفع الآن',
    );
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('an answer that breaks off half-way is Fawry being unavailable: the student is told it will be added once confirmed', async () => {
    const { order } = await fawryOrder(50);
    brokenOff.add(order.id);
    try {
      const res = await browserReturn({ merchantRefNumber: order.id });
      expect(res.statusCode, res.body).toBe(303);
      expect(decodeURIComponent(res.headers.location as string)).toBe(
        '/wallet?error=تعذر التحقق من عملية الدفع الآن، وسيُضاف المبلغ إلى محفظتك فور تأكيده',
      );
      // Fawry's own notification is answered 502, so that it sends it again later.
      const again = await notify(notification(order.id, '50.00'));
      expect(again.statusCode).toBe(502);
    } finally {
      brokenOff.delete(order.id);
    }
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('a return naming no order of ours costs no status call', async () => {
    const digits = '123456789012345678';
    for (const ref of ['12; drop table', `x${digits}`, `${digits}x`, `${digits}9`, digits.slice(1)])
      await browserReturn({ merchantRefNumber: ref });
    await browserReturn({});
    expect(fawry.calls).toHaveLength(0);
  });

  it('takes the order from merchantRefNum when the return names it so; NEW at Fawry still waits', async () => {
    const { order } = await fawryOrder(40);
    statuses.set(order.id, { orderStatus: 'NEW', orderAmount: 40 });
    const waiting = await browserReturn({ merchantRefNum: order.id });
    expect(decodeURIComponent(waiting.headers.location as string)).toBe(
      '/wallet?error=لم يُؤكَّد الدفع بعد، وسيُضاف المبلغ إلى محفظتك فور تأكيده',
    );
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    statuses.set(order.id, { orderStatus: 'PAID', orderAmount: 40 });
    expect((await browserReturn({ merchantRefNum: order.id })).headers.location).toBe('/wallet');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(4000);
  });

  it('a notification with its documented signature is checked with Fawry and credited; replays and races credit once', async () => {
    const { order } = await fawryOrder(20);
    statuses.set(order.id, { orderStatus: 'PAID', orderAmount: 20 });
    const n = notification(order.id, '20.00');
    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(n)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await notify(n)).toMatchObject({ statusCode: 200 });
    const money = await moneyOf(server.db, student.userId);
    expect(money.balance).toBe(2000);
    expect(money.recharges).toHaveLength(1);
    expect(money.notices).toBe(1);
  });

  it('a notification with a bad signature is refused before any status call', async () => {
    const { order } = await fawryOrder(20);
    statuses.set(order.id, { orderStatus: 'PAID', orderAmount: 20 });
    const forged = notification(order.id, '20.00', 'PAID', 'guessed-key');
    const changed = { ...notification(order.id, '20.00'), paymentAmount: 2000, orderAmount: 2000 };
    log.length = 0;
    expect((await notify(forged)).statusCode).toBe(401);
    expect((await notify(changed)).statusCode).toBe(401);
    expect((await notify({ merchantRefNumber: order.id })).statusCode).toBe(401);
    const empty = await server.app.inject({ method: 'POST', url: '/payments/fawry/callback' });
    expect(empty.statusCode).toBe(401);
    expect(fawry.calls).toHaveLength(0);
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    // The operator reads which order a forged or mis-keyed notification named.
    expect(logged('payment callback refused').slice(0, 3)).toEqual(
      Array(3).fill(
        expect.objectContaining({
          level: 40,
          provider: 'fawry',
          via: 'notification',
          reason: 'bad messageSignature',
          order: { id: order.id },
        }),
      ),
    );
  });

  it('signs the card reference number when a notification carries one, and none as empty', async () => {
    const { order } = await fawryOrder(30);
    statuses.set(order.id, { orderStatus: 'PAID', orderAmount: 30 });
    // Paid by card: the reference is signed between paymentMethod and the key.
    const card = { ...notification(order.id, '30.00'), paymentMethod: 'CARD' };
    card.paymentRefrenceNumber = '8372651';
    card.messageSignature = sha256(`9990076204${order.id}30.0030.00PAIDCARD8372651${LIVE.key}`);
    expect((await notify(card)).statusCode).toBe(200);
    // Paid at a Fawry outlet: no reference at all, signed as an empty one.
    const { order: other } = await fawryOrder(30);
    statuses.set(other.id, { orderStatus: 'PAID', orderAmount: 30 });
    const { paymentRefrenceNumber: _none, ...outlet } = notification(other.id, '30.00');
    expect((await notify(outlet)).statusCode).toBe(200);
    // Or none written as null.
    const { order: third } = await fawryOrder(30);
    statuses.set(third.id, { orderStatus: 'PAID', orderAmount: 30 });
    const withNull = { ...notification(third.id, '30.00'), paymentRefrenceNumber: null };
    expect((await notify(withNull)).statusCode).toBe(200);
    expect((await moneyOf(server.db, student.userId)).balance).toBe(9000);
  });

  it("a live order is not settled through staging's routes, nor the other way round", async () => {
    const { order } = await fawryOrder(20);
    statuses.set(order.id, { orderStatus: 'PAID', orderAmount: 20 });
    const res = await notify(notification(order.id, '20.00', 'PAID', STAGING.key), 'fawry-staging');
    expect(res.statusCode).toBe(404);
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });
});

describe('what Fawry is answered and what the operator reads', () => {
  it('a notification without amounts (an order that expired unpaid) is signed with them empty, and still only the status check decides', async () => {
    const { order } = await fawryOrder(20);
    statuses.set(order.id, { orderStatus: 'EXPIRED', orderAmount: 20 });
    const {
      paymentAmount: _paid,
      orderAmount: _ordered,
      ...expired
    } = notification(order.id, '20.00', 'EXPIRED');
    // fawryRefNumber + merchantRefNumber + '' + '' + orderStatus + paymentMethod + '' + key
    expired.messageSignature = sha256(`9990076204${order.id}EXPIREDPayAtFawry${LIVE.key}`);
    const res = await notify(expired);
    // 200: Fawry stops sending it; the order no longer waits.
    expect(res.statusCode).toBe(200);
    expect(fawry.calls).toHaveLength(1);
    expect((await lastOrder(server.db, student.userId)).status).toBe('failed');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('stores no transaction id when Fawry gives no reference, and takes referenceNumber when that is the one given', async () => {
    const { order: none } = await fawryOrder(20);
    statuses.set(none.id, { orderStatus: 'PAID', orderAmount: 20, fawryRefNumber: undefined });
    expect((await browserReturn({ merchantRefNumber: none.id })).headers.location).toBe('/wallet');
    expect(await lastOrder(server.db, student.userId)).toMatchObject({
      status: 'paid',
      transaction_id: null,
    });

    const { order: nulls } = await fawryOrder(20);
    statuses.set(nulls.id, {
      orderStatus: 'PAID',
      orderAmount: 20,
      fawryRefNumber: null,
      referenceNumber: null,
    });
    expect((await browserReturn({ merchantRefNumber: nulls.id })).headers.location).toBe('/wallet');
    expect(await lastOrder(server.db, student.userId)).toMatchObject({
      status: 'paid',
      transaction_id: null,
    });

    const { order: other } = await fawryOrder(20);
    statuses.set(other.id, {
      orderStatus: 'PAID',
      orderAmount: 20,
      fawryRefNumber: undefined,
      referenceNumber: '9990081234',
    });
    expect((await browserReturn({ merchantRefNumber: other.id })).headers.location).toBe('/wallet');
    expect(await lastOrder(server.db, student.userId)).toMatchObject({
      status: 'paid',
      transaction_id: '9990081234',
    });
    const money = await moneyOf(server.db, student.userId);
    expect(money.balance).toBe(6000);
    expect(money.recharges).toHaveLength(3);
  });

  it("a status check Fawry answers with an error code is logged with that code, and Fawry's notification is asked again (502)", async () => {
    const { order } = await fawryOrder(20);
    // No status for this order at Fawry: it answers 9938, payment not found.
    statuses.delete(order.id);
    log.length = 0;
    const res = await notify(notification(order.id, '20.00'));
    expect(res.statusCode).toBe(502);
    expect(logged('payment callback: the provider could not be asked')).toEqual([
      expect.objectContaining({
        level: 50,
        provider: 'fawry',
        err: expect.objectContaining({ message: 'fawry: status check answered 9938' }),
      }),
    ]);
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('a status answer about another order, or with another code than 200, credits nothing (issue 23)', async () => {
    const { order: other } = await fawryOrder(50);
    const { order } = await fawryOrder(50);
    const paid = { orderStatus: 'PAID', orderAmount: 50 };
    // Each answer says PAID for the order's amount; only its code or its order is wrong.
    const wrong = [
      { ...paid, answeredRef: other.id },
      { ...paid, statusCode: 9901 },
    ];
    log.length = 0;
    for (const answer of wrong) {
      statuses.set(order.id, answer);
      const res = await browserReturn({ merchantRefNumber: order.id });
      expect(decodeURIComponent(res.headers.location as string), JSON.stringify(answer)).toBe(
        '/wallet?error=تعذر التحقق من عملية الدفع الآن، وسيُضاف المبلغ إلى محفظتك فور تأكيده',
      );
      expect((await notify(notification(order.id, '50.00'))).statusCode).toBe(502);
    }
    expect(logged('payment callback: the provider could not be asked').map((l) => l.err)).toEqual([
      expect.objectContaining({ message: 'fawry: status check answered 200' }),
      expect.objectContaining({ message: 'fawry: status check answered 200' }),
      expect.objectContaining({ message: 'fawry: status check answered 9901' }),
      expect.objectContaining({ message: 'fawry: status check answered 9901' }),
    ]);
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('logs why a call was refused: no body, no order of ours, and no order when a forged notification names none', async () => {
    log.length = 0;
    const empty = await server.app.inject({ method: 'POST', url: '/payments/fawry/callback' });
    expect(empty.statusCode).toBe(401);
    const notOurs = await browserReturn({ merchantRefNumber: '12; drop table' });
    expect(decodeURIComponent(notOurs.headers.location as string)).toBe(
      '/wallet?error=تعذر التحقق من عملية الدفع، إن خُصم المبلغ فتواصل مع الدعم',
    );
    const { merchantRefNumber: _ref, ...nameless } = notification('123456789012345678', '20.00');
    expect((await notify(nameless)).statusCode).toBe(401);
    expect(fawry.calls).toHaveLength(0);
    const refused = logged('payment callback refused');
    expect(refused).toEqual([
      expect.objectContaining({
        level: 40,
        provider: 'fawry',
        via: 'notification',
        reason: 'no body',
      }),
      expect.objectContaining({
        level: 40,
        provider: 'fawry',
        via: 'return',
        reason: 'no order reference of ours',
      }),
      expect.objectContaining({
        level: 40,
        provider: 'fawry',
        via: 'notification',
        reason: 'bad messageSignature',
      }),
    ]);
    // An order it did not name is not made up for the operator.
    expect(refused.map((line) => 'order' in line)).toEqual([false, false, false]);
  });

  it('a notification whose body is JSON null or plain text is refused as one without a body, not a crash', async () => {
    log.length = 0;
    for (const [type, payload] of [
      ['application/json', 'null'],
      ['text/plain', 'merchantRefNumber=123456789012345678&orderStatus=PAID'],
    ]) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/payments/fawry/callback',
        headers: { 'content-type': type! },
        payload,
      });
      expect(res.statusCode).toBe(401);
    }
    expect(logged('payment callback refused').map((line) => line.reason)).toEqual([
      'no body',
      'no body',
    ]);
  });

  it('a signed notification naming its order as a JSON number (which cannot hold our 18 digits) is refused without a status call', async () => {
    const ref = 123456789012345680;
    const n = { ...notification(String(ref), '20.00'), merchantRefNumber: ref };
    expect(n.messageSignature).toBe(sha256(`9990076204${ref}20.0020.00PAIDPayAtFawry${LIVE.key}`));
    log.length = 0;
    expect((await notify(n)).statusCode).toBe(401);
    expect(fawry.calls).toHaveLength(0);
    expect(logged('payment callback refused')).toEqual([
      expect.objectContaining({ provider: 'fawry', reason: 'no order reference of ours' }),
    ]);
  });
});
