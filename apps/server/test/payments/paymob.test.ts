import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPaymobOrderResponseSchema } from '@dars/contract';
import { ProviderError } from '../../src/modules/payments/gateway';
import {
  paymobGateway,
  paymobHmacString,
  paymobMethods,
  transactionFromObject,
  transactionFromQuery,
} from '../../src/modules/payments/paymob';
import { linesWith } from '../captured-log';
import { startTestServer, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import {
  apiPost,
  enableAllMethods,
  gatewayServer,
  lastOrder,
  moneyOf,
  paymobDocumentedHmac,
  paymobDocumentedString,
  paymobReturnFields,
  paymobTransaction,
  type PaymobTransactionFields,
  providerAnswer,
  providerStandIn,
  type ProviderCall,
} from './payment-client';

// Paymob Accept, per its public documentation (docs/decisions/019-payment-gateways.md).
const API_KEY = 'paymob-api-key-test';
const HMAC_SECRET = 'paymob-hmac-secret-test';
const IFRAME = 880011;
const INSTALLMENT_IFRAME = 880022;
const INTEGRATIONS = { card: 4097558, wallet: 4097559, kiosk: 4097560, installment: 4097561 };

let paymobOrders = 217503700;
/** What Paymob answers instead, for a test that needs an odd answer (undefined: as usual). */
let answerInstead: ((call: ProviderCall) => Response | undefined) | undefined;
/** Paymob's servers as its documentation describes them, strict about the credentials. */
function paymobAnswers(call: ProviderCall): Response {
  const instead = answerInstead?.(call);
  if (instead) return instead;
  const body = call.body ?? {};
  switch (call.url.pathname) {
    case '/api/auth/tokens':
      return body.api_key === API_KEY
        ? providerAnswer({ token: 'auth-token-1', profile: { id: 302852 } })
        : providerAnswer({ detail: 'incorrect credentials' }, 403);
    case '/api/ecommerce/orders':
      if (body.auth_token !== 'auth-token-1') return providerAnswer({}, 401);
      return providerAnswer({ id: ++paymobOrders, merchant_order_id: body.merchant_order_id });
    case '/api/acceptance/payment_keys':
      if (body.auth_token !== 'auth-token-1') return providerAnswer({}, 401);
      return providerAnswer({ token: `payment-key-${String(body.order_id)}` });
    case '/api/acceptance/payments/pay': {
      const source = body.source as { identifier: string; subtype: string };
      return source.subtype === 'WALLET'
        ? providerAnswer({
            pending: true,
            redirect_url:
              'https://accept.paymob.com/api/acceptance/wallet_other/wallet_template?token=w1',
          })
        : providerAnswer({
            pending: true,
            data: { bill_reference: 580, message: 'Pending Payment' },
          });
    }
    default:
      return providerAnswer({ detail: 'not found' }, 404);
  }
}

const paymob = providerStandIn(paymobAnswers);
let server: TestServer;
let student: TestStudent;
let log: string[];
/** The server's log lines with this message, as an operator reads them. */
const logged = (msg: string) => linesWith(log, msg);

beforeAll(async () => {
  ({ server, log } = await gatewayServer({
    fetch: paymob.fetch,
    env: {
      PAYMOB_API_KEY: API_KEY,
      PAYMOB_HMAC_SECRET: HMAC_SECRET,
      PAYMOB_IFRAME_ID: String(IFRAME),
      PAYMOB_INSTALLMENT_IFRAME_ID: String(INSTALLMENT_IFRAME),
      PAYMOB_CARD_INTEGRATION_ID: String(INTEGRATIONS.card),
      PAYMOB_WALLET_INTEGRATION_ID: String(INTEGRATIONS.wallet),
      PAYMOB_KIOSK_INTEGRATION_ID: String(INTEGRATIONS.kiosk),
      PAYMOB_INSTALLMENT_INTEGRATION_ID: String(INTEGRATIONS.installment),
    },
  }));
});
afterAll(() => server.close());
beforeEach(async () => {
  student = await makeStudent(server.db, { name: 'أحمد محمود علي' });
  paymob.calls.length = 0;
  answerInstead = undefined;
});

type Transaction = ReturnType<typeof transaction>;

/** A transaction as Paymob posts it in `obj`, for an order of ours. */
const transaction = (paymobOrderId: number, over: Partial<PaymobTransactionFields> = {}) =>
  paymobTransaction(paymobOrderId, INTEGRATIONS.card, over);

const hmacOf = (t: Transaction, secret = HMAC_SECRET) => paymobDocumentedHmac(t, secret);

/** Paymob's transaction processed callback: a POST of `{ type, obj }` with `?hmac=`. */
function processedCallback(t: Transaction, hmac = hmacOf(t)) {
  return server.app.inject({
    method: 'POST',
    url: `/payments/paymob/callback?hmac=${hmac}`,
    payload: { type: 'TRANSACTION', obj: t },
  });
}

/** Paymob's transaction response callback: the student's browser back with the fields flat. */
function responseCallback(t: Transaction, hmac = hmacOf(t)) {
  const query = new URLSearchParams({
    ...paymobReturnFields(t),
    merchant_order_id: 'not-signed',
    'data.message': 'Approved',
    hmac,
  });
  return server.app.inject({ method: 'GET', url: `/payments/paymob/return?${query}` });
}

async function cardOrder(amount = 50) {
  const res = await apiPost(server.app, '/wallet/paymob/order/card', { amount }, student.token);
  expect(res.statusCode).toBe(200);
  const order = await lastOrder(server.db, student.userId);
  return { res, order, paymobOrderId: Number(order.provider_order_id) };
}

describe('the documented HMAC string', () => {
  it("is the documentation's own example, concatenated in its order", () => {
    // The sample of Paymob's "HMAC Transaction Callback" page.
    const sample = transaction(217503754, {
      id: 192036465,
      amount_cents: 100000,
      created_at: '2024-06-13T11:33:44.592345',
      integration_id: 4097558,
      is_3d_secure: true,
      owner: 302852,
    });
    const documented =
      '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';
    expect(paymobDocumentedString(sample)).toBe(documented);
    expect(paymobHmacString(transactionFromObject(sample))).toBe(documented);
  });

  it('reads the same values from the GET return, where order.id comes as order or order_id', () => {
    const t = transaction(217503754);
    const flat = {
      ...Object.fromEntries(
        Object.entries(t)
          .filter(([, v]) => typeof v !== 'object')
          .map(([k, v]) => [k, String(v)]),
      ),
      'source_data.pan': '2346',
      'source_data.sub_type': 'MasterCard',
      'source_data.type': 'card',
    };
    const documented = paymobDocumentedString(t);
    expect(paymobHmacString(transactionFromQuery({ ...flat, order: '217503754' }))).toBe(
      documented,
    );
    expect(paymobHmacString(transactionFromQuery({ ...flat, order_id: '217503754' }))).toBe(
      documented,
    );
  });
});

describe('the methods a Paymob account offers', () => {
  const account = (
    integrations: Record<string, number>,
    iframeId: number | null,
    installmentIframeId: number | null,
  ) => ({
    baseUrl: 'https://accept.paymob.com',
    apiKey: API_KEY,
    hmacSecret: HMAC_SECRET,
    integrations,
    iframeId,
    installmentIframeId,
  });

  it('each with its integration; card and installments only with the iframe they open in', () => {
    expect(paymobMethods(account(INTEGRATIONS, IFRAME, INSTALLMENT_IFRAME))).toEqual([
      'paymob_card',
      'paymob_wallet',
      'paymob_kiosk',
      'paymob_installment',
    ]);
    // No iframes: only the wallet and the kiosk, which open no iframe of the account's.
    expect(paymobMethods(account(INTEGRATIONS, null, null))).toEqual([
      'paymob_wallet',
      'paymob_kiosk',
    ]);
    expect(paymobMethods(account({ card: 1, installment: 2 }, null, INSTALLMENT_IFRAME))).toEqual([
      'paymob_installment',
    ]);
    expect(paymobMethods(account({ kiosk: 3 }, IFRAME, INSTALLMENT_IFRAME))).toEqual([
      'paymob_kiosk',
    ]);
  });
});

describe('opening a Paymob order', () => {
  it('card: authenticates, registers the order in piasters under our id, asks a payment key for the card integration, answers the iframe', async () => {
    const { res, order, paymobOrderId } = await cardOrder(50);
    const { iframe_url } = createPaymobOrderResponseSchema.parse(res.json());
    expect(iframe_url).toBe(
      `https://accept.paymob.com/api/acceptance/iframes/${IFRAME}?payment_token=payment-key-${paymobOrderId}`,
    );
    expect(paymob.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/auth/tokens',
      'POST /api/ecommerce/orders',
      'POST /api/acceptance/payment_keys',
    ]);
    const [auth, registration, key] = paymob.calls.map((c) => c.body!);
    expect(auth).toEqual({ api_key: API_KEY });
    expect(registration).toMatchObject({
      auth_token: 'auth-token-1',
      amount_cents: 5000,
      currency: 'EGP',
      merchant_order_id: order.id,
      delivery_needed: false,
    });
    expect(registration).toEqual({
      auth_token: 'auth-token-1',
      delivery_needed: false,
      amount_cents: 5000,
      currency: 'EGP',
      merchant_order_id: order.id,
      items: [],
    });
    expect(key).toEqual({
      auth_token: 'auth-token-1',
      amount_cents: 5000,
      // The key is good for an hour, and Paymob takes no second payment of a paid order.
      expiration: 3600,
      order_id: String(paymobOrderId),
      currency: 'EGP',
      integration_id: INTEGRATIONS.card,
      lock_order_when_paid: true,
      // Paymob requires every field; what we do not know is 'NA'.
      billing_data: {
        first_name: 'أحمد',
        last_name: 'محمود علي',
        email: student.email,
        phone_number: student.phone,
        apartment: 'NA',
        floor: 'NA',
        street: 'NA',
        building: 'NA',
        shipping_method: 'NA',
        postal_code: 'NA',
        city: 'NA',
        country: 'EG',
        state: 'NA',
      },
    });
    expect(order).toMatchObject({
      method: 'paymob_card',
      provider: 'paymob',
      amount: 5000,
      status: 'pending',
    });
    expect(order.id).toMatch(/^\d{18}$/);
  });

  it('a student of one name is NA for the last; spaces around and between names are dropped', async () => {
    await server.db
      .updateTable('users')
      .set({ name: ' سارة ' })
      .where('id', '=', student.userId)
      .execute();
    await cardOrder(50);
    expect(paymob.calls[2]!.body!.billing_data).toMatchObject({
      first_name: 'سارة',
      last_name: 'NA',
    });
    paymob.calls.length = 0;
    await server.db
      .updateTable('users')
      .set({ name: 'أحمد  محمود \t علي' })
      .where('id', '=', student.userId)
      .execute();
    await cardOrder(50);
    expect(paymob.calls[2]!.body!.billing_data).toMatchObject({
      first_name: 'أحمد',
      last_name: 'محمود علي',
    });
    // Paymob refuses an empty first name: a blank one is NA as well.
    paymob.calls.length = 0;
    await server.db
      .updateTable('users')
      .set({ name: '  ' })
      .where('id', '=', student.userId)
      .execute();
    await cardOrder(50);
    expect(paymob.calls[2]!.body!.billing_data).toMatchObject({
      first_name: 'NA',
      last_name: 'NA',
    });
  });

  it("passes Paymob's payment key into the iframe's url encoded (its tokens hold + / =)", async () => {
    answerInstead = (call) =>
      call.url.pathname === '/api/acceptance/payment_keys'
        ? providerAnswer({ token: 'ZXlK+aGJH/Y2k=' })
        : undefined;
    const { res } = await cardOrder(50);
    const url = new URL(res.json().iframe_url as string);
    expect(url.searchParams.get('payment_token')).toBe('ZXlK+aGJH/Y2k=');
  });

  it('installment: the installment integration in its own iframe', async () => {
    const res = await apiPost(
      server.app,
      '/wallet/paymob/order/installment',
      { amount: 1200 },
      student.token,
    );
    const order = await lastOrder(server.db, student.userId);
    expect(res.json().iframe_url).toBe(
      `https://accept.paymob.com/api/acceptance/iframes/${INSTALLMENT_IFRAME}?payment_token=payment-key-${order.provider_order_id}`,
    );
    expect(paymob.calls[2]!.body).toMatchObject({
      integration_id: INTEGRATIONS.installment,
      amount_cents: 120000,
    });
  });

  it("wallet: pays from the student's number with the wallet integration and opens the wallet's page", async () => {
    const res = await apiPost(
      server.app,
      '/wallet/paymob/order/wallet',
      { amount: 30 },
      student.token,
    );
    expect(res.json()).toEqual({
      iframe_url: 'https://accept.paymob.com/api/acceptance/wallet_other/wallet_template?token=w1',
    });
    expect(paymob.calls[2]!.body).toMatchObject({ integration_id: INTEGRATIONS.wallet });
    expect(paymob.calls[3]!.body).toEqual({
      source: { identifier: student.phone, subtype: 'WALLET' },
      payment_token: expect.stringMatching(/^payment-key-/),
    });
  });

  it('wallet: opens the page Paymob names in iframe_redirection_url when it gives no redirect_url', async () => {
    const page = 'https://accept.paymob.com/api/acceptance/wallet_other/wallet_template?token=w2';
    answerInstead = (call) =>
      call.url.pathname === '/api/acceptance/payments/pay'
        ? providerAnswer({ pending: true, redirect_url: '', iframe_redirection_url: page })
        : undefined;
    const res = await apiPost(
      server.app,
      '/wallet/paymob/order/wallet',
      { amount: 30 },
      student.token,
    );
    expect(res.json()).toEqual({ iframe_url: page });
  });

  it('kiosk: an aggregator payment whose bill reference our page shows, with the amount', async () => {
    const res = await apiPost(
      server.app,
      '/wallet/paymob/order/kiosk',
      { amount: 75.5 },
      student.token,
    );
    const order = await lastOrder(server.db, student.userId);
    expect(paymob.calls[3]!.body).toMatchObject({
      source: { identifier: 'AGGREGATOR', subtype: 'AGGREGATOR' },
    });
    expect(order.provider_reference).toBe('580');
    const { iframe_url } = res.json();
    expect(iframe_url).toBe(`/payments/kiosk/${order.id}`);
    const page = await server.app.inject({ method: 'GET', url: iframe_url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="ar" dir="rtl">');
    expect(page.body).toContain('580');
    expect(page.body).toContain('75.50 جنيه');
  });

  const CARD = '/wallet/paymob/order/card';
  const WALLET = '/wallet/paymob/order/wallet';
  const KIOSK = '/wallet/paymob/order/kiosk';
  it.each([
    ['/api/auth/tokens', { token: '' }, CARD, 'authentication answered without token'],
    [
      '/api/ecommerce/orders',
      { merchant_order_id: 'x' },
      CARD,
      'order registration answered without id',
    ],
    // Paymob's order id is what its callbacks are matched by: an object is no id.
    [
      '/api/ecommerce/orders',
      { id: { id: 217503701 } },
      CARD,
      'order registration answered without id',
    ],
    ['/api/acceptance/payment_keys', {}, CARD, 'payment key answered without token'],
    [
      '/api/acceptance/payments/pay',
      { redirect_url: 'http://accept.paymob.com/w' },
      WALLET,
      'wallet pay answered without redirect_url',
    ],
    [
      '/api/acceptance/payments/pay',
      { pending: true },
      WALLET,
      'wallet pay answered without redirect_url',
    ],
    [
      '/api/acceptance/payments/pay',
      // An https address later in the text does not make the page itself https.
      { redirect_url: 'http://wallet.example/pay?back=https://accept.paymob.com/' },
      WALLET,
      'wallet pay answered without redirect_url',
    ],
    [
      '/api/acceptance/payments/pay',
      { redirect_url: ['https://accept.paymob.com/api/acceptance/wallet_other/w'] },
      WALLET,
      'wallet pay answered without redirect_url',
    ],
    [
      '/api/acceptance/payments/pay',
      { data: { message: 'x' } },
      KIOSK,
      'kiosk pay answered without data.bill_reference',
    ],
    [
      '/api/acceptance/payments/pay',
      { pending: true },
      KIOSK,
      'kiosk pay answered without data.bill_reference',
    ],
    [
      '/api/acceptance/payments/pay',
      { data: { bill_reference: null } },
      KIOSK,
      'kiosk pay answered without data.bill_reference',
    ],
    // Our kiosk page shows the reference as text: an object's would be '[object Object]'.
    [
      '/api/acceptance/payments/pay',
      { data: { bill_reference: { number: 580 } } },
      KIOSK,
      'kiosk pay answered without data.bill_reference',
    ],
    // Our kiosk page shows the reference: an empty one would send the student to a closed page.
    [
      '/api/acceptance/payments/pay',
      { data: { bill_reference: '' } },
      KIOSK,
      'kiosk pay answered without data.bill_reference',
    ],
  ])(
    '%s answering %j: the order fails, the student is told to try again, the operator reads why',
    async (path, answer, route, why) => {
      answerInstead = (call) => (call.url.pathname === path ? providerAnswer(answer) : undefined);
      log.length = 0;
      const res = await apiPost(server.app, route, { amount: 50 }, student.token);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({
        code: 'SERVER_ERROR',
        message: 'تعذر الاتصال بمزود الدفع، حاول مرة أخرى',
      });
      const order = await lastOrder(server.db, student.userId);
      expect(order.status).toBe('failed');
      expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
      const failures = logged('payment order: the provider could not open it');
      expect(failures).toEqual([
        expect.objectContaining({ level: 50, provider: 'paymob', order: order.id }),
      ]);
      expect((failures[0]!.err as { message: string }).message).toBe(`paymob: ${why}`);
    },
  );

  it.each([
    ['/api/auth/tokens', CARD],
    ['/api/ecommerce/orders', CARD],
    ['/api/acceptance/payment_keys', CARD],
    ['/api/acceptance/payments/pay', WALLET],
    ['/api/acceptance/payments/pay', KIOSK],
  ])(
    '%s answering 503 (%s): the order fails, the operator reads the provider, the call and its answer',
    async (path, route) => {
      answerInstead = (call) =>
        call.url.pathname === path ? providerAnswer({ detail: 'down' }, 503) : undefined;
      log.length = 0;
      const res = await apiPost(server.app, route, { amount: 50 }, student.token);
      expect(res.statusCode).toBe(500);
      const order = await lastOrder(server.db, student.userId);
      expect(order.status).toBe('failed');
      const failures = logged('payment order: the provider could not open it');
      expect(failures).toEqual([
        expect.objectContaining({ level: 50, provider: 'paymob', order: order.id }),
      ]);
      expect((failures[0]!.err as { message: string }).message).toBe(
        `paymob: ${path} answered 503: {"detail":"down"}`,
      );
    },
  );

  it('kiosk: a bill reference Paymob writes as text is shown as it is', async () => {
    answerInstead = (call) =>
      call.url.pathname === '/api/acceptance/payments/pay'
        ? providerAnswer({ pending: true, data: { bill_reference: '0058391045' } })
        : undefined;
    await apiPost(server.app, '/wallet/paymob/order/kiosk', { amount: 20 }, student.token);
    expect((await lastOrder(server.db, student.userId)).provider_reference).toBe('0058391045');
  });

  it('is asked to open only its own methods: another is refused before any call to Paymob', async () => {
    const gateway = paymobGateway(
      {
        baseUrl: 'https://accept.paymob.com',
        apiKey: API_KEY,
        hmacSecret: HMAC_SECRET,
        integrations: INTEGRATIONS,
        iframeId: IFRAME,
        installmentIframeId: INSTALLMENT_IFRAME,
      },
      paymob.fetch,
    );
    const started = gateway.start({
      id: '482019374650918273',
      method: 'kashier',
      amount: 5000,
      student: { id: student.userId, name: 'أحمد', email: student.email, phone: student.phone },
      returnUrl: 'https://dars.example/payments/paymob/return',
      callbackUrl: 'https://dars.example/payments/paymob/callback',
    });
    await expect(started).rejects.toThrow(ProviderError);
    await expect(started).rejects.toThrow('paymob: no variant for kashier');
    expect(paymob.calls).toEqual([]);
  });

  it('fails the order and answers SERVER_ERROR when Paymob refuses, crediting nothing', async () => {
    const broken = providerStandIn(() => providerAnswer({ detail: 'down' }, 500));
    const other = await startTestServer({
      seed: false,
      fetch: broken.fetch,
      env: {
        PAYMENTS_SANDBOX: 'off',
        PAYMOB_API_KEY: API_KEY,
        PAYMOB_HMAC_SECRET: HMAC_SECRET,
        PAYMOB_IFRAME_ID: String(IFRAME),
        PAYMOB_CARD_INTEGRATION_ID: String(INTEGRATIONS.card),
      },
    });
    try {
      await enableAllMethods(other.db);
      const someone = await makeStudent(other.db);
      const res = await apiPost(
        other.app,
        '/wallet/paymob/order/card',
        { amount: 50 },
        someone.token,
      );
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({
        code: 'SERVER_ERROR',
        message: 'تعذر الاتصال بمزود الدفع، حاول مرة أخرى',
      });
      expect(await lastOrder(other.db, someone.userId)).toMatchObject({
        provider: 'paymob',
        method: 'paymob_card',
        status: 'failed',
      });
    } finally {
      await other.close();
    }
  });
});

describe('Paymob callbacks', () => {
  it('a signed, successful processed callback credits the order once: a recharge row and its notification', async () => {
    const { order, paymobOrderId } = await cardOrder(50);
    const res = await processedCallback(transaction(paymobOrderId));
    expect(res.statusCode).toBe(200);
    const money = await moneyOf(server.db, student.userId);
    expect(money.balance).toBe(5000);
    expect(money.recharges).toEqual([
      { value: 5000, balance_after: 5000, comment: 'شحن ببطاقة بنكية' },
    ]);
    expect(money.notices).toBe(1);
    const paid = await lastOrder(server.db, student.userId);
    expect(paid).toMatchObject({ id: order.id, status: 'paid', transaction_id: '192036465' });
    expect(paid.transaction_serial).toMatch(/^TX/);
  });

  it('the browser return credits as well and sends the student to the wallet; replays credit nothing more', async () => {
    const { paymobOrderId } = await cardOrder(50);
    const first = await responseCallback(transaction(paymobOrderId));
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/wallet');
    expect((await processedCallback(transaction(paymobOrderId))).statusCode).toBe(200);
    const again = await responseCallback(transaction(paymobOrderId));
    expect(again.headers.location).toBe('/wallet');
    const money = await moneyOf(server.db, student.userId);
    expect(money.balance).toBe(5000);
    expect(money.recharges).toHaveLength(1);
    expect(money.notices).toBe(1);
  });

  it('20 identical callbacks at once credit once', async () => {
    const { paymobOrderId } = await cardOrder(50);
    const t = transaction(paymobOrderId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? processedCallback(t) : responseCallback(t))),
    );
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 303)).toBe(true);
    const money = await moneyOf(server.db, student.userId);
    expect(money.balance).toBe(5000);
    expect(money.recharges).toHaveLength(1);
    expect(money.notices).toBe(1);
  });

  it('refuses a forged callback (wrong secret, changed amount, no hmac) and logs it, crediting nothing', async () => {
    const { paymobOrderId } = await cardOrder(50);
    const t = transaction(paymobOrderId);
    log.length = 0;
    expect((await processedCallback(t, hmacOf(t, 'not-the-secret'))).statusCode).toBe(401);
    expect((await processedCallback({ ...t, amount_cents: 500000 }, hmacOf(t))).statusCode).toBe(
      401,
    );
    expect((await processedCallback(t, '')).statusCode).toBe(401);
    const back = await responseCallback(t, hmacOf(t, 'not-the-secret'));
    expect(back.statusCode).toBe(303);
    expect(decodeURIComponent(back.headers.location as string)).toBe(
      '/wallet?error=تعذر التحقق من عملية الدفع، إن خُصم المبلغ فتواصل مع الدعم',
    );
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    // Each refusal names the order it claimed to be about, for the operator to look into.
    const refused = (via: string) =>
      expect.objectContaining({
        level: 40,
        provider: 'paymob',
        via,
        reason: 'bad hmac',
        order: { providerOrderId: String(paymobOrderId) },
      });
    expect(logged('payment callback refused')).toEqual([
      refused('notification'),
      refused('notification'),
      refused('notification'),
      refused('return'),
    ]);
  });

  it('a validly signed payment of another amount than the order is not credited', async () => {
    const { paymobOrderId } = await cardOrder(50);
    const t = transaction(paymobOrderId, { amount_cents: 4999 });
    log.length = 0;
    expect((await processedCallback(t)).statusCode).toBe(422);
    expect(
      (await processedCallback(transaction(paymobOrderId, { currency: 'USD' }))).statusCode,
    ).toBe(422);
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    expect(log.some((l) => l.includes('another amount'))).toBe(true);
  });

  it("a signed callback for an order that is not ours (or not Paymob's) credits nothing", async () => {
    const res = await processedCallback(transaction(999_999_999));
    expect(res.statusCode).toBe(404);
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('a declined transaction fails the order; a later successful one on the same order still credits once', async () => {
    const { paymobOrderId } = await cardOrder(50);
    const declined = transaction(paymobOrderId, { success: false, id: 111 });
    expect((await processedCallback(declined)).statusCode).toBe(200);
    const back = await responseCallback(declined);
    expect(decodeURIComponent(back.headers.location as string)).toBe(
      '/wallet?error=لم تكتمل عملية الدفع ولم يُضف أي رصيد',
    );
    expect((await lastOrder(server.db, student.userId)).status).toBe('failed');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);

    expect((await processedCallback(transaction(paymobOrderId, { id: 112 }))).statusCode).toBe(200);
    expect((await processedCallback(declined)).statusCode).toBe(200);
    expect((await lastOrder(server.db, student.userId)).status).toBe('paid');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(5000);
  });

  it('a pending transaction (a kiosk bill not paid yet) waits; voided or refunded ones never credit', async () => {
    const { paymobOrderId } = await cardOrder(50);
    expect(
      (await processedCallback(transaction(paymobOrderId, { pending: true, success: false })))
        .statusCode,
    ).toBe(200);
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    await processedCallback(transaction(paymobOrderId, { is_voided: true }));
    await processedCallback(transaction(paymobOrderId, { is_refunded: true }));
    await processedCallback(transaction(paymobOrderId, { error_occured: true }));
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('a successful transaction still pending (a kiosk bill issued, not yet paid) waits; once paid it credits once', async () => {
    const { order, paymobOrderId } = await cardOrder(50);
    const waiting = transaction(paymobOrderId, { id: 121, success: true, pending: true });
    expect((await processedCallback(waiting)).statusCode).toBe(200);
    const back = await responseCallback(waiting);
    expect(decodeURIComponent(back.headers.location as string)).toBe(
      '/wallet?error=لم يُؤكَّد الدفع بعد، وسيُضاف المبلغ إلى محفظتك فور تأكيده',
    );
    expect(await lastOrder(server.db, student.userId)).toMatchObject({
      id: order.id,
      status: 'pending',
      transaction_id: null,
    });
    expect(await moneyOf(server.db, student.userId)).toEqual({
      balance: 0,
      recharges: [],
      notices: 0,
    });

    expect((await processedCallback(transaction(paymobOrderId, { id: 121 }))).statusCode).toBe(200);
    expect((await processedCallback(waiting)).statusCode).toBe(200);
    expect((await lastOrder(server.db, student.userId)).status).toBe('paid');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(5000);
  });

  // amount_cents is a whole number of piasters in digits; nothing else is read as one, however
  // JavaScript's Number() would read it (' 5000', '5000.00', '0x1388' and '5e3' are all 5000).
  it.each([' 5000', '5000 ', '5000.00', '0x1388', '5e3', '+5000', ''])(
    'a signed amount_cents of %j is no amount: 422, nothing credited, the operator told; then 5000 credits',
    async (amount) => {
      const { order, paymobOrderId } = await cardOrder(50);
      log.length = 0;
      const odd = transaction(paymobOrderId, { amount_cents: amount as unknown as number });
      expect((await processedCallback(odd)).statusCode).toBe(422);
      expect(await lastOrder(server.db, student.userId)).toMatchObject({ status: 'pending' });
      expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
      expect(logged('payment callback with another amount than the order: not credited')).toEqual([
        expect.objectContaining({
          level: 50,
          provider: 'paymob',
          order: order.id,
          paid: null,
          expected: 5000,
        }),
      ]);
      // The same payment with its amount in digits, as text (as a return's query has it).
      const plain = transaction(paymobOrderId, { amount_cents: '5000' as unknown as number });
      expect((await processedCallback(plain)).statusCode).toBe(200);
      expect((await moneyOf(server.db, student.userId)).balance).toBe(5000);
    },
  );

  it('a transaction without source_data is signed with its three values empty', async () => {
    const { paymobOrderId } = await cardOrder(50);
    const { source_data: _none, ...t } = transaction(paymobOrderId);
    const signed = createHmac('sha512', HMAC_SECRET)
      .update(paymobDocumentedString({ ...t, source_data: { pan: '', sub_type: '', type: '' } }))
      .digest('hex');
    const res = await server.app.inject({
      method: 'POST',
      url: `/payments/paymob/callback?hmac=${signed}`,
      payload: { type: 'TRANSACTION', obj: t },
    });
    expect(res.statusCode).toBe(200);
    expect((await moneyOf(server.db, student.userId)).balance).toBe(5000);
  });

  it('a signed transaction naming no order credits nothing and is logged as unknown', async () => {
    const { paymobOrderId } = await cardOrder(50);
    log.length = 0;
    for (const order of [null, undefined]) {
      const t = { ...transaction(paymobOrderId), order };
      const signed = createHmac('sha512', HMAC_SECRET)
        .update(paymobDocumentedString({ ...t, order: { id: '' as unknown as number } }))
        .digest('hex');
      const res = await server.app.inject({
        method: 'POST',
        url: `/payments/paymob/callback?hmac=${signed}`,
        payload: { type: 'TRANSACTION', obj: t },
      });
      expect(res.statusCode).toBe(404);
    }
    expect(logged('payment callback for an unknown order')).toHaveLength(2);
    expect((await lastOrder(server.db, student.userId)).status).toBe('pending');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('takes a transaction callback that names no type, or carries the order as its id alone', async () => {
    const { paymobOrderId } = await cardOrder(50);
    const t = transaction(paymobOrderId);
    const bare = await server.app.inject({
      method: 'POST',
      url: `/payments/paymob/callback?hmac=${hmacOf(t)}`,
      payload: { obj: { ...t, order: paymobOrderId } },
    });
    expect(bare.statusCode).toBe(200);
    expect((await lastOrder(server.db, student.userId)).status).toBe('paid');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(5000);
  });

  it('a kiosk payment whose card number is null is signed with it empty, and credited', async () => {
    const { paymobOrderId } = await cardOrder(50);
    const t = transaction(paymobOrderId, {
      source_data: { pan: null as unknown as string, sub_type: 'AGGREGATOR', type: 'aggregator' },
    });
    // Paymob's string has nothing where the null is: ...false<owner>false + '' + AGGREGATOR...
    expect(paymobDocumentedString(t)).toContain(`302852falseAGGREGATORaggregatortrue`);
    expect((await processedCallback(t)).statusCode).toBe(200);
    expect((await moneyOf(server.db, student.userId)).balance).toBe(5000);
  });

  it.each([
    [undefined, 'no body'],
    ['null', 'no body'],
    ['7', 'no body'],
    ['"TRANSACTION"', 'no body'],
    ['{"type":"TRANSACTION"}', 'no transaction object'],
    ['{"type":"TRANSACTION","obj":null}', 'no transaction object'],
    ['{"type":"TRANSACTION","obj":"x"}', 'no transaction object'],
    ['{"obj":7}', 'no transaction object'],
  ])('refuses a notification whose body is %s: 401, logged as %j', async (body, reason) => {
    log.length = 0;
    const res = await server.app.inject({
      method: 'POST',
      url: '/payments/paymob/callback?hmac=00',
      ...(body === undefined
        ? {}
        : { payload: body, headers: { 'content-type': 'application/json' } }),
    });
    expect(res.statusCode).toBe(401);
    expect(logged('payment callback refused')).toEqual([
      expect.objectContaining({ level: 40, provider: 'paymob', via: 'notification', reason }),
    ]);
  });

  it('ignores callbacks that are not transactions', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/payments/paymob/callback?hmac=whatever',
      payload: { type: 'TOKEN', obj: { token: 'x' } },
    });
    expect(res.statusCode).toBe(200);
  });

  it('takes a return that arrives inside a frame (installments) out to the whole window', async () => {
    const { paymobOrderId } = await cardOrder(50);
    const t = transaction(paymobOrderId);
    const query = new URLSearchParams({ hmac: hmacOf(t) });
    const res = await server.app.inject({
      method: 'GET',
      url: `/payments/paymob/return?${query}`,
      headers: { 'sec-fetch-dest': 'iframe' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('window.top.location.replace(');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-/);
  });
});
