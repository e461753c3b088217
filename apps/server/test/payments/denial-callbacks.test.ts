import { createHash, createHmac } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayMethod, Provider } from '../../src/modules/payments/gateway';
import { insertOrder } from '../../src/modules/payments/payment-orders';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeStaff } from '../staff/staff-factory';
import {
  apiPost,
  enableAllMethods,
  moneyOf as money,
  paymobDocumentedHmac,
  paymobReturnFields,
  paymobTransaction,
  providerAnswer,
  providerStandIn,
  type ProviderCall,
} from './payment-client';

/**
 * Issue 23: no wallet is credited and no order marked paid on a provider's word that is not
 * the provider's. For every gateway (Paymob, Kashier, Fawry live and staging, the sandbox) and
 * every way it tells us about a payment (the browser's return, the server's notification), a
 * message with no, an empty, a wrong, or another message's signature; another amount or
 * currency; a failure or a wait; an unknown order; a replay — credits nothing (or once). The
 * signatures are written out here from the providers' documentation (ADR 019), never by the
 * adapters' own functions, and each figure is worked out by hand.
 */

const APP_SECRET = 'issue-23-app-secret-for-the-payment-denials!';
/** The sandbox's key, per sandbox.ts: HMAC-SHA256 of 'payments-sandbox' under the app secret. */
const SANDBOX_KEY = createHmac('sha256', Buffer.from(APP_SECRET, 'utf8'))
  .update('payments-sandbox')
  .digest('hex');

const PAYMOB = { apiKey: 'pm-api-key', hmac: 'pm-hmac-secret', card: 5001, iframe: 7001 };
const KASHIER = { mid: 'MID-23-1', key: 'kashier-key-23' };
const FAWRY = {
  fawry: { code: 'live-code==', key: 'fawry-live-key' },
  'fawry-staging': { code: 'staging-code==', key: 'fawry-staging-key' },
} as const;
type FawryProvider = keyof typeof FAWRY;

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const hmac = (alg: 'sha256' | 'sha512', key: string, s: string) =>
  createHmac(alg, key).update(s, 'utf8').digest('hex');

/** 37.45 pounds: what every order here is for. */
const POUNDS = 37.45;
const PIASTERS = 3_745;

// ---- the providers' servers --------------------------------------------------------------

/** Fawry's status answers by merchantRefNumber (what it says was paid), or a raw answer. */
const fawryStatus = new Map<
  string,
  { orderStatus: string; orderAmount: number } | { raw: Record<string, unknown> }
>();
/** Paymob's transaction inquiry answers by Paymob's order id. */
const paymobInquiry = new Map<string, Record<string, unknown>>();
let paymobOrders = 880_000;

function answers(call: ProviderCall): Response {
  const body = call.body ?? {};
  switch (call.url.pathname) {
    case '/api/auth/tokens':
      return body.api_key === PAYMOB.apiKey
        ? providerAnswer({ token: 'pm-auth' })
        : providerAnswer({}, 403);
    case '/api/ecommerce/orders':
      return providerAnswer({ id: ++paymobOrders });
    case '/api/acceptance/payment_keys':
      return providerAnswer({ token: `key-${String(body.order_id)}` });
    case '/api/ecommerce/orders/transaction_inquiry': {
      const tx = paymobInquiry.get(String(body.order_id));
      return tx ? providerAnswer(tx) : providerAnswer({ detail: 'not found' }, 404);
    }
    case '/ECommerceWeb/Fawry/payments/status/v2': {
      const q = call.url.searchParams;
      const ref = q.get('merchantRefNumber')!;
      const account = Object.values(FAWRY).find((a) => a.code === q.get('merchantCode'));
      if (!account || q.get('signature') !== sha256(`${account.code}${ref}${account.key}`))
        return providerAnswer({ statusCode: 9946, statusDescription: 'Wrong Signature' });
      const status = fawryStatus.get(ref);
      if (!status) return providerAnswer({ statusCode: 9938, statusDescription: 'not found' });
      if ('raw' in status) return providerAnswer(status.raw);
      return providerAnswer({
        statusCode: 200,
        merchantRefNumber: ref,
        fawryRefNumber: '7001234567',
        paymentAmount: status.orderAmount,
        orderAmount: status.orderAmount,
        orderStatus: status.orderStatus,
        paymentMethod: 'CARD',
      });
    }
    default:
      return providerAnswer({ detail: 'not found' }, 404);
  }
}
const providers = providerStandIn(answers);

let real: TestServer;
let sandbox: TestServer;
/** Every student made here, to check each one's ledger against the balance after each test. */
const students: { server: TestServer; student: TestStudent }[] = [];

beforeAll(async () => {
  [real, sandbox] = await Promise.all([
    startTestServer({
      seed: false,
      fetch: providers.fetch,
      env: {
        APP_SECRET,
        PAYMENTS_SANDBOX: 'off',
        PAYMOB_API_KEY: PAYMOB.apiKey,
        PAYMOB_HMAC_SECRET: PAYMOB.hmac,
        PAYMOB_IFRAME_ID: String(PAYMOB.iframe),
        PAYMOB_CARD_INTEGRATION_ID: String(PAYMOB.card),
        KASHIER_MERCHANT_ID: KASHIER.mid,
        KASHIER_API_KEY: KASHIER.key,
        KASHIER_MODE: 'test',
        FAWRY_MERCHANT_CODE: FAWRY.fawry.code,
        FAWRY_SECURE_KEY: FAWRY.fawry.key,
        FAWRY_STAGING_MERCHANT_CODE: FAWRY['fawry-staging'].code,
        FAWRY_STAGING_SECURE_KEY: FAWRY['fawry-staging'].key,
      },
    }),
    startTestServer({ seed: false, env: { APP_SECRET, PAYMENTS_SANDBOX: 'on' } }),
  ]);
  await Promise.all([enableAllMethods(real.db), enableAllMethods(sandbox.db)]);
}, 120_000);
afterAll(async () => {
  await real?.close();
  await sandbox?.close();
});

/** The sum of a student's ledger is the balance, after whatever happened (ADR 018). */
afterEach(async () => {
  for (const { server, student } of students.splice(0)) {
    const rows = await server.db
      .selectFrom('wallet_transactions')
      .select('value')
      .where('user_id', '=', student.userId)
      .execute();
    const { balance } = await server.db
      .selectFrom('users')
      .select('balance')
      .where('id', '=', student.userId)
      .executeTakeFirstOrThrow();
    expect(
      rows.reduce((sum, r) => sum + r.value, 0),
      `ledger of ${student.userId}`,
    ).toBe(balance);
  }
});

async function newStudent(server: TestServer) {
  const student = await makeStudent(server.db);
  students.push({ server, student });
  return student;
}

/** A student's money: the balance, the recharges' values and the recharge notifications. */
async function moneyOf(server: TestServer, userId: number) {
  const { balance, recharges, notices } = await money(server.db, userId);
  return { balance, recharges: recharges.map((r) => r.value), notices };
}

const NOTHING = { balance: 0, recharges: [], notices: 0 };
const CREDITED_ONCE = { balance: PIASTERS, recharges: [PIASTERS], notices: 1 };

async function statusOf(server: TestServer, id: string) {
  const row = await server.db
    .selectFrom('payment_orders')
    .select(['status', 'paid_at', 'transaction_serial'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.status;
}

// ---- the entries: one per provider and way in -------------------------------------------

type Order = { id: string; userId: number; providerOrderId: string | null };
type Status = 'paid' | 'failed' | 'pending';
/** How the message is signed: as documented, or in one of the ways a forger would. */
type Sig =
  | 'valid'
  | 'absent'
  | 'empty'
  | 'wrong'
  | { otherOrder: Order }
  | { otherAmount: number }
  | { otherKey: string };
type Message = {
  order: Order;
  status?: Status;
  /** piasters the message says were paid */
  amount?: number;
  currency?: string;
  sig?: Sig;
  /** names no order of ours */
  unknown?: boolean;
  /** the browser (a signed-in student) that brings a return */
  token?: string;
};

interface Entry {
  name: string;
  server: () => TestServer;
  /** A notification answers the provider with a status; a return redirects the browser. */
  via: 'return' | 'notification';
  /** Whether the message carries its own signature (Fawry's return does not). */
  signed: boolean;
  /** Whether the message names its currency. */
  currency: boolean;
  /** Whether the provider can say a payment waits. */
  pending: boolean;
  open(student: TestStudent): Promise<Order>;
  send(message: Message): Promise<LightMyRequestResponse>;
}

async function openOrder(server: TestServer, student: TestStudent, path: string) {
  const ordersOf = () =>
    server.db
      .selectFrom('payment_orders')
      .selectAll()
      .where('user_id', '=', student.userId)
      .execute();
  const before = new Set((await ordersOf()).map((o) => o.id));
  const res = await apiPost(server.app, path, { amount: POUNDS }, student.token);
  expect(res.statusCode, res.body).toBe(200);
  // The order this call opened: not the newest by time, which two orders opened in the same
  // millisecond share (their random ids then decide, and a test once got its first order as
  // its "other" one).
  const opened = (await ordersOf()).filter((o) => !before.has(o.id));
  expect(opened).toHaveLength(1);
  const row = opened[0]!;
  expect(row.amount).toBe(PIASTERS);
  return { id: row.id, userId: student.userId, providerOrderId: row.provider_order_id };
}

/**
 * A browser's GET, each from its own address: returns are limited per address a minute, and
 * this file makes far more of them than a student would.
 */
let browsers = 0;
/** An order written straight into the table, as another provider (or a past server) left it. */
function orderOf(
  server: TestServer,
  student: TestStudent,
  id: string,
  method: GatewayMethod,
  provider: Provider,
) {
  return insertOrder(server.db, { id, userId: student.userId, method, provider, amount: PIASTERS });
}

const browser = (server: TestServer, url: string, token?: string) =>
  server.app.inject({
    method: 'GET',
    url,
    remoteAddress: `10.23.${Math.floor(++browsers / 250)}.${browsers % 250}`,
    headers: token ? { ...WEB_HEADERS, authorization: `Bearer ${token}` } : {},
  });

// Paymob: HMAC-SHA512 under the HMAC secret of twenty values concatenated in its order.
let paymobTransactions = 190_000_000;
function paymobTransactionOf(m: Message, paymobOrderId: string) {
  const status = m.status ?? 'paid';
  return paymobTransaction(Number(paymobOrderId), PAYMOB.card, {
    id: ++paymobTransactions,
    pending: status === 'pending',
    amount_cents: m.amount ?? PIASTERS,
    success: status === 'paid',
    currency: m.currency ?? 'EGP',
  });
}
type PaymobTx = ReturnType<typeof paymobTransactionOf>;
const paymobSigned = (t: PaymobTx, key = PAYMOB.hmac) => paymobDocumentedHmac(t, key);
function paymobHmacOf(m: Message, t: PaymobTx): string | undefined {
  const sig = m.sig ?? 'valid';
  if (sig === 'absent') return undefined;
  if (sig === 'empty') return '';
  if (sig === 'wrong') return 'ab'.repeat(64);
  if (sig === 'valid') return paymobSigned(t);
  if ('otherKey' in sig) return paymobSigned(t, sig.otherKey);
  if ('otherOrder' in sig)
    return paymobSigned({
      ...t,
      order: { ...t.order, id: Number(sig.otherOrder.providerOrderId) },
    });
  return paymobSigned({ ...t, amount_cents: sig.otherAmount });
}
const paymobRef = (m: Message) => (m.unknown ? '999999999' : m.order.providerOrderId!);

// Kashier: HMAC-SHA256 under the API key of the query's key=value pairs, in order, joined by
// '&', without signature and mode.
function kashierFields(m: Message, orderId: string): [string, string][] {
  const status = { paid: 'SUCCESS', failed: 'FAILURE', pending: 'PENDING' }[m.status ?? 'paid'];
  return [
    ['paymentStatus', status],
    ['cardDataToken', ''],
    ['maskedCard', '512345******0008'],
    ['merchantOrderId', orderId],
    ['orderId', 'kashier-own-order-id'],
    ['cardBrand', 'Mastercard'],
    ['orderReference', 'TEST-ORD-23'],
    ['transactionId', 'TX-23'],
    ['amount', ((m.amount ?? PIASTERS) / 100).toFixed(2)],
    ['currency', m.currency ?? 'EGP'],
  ];
}
const kashierSigned = (fields: [string, string][], key = KASHIER.key) =>
  hmac('sha256', key, fields.map(([k, v]) => `${k}=${v}`).join('&'));
function kashierSignatureOf(m: Message, fields: [string, string][]): string | undefined {
  const sig = m.sig ?? 'valid';
  const change = (name: string, value: string) =>
    fields.map(([k, v]): [string, string] => [k, k === name ? value : v]);
  if (sig === 'absent') return undefined;
  if (sig === 'empty') return '';
  if (sig === 'wrong') return 'cd'.repeat(32);
  if (sig === 'valid') return kashierSigned(fields);
  if ('otherKey' in sig) return kashierSigned(fields, sig.otherKey);
  if ('otherOrder' in sig) return kashierSigned(change('merchantOrderId', sig.otherOrder.id));
  return kashierSigned(change('amount', (sig.otherAmount / 100).toFixed(2)));
}

// The sandbox: HMAC-SHA256 under its key of `{order}.{status}.{amount in piasters}`.
function sandboxQuery(m: Message, key = SANDBOX_KEY) {
  const order = m.unknown ? '123456789012345678' : m.order.id;
  const status = m.status ?? 'paid';
  const amount = m.amount ?? PIASTERS;
  const sign = (o: string, a: number, k = key) => hmac('sha256', k, `${o}.${status}.${a}`);
  const sig = m.sig ?? 'valid';
  const signature =
    sig === 'absent'
      ? undefined
      : sig === 'empty'
        ? ''
        : sig === 'wrong'
          ? 'ef'.repeat(32)
          : sig === 'valid'
            ? sign(order, amount)
            : 'otherKey' in sig
              ? sign(order, amount, sig.otherKey)
              : 'otherOrder' in sig
                ? sign(sig.otherOrder.id, amount)
                : sign(order, sig.otherAmount);
  return new URLSearchParams({
    order,
    status,
    amount: String(amount),
    ...(signature === undefined ? {} : { signature }),
  });
}

// Fawry's notification V2: SHA-256 of fawryRefNumber + merchantRefNumber + paymentAmount and
// orderAmount in pounds with two decimals + orderStatus + paymentMethod + paymentRefrenceNumber
// + the secure key. Whatever it says, the order is credited on Fawry's signed status check.
const FAWRY_STATUS = { paid: 'PAID', failed: 'EXPIRED', pending: 'UNPAID' } as const;
function fawryNotification(m: Message, provider: FawryProvider, orderId: string) {
  const pounds = ((m.amount ?? PIASTERS) / 100).toFixed(2);
  const n = {
    requestId: 'req-23',
    fawryRefNumber: '7001234567',
    merchantRefNumber: orderId,
    paymentAmount: Number(pounds),
    orderAmount: Number(pounds),
    fawryFees: 0,
    orderStatus: FAWRY_STATUS[m.status ?? 'paid'],
    paymentMethod: 'PayAtFawry',
    paymentRefrenceNumber: '',
  };
  const sign = (ref: string, amount: string, key: string = FAWRY[provider].key) =>
    sha256(
      `${n.fawryRefNumber}${ref}${amount}${amount}${n.orderStatus}${n.paymentMethod}${n.paymentRefrenceNumber}${key}`,
    );
  const sig = m.sig ?? 'valid';
  const messageSignature =
    sig === 'absent'
      ? undefined
      : sig === 'empty'
        ? ''
        : sig === 'wrong'
          ? '01'.repeat(32)
          : sig === 'valid'
            ? sign(orderId, pounds)
            : 'otherKey' in sig
              ? sign(orderId, pounds, sig.otherKey)
              : 'otherOrder' in sig
                ? sign(sig.otherOrder.id, pounds)
                : sign(orderId, (sig.otherAmount / 100).toFixed(2));
  return messageSignature === undefined ? n : { ...n, messageSignature };
}
/** What Fawry's status check says of the order: the message's claim, unless told otherwise. */
function fawrySays(orderId: string, m: Message) {
  fawryStatus.set(orderId, {
    orderStatus: FAWRY_STATUS[m.status ?? 'paid'],
    orderAmount: (m.amount ?? PIASTERS) / 100,
  });
}
/** For a forged message, Fawry itself says the order was paid in full: only the signature stands. */
function fawryPaidInFull(orderId: string) {
  fawryStatus.set(orderId, { orderStatus: 'PAID', orderAmount: POUNDS });
}
const fawryRef = (m: Message) => (m.unknown ? '123456789012345678' : m.order.id);

/** An entry whose orders open at `path`: signed, in pounds alone, able to say a payment waits. */
function entry(
  name: string,
  server: () => TestServer,
  via: Entry['via'],
  path: string,
  send: Entry['send'],
  flags: Partial<Pick<Entry, 'signed' | 'currency' | 'pending'>> = {},
): Entry {
  const open = (student: TestStudent) => openOrder(server(), student, path);
  return { name, server, via, signed: true, currency: false, pending: true, ...flags, open, send };
}

const PAYMOB_CARD = '/wallet/paymob/order/card';

const ENTRIES: Entry[] = [
  entry(
    'paymob return',
    () => real,
    'return',
    PAYMOB_CARD,
    (m) => {
      const t = paymobTransactionOf(m, paymobRef(m));
      const query: Record<string, string> = {
        ...paymobReturnFields(t),
        merchant_order_id: m.order.id,
      };
      const signature = paymobHmacOf(m, t);
      if (signature !== undefined) query.hmac = signature;
      return browser(real, `/payments/paymob/return?${new URLSearchParams(query)}`, m.token);
    },
    { currency: true },
  ),
  entry(
    'paymob notification',
    () => real,
    'notification',
    PAYMOB_CARD,
    (m) => {
      const t = paymobTransactionOf(m, paymobRef(m));
      const signature = paymobHmacOf(m, t);
      return real.app.inject({
        method: 'POST',
        url: `/payments/paymob/callback${signature === undefined ? '' : `?hmac=${signature}`}`,
        payload: { type: 'TRANSACTION', obj: t },
      });
    },
    { currency: true },
  ),
  entry(
    'kashier return',
    () => real,
    'return',
    '/wallet/kashier/order',
    (m) => {
      const fields = kashierFields(m, m.unknown ? '123456789012345678' : m.order.id);
      const signature = kashierSignatureOf(m, fields);
      const query = new URLSearchParams([
        ...fields,
        ...(signature === undefined ? [] : [['signature', signature] as [string, string]]),
        ['mode', 'test'],
      ]);
      return browser(real, `/payments/kashier/return?${query}`, m.token);
    },
    { currency: true },
  ),
  ...(['fawry', 'fawry-staging'] as const).flatMap((provider): Entry[] => {
    const path = provider === 'fawry' ? '/wallet/fawry/order' : '/wallet/fawry/order/staging';
    return [
      entry(
        `${provider} notification`,
        () => real,
        'notification',
        path,
        (m) => {
          const ref = fawryRef(m);
          if ((m.sig ?? 'valid') === 'valid') fawrySays(ref, m);
          else fawryPaidInFull(ref);
          return real.app.inject({
            method: 'POST',
            url: `/payments/${provider}/callback`,
            payload: fawryNotification(m, provider, ref),
          });
        },
      ),
      entry(
        `${provider} return`,
        () => real,
        'return',
        path,
        (m) => {
          const ref = fawryRef(m);
          fawrySays(ref, m);
          // The browser's return says it was paid whatever Fawry says: it is not believed.
          const query = new URLSearchParams({
            merchantRefNumber: ref,
            orderStatus: 'PAID',
            paymentAmount: POUNDS.toFixed(2),
          });
          return browser(real, `/payments/${provider}/return?${query}`, m.token);
        },
        { signed: false },
      ),
    ];
  }),
  entry(
    'sandbox return',
    () => sandbox,
    'return',
    PAYMOB_CARD,
    (m) => browser(sandbox, `/payments/sandbox/return?${sandboxQuery(m)}`, m.token),
    { pending: false },
  ),
];

/** What a refused or unpaid message answers: an error banner, or the notification's status. */
function expectNotCredited(entry: Entry, res: LightMyRequestResponse, notificationStatus: number) {
  if (entry.via === 'notification') expect(res.statusCode, res.body).toBe(notificationStatus);
  else {
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/wallet\?error=/);
  }
}

const FORGERIES: { name: string; sig: (other: Order) => Sig }[] = [
  { name: 'no signature', sig: () => 'absent' },
  { name: 'an empty signature', sig: () => 'empty' },
  { name: 'a wrong signature of the right length', sig: () => 'wrong' },
  { name: 'a signature under another key', sig: () => ({ otherKey: 'not-the-real-key' }) },
  { name: "another order's valid signature", sig: (other) => ({ otherOrder: other }) },
  { name: 'a signature over another amount (1 piaster)', sig: () => ({ otherAmount: 1 }) },
];

describe.each(ENTRIES)('$name', (entry) => {
  const server = () => entry.server();

  it(`a correctly signed payment credits exactly ${PIASTERS} piasters once, however often it comes`, async () => {
    const student = await newStudent(server());
    const order = await entry.open(student);
    const first = await entry.send({ order });
    if (entry.via === 'notification') expect(first.statusCode, first.body).toBe(200);
    else expect(first.headers.location).toBe('/wallet');
    expect(await statusOf(server(), order.id)).toBe('paid');
    expect(await moneyOf(server(), student.userId)).toEqual(CREDITED_ONCE);

    // Replayed one after another, then ten at once: still one credit.
    for (let i = 0; i < 3; i++) {
      const again = await entry.send({ order });
      if (entry.via === 'notification') expect(again.statusCode).toBe(200);
      else expect(again.headers.location).toBe('/wallet');
    }
    await Promise.all(Array.from({ length: 10 }, () => entry.send({ order })));
    expect(await moneyOf(server(), student.userId)).toEqual(CREDITED_ONCE);

    // A failure or a wait told afterwards does not unpay it; the browser bringing it back is
    // not told that the payment failed or waits (the wallet has it); a notification gets 200.
    const late = [await entry.send({ order, status: 'failed' })];
    if (entry.pending) late.push(await entry.send({ order, status: 'pending' }));
    for (const res of late)
      if (entry.via === 'notification') expect(res.statusCode, res.body).toBe(200);
      else expect(res.headers.location).toBe('/wallet');
    expect(await statusOf(server(), order.id)).toBe('paid');
    expect(await moneyOf(server(), student.userId)).toEqual(CREDITED_ONCE);
  });

  if (entry.signed)
    it.each(FORGERIES)('$name credits nothing and leaves the order pending', async (forgery) => {
      const student = await newStudent(server());
      const order = await entry.open(student);
      const other = await entry.open(student);
      const res = await entry.send({ order, sig: forgery.sig(other) });
      expectNotCredited(entry, res, 401);
      expect(await statusOf(server(), order.id)).toBe('pending');
      expect(await statusOf(server(), other.id)).toBe('pending');
      expect(await moneyOf(server(), student.userId)).toEqual(NOTHING);
    });

  if (entry.name.startsWith('fawry') && entry.via === 'notification')
    it('a forged notification costs no status call', async () => {
      const student = await newStudent(server());
      const order = await entry.open(student);
      providers.calls.length = 0;
      await entry.send({ order, sig: 'absent' });
      await entry.send({ order, sig: 'wrong' });
      expect(providers.calls).toEqual([]);
    });

  it.each([
    ['one piaster less', PIASTERS - 1],
    ['one piaster more', PIASTERS + 1],
    ['a hundred times less (pounds read as piasters)', 37],
    ['a hundred times more (piasters read as pounds)', PIASTERS * 100],
  ])('a valid payment of %s than the order credits nothing', async (_, amount) => {
    const student = await newStudent(server());
    const order = await entry.open(student);
    const res = await entry.send({ order, amount });
    expectNotCredited(entry, res, 422);
    expect(await statusOf(server(), order.id)).toBe('pending');
    expect(await moneyOf(server(), student.userId)).toEqual(NOTHING);
  });

  if (entry.currency)
    it('a valid payment of the same figure in another currency credits nothing', async () => {
      const student = await newStudent(server());
      const order = await entry.open(student);
      for (const currency of ['USD', 'egp', ''])
        expectNotCredited(entry, await entry.send({ order, currency }), 422);
      expect(await statusOf(server(), order.id)).toBe('pending');
      expect(await moneyOf(server(), student.userId)).toEqual(NOTHING);
    });

  it('a valid failure fails the order and credits nothing; a later valid payment credits once', async () => {
    const student = await newStudent(server());
    const order = await entry.open(student);
    expectNotCredited(entry, await entry.send({ order, status: 'failed' }), 200);
    expect(await statusOf(server(), order.id)).toBe('failed');
    expect(await moneyOf(server(), student.userId)).toEqual(NOTHING);
    await entry.send({ order });
    expect(await statusOf(server(), order.id)).toBe('paid');
    expect(await moneyOf(server(), student.userId)).toEqual(CREDITED_ONCE);
  });

  if (entry.pending)
    it('a valid wait credits nothing and leaves the order pending', async () => {
      const student = await newStudent(server());
      const order = await entry.open(student);
      expectNotCredited(entry, await entry.send({ order, status: 'pending' }), 200);
      expect(await statusOf(server(), order.id)).toBe('pending');
      expect(await moneyOf(server(), student.userId)).toEqual(NOTHING);
    });

  it('a valid payment for an order that is not ours credits no one', async () => {
    const student = await newStudent(server());
    const order = await entry.open(student);
    expectNotCredited(entry, await entry.send({ order, unknown: true }), 404);
    expect(await statusOf(server(), order.id)).toBe('pending');
    expect(await moneyOf(server(), student.userId)).toEqual(NOTHING);
  });

  if (entry.via === 'return')
    it("another student's browser bringing the return credits the order's owner, not itself", async () => {
      const owner = await newStudent(server());
      const other = await newStudent(server());
      const order = await entry.open(owner);
      await entry.send({ order, token: other.token, sig: 'wrong' });
      expect(await moneyOf(server(), other.userId)).toEqual(NOTHING);
      expect(await moneyOf(server(), owner.userId)).toEqual(entry.signed ? NOTHING : CREDITED_ONCE);
      await entry.send({ order, token: other.token });
      expect(await moneyOf(server(), other.userId)).toEqual(NOTHING);
      expect(await moneyOf(server(), owner.userId)).toEqual(CREDITED_ONCE);
    });
});

describe('orders are settled only by their own provider', () => {
  it('a Kashier-signed payment naming a Fawry or Paymob order credits nothing', async () => {
    const student = await newStudent(real);
    const kashier = ENTRIES.find((e) => e.name === 'kashier return')!;
    for (const path of ['/wallet/fawry/order', PAYMOB_CARD]) {
      const order = await openOrder(real, student, path);
      expectNotCredited(kashier, await kashier.send({ order }), 0);
      expect(await statusOf(real, order.id)).toBe('pending');
    }
    expect(await moneyOf(real, student.userId)).toEqual(NOTHING);
  });

  it('a sandbox-signed payment naming an order of a real provider credits nothing', async () => {
    const student = await newStudent(sandbox);
    const id = '500000000000000023';
    await orderOf(sandbox, student, id, 'kashier', 'kashier');
    const order = { id, userId: student.userId, providerOrderId: null };
    const res = await browser(sandbox, `/payments/sandbox/return?${sandboxQuery({ order })}`);
    expect(res.headers.location).toMatch(/^\/wallet\?error=/);
    expect(await statusOf(sandbox, id)).toBe('pending');
    expect(await moneyOf(sandbox, student.userId)).toEqual(NOTHING);
  });

  it('a Fawry status answer about another order, or not 200, credits nothing', async () => {
    const student = await newStudent(real);
    const order = await openOrder(real, student, '/wallet/fawry/order');
    const paid = { orderStatus: 'PAID', orderAmount: POUNDS, paymentMethod: 'CARD' };
    const query = `merchantRefNumber=${order.id}`;
    for (const answer of [
      { ...paid, statusCode: 200, merchantRefNumber: '123456789012345678' },
      { ...paid, statusCode: 9938, merchantRefNumber: order.id },
      { ...paid, merchantRefNumber: order.id },
    ]) {
      fawryStatus.set(order.id, { raw: answer });
      const res = await browser(real, `/payments/fawry/return?${query}`);
      expect(res.headers.location).toMatch(/^\/wallet\?error=/);
    }
    expect(await statusOf(real, order.id)).toBe('pending');
    expect(await moneyOf(real, student.userId)).toEqual(NOTHING);
  });
});

describe('the routes no provider calls', () => {
  it('Kashier and the sandbox take no server notification: 404, nothing credited', async () => {
    const student = await newStudent(real);
    const order = await openOrder(real, student, '/wallet/kashier/order');
    for (const [server, provider] of [
      [real, 'kashier'],
      [sandbox, 'sandbox'],
    ] as const) {
      const res = await server.app.inject({
        method: 'POST',
        url: `/payments/${provider}/callback`,
        payload: {
          merchantOrderId: order.id,
          paymentStatus: 'SUCCESS',
          amount: POUNDS.toFixed(2),
          order: order.id,
          status: 'paid',
        },
      });
      // No such route: 404, or 405 where the path answers other methods.
      expect([404, 405]).toContain(res.statusCode);
    }
    expect(await moneyOf(real, student.userId)).toEqual(NOTHING);
  });
});

describe('the sandbox while it is off', () => {
  it('its return refuses even a correctly signed payment of an order left from when it was on', async () => {
    const student = await newStudent(real);
    const id = '600000000000000023';
    await orderOf(real, student, id, 'paymob_card', 'sandbox');
    const order = { id, userId: student.userId, providerOrderId: null };
    const res = await browser(real, `/payments/sandbox/return?${sandboxQuery({ order })}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/wallet\?error=/);
    expect(await statusOf(real, id)).toBe('pending');
    expect(await moneyOf(real, student.userId)).toEqual(NOTHING);
    // Its checkout page is closed, and no order opens through it.
    expect((await browser(real, `/payments/sandbox/${id}`)).statusCode).toBe(404);
    expect(
      (await apiPost(real.app, '/wallet/paymob/order/wallet', { amount: POUNDS }, student.token))
        .statusCode,
    ).toBe(404);
  });

  it('while on, its checkout shows only its own pending orders', async () => {
    const student = await newStudent(sandbox);
    const order = await openOrder(sandbox, student, PAYMOB_CARD);
    expect((await browser(sandbox, `/payments/sandbox/${order.id}`)).statusCode).toBe(200);
    const id = '700000000000000023';
    await orderOf(sandbox, student, id, 'kashier', 'kashier');
    expect((await browser(sandbox, `/payments/sandbox/${id}`)).statusCode).toBe(404);
    await browser(sandbox, `/payments/sandbox/return?${sandboxQuery({ order })}`);
    expect((await browser(sandbox, `/payments/sandbox/${order.id}`)).statusCode).toBe(404);
  });
});

// ---- staff's re-check (ADR 030) ------------------------------------------------------------

describe("staff's re-check of a stuck order", () => {
  let admin: TestStudent;
  let sandboxAdmin: TestStudent;
  beforeAll(async () => {
    admin = await makeStaff(real.db, 'admin');
    sandboxAdmin = await makeStaff(sandbox.db, 'admin');
  });
  const recheck = (server: TestServer, token: string, id: string) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/staff/payment-orders/${id}/recheck`,
      headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
      payload: {},
    });
  const auditOf = (server: TestServer, id: string) =>
    server.db
      .selectFrom('staff_audit_log')
      .select(['action', 'user_id'])
      .where('resource', '=', 'payment-orders')
      .where('resource_id', '=', id)
      .execute();

  it('Fawry says paid: credited once with one audit row; the notification after it credits no more', async () => {
    const student = await newStudent(real);
    const order = await openOrder(real, student, '/wallet/fawry/order');
    fawryStatus.set(order.id, { orderStatus: 'PAID', orderAmount: POUNDS });
    const res = await recheck(real, admin.token, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.result).toBe('credited');
    expect(await moneyOf(real, student.userId)).toEqual(CREDITED_ONCE);
    expect(await auditOf(real, order.id)).toEqual([{ action: 'recheck', user_id: admin.userId }]);
    const fawry = ENTRIES.find((e) => e.name === 'fawry notification')!;
    expect((await fawry.send({ order })).statusCode).toBe(200);
    expect((await recheck(real, admin.token, order.id)).statusCode).toBe(409);
    expect(await moneyOf(real, student.userId)).toEqual(CREDITED_ONCE);
    expect(await auditOf(real, order.id)).toHaveLength(1);
  });

  it('Fawry says expired: the order fails, nothing is credited, the change is audited', async () => {
    const student = await newStudent(real);
    const order = await openOrder(real, student, '/wallet/fawry/order');
    fawryStatus.set(order.id, { orderStatus: 'EXPIRED', orderAmount: POUNDS });
    const res = await recheck(real, admin.token, order.id);
    expect(res.json().meta.result).toBe('not-paid');
    expect(await statusOf(real, order.id)).toBe('failed');
    expect(await moneyOf(real, student.userId)).toEqual(NOTHING);
    expect(await auditOf(real, order.id)).toHaveLength(1);
    // Re-checked again while Fawry still says expired: the order was failed already, nothing
    // changes, so no second audit row.
    const again = await recheck(real, admin.token, order.id);
    expect(again.json().meta.result).toBe('not-paid');
    expect(await statusOf(real, order.id)).toBe('failed');
    expect(await auditOf(real, order.id)).toHaveLength(1);
  });

  it('Paymob: an inquiry about another order, in another currency or of another amount credits nothing', async () => {
    const student = await newStudent(real);
    const order = await openOrder(real, student, PAYMOB_CARD);
    const tx = (over: Record<string, unknown>) => ({
      id: 91_023,
      pending: false,
      success: true,
      is_voided: false,
      is_refunded: false,
      error_occured: false,
      amount_cents: PIASTERS,
      currency: 'EGP',
      order: { id: Number(order.providerOrderId), merchant_order_id: order.id },
      ...over,
    });
    paymobInquiry.set(
      order.providerOrderId!,
      tx({ order: { id: 1, merchant_order_id: order.id } }),
    );
    expect((await recheck(real, admin.token, order.id)).statusCode).toBe(500);
    paymobInquiry.set(order.providerOrderId!, tx({ currency: 'USD' }));
    expect((await recheck(real, admin.token, order.id)).statusCode).toBe(409);
    paymobInquiry.set(order.providerOrderId!, tx({ amount_cents: PIASTERS - 1 }));
    expect((await recheck(real, admin.token, order.id)).statusCode).toBe(409);
    paymobInquiry.set(order.providerOrderId!, tx({ success: false, pending: true }));
    expect((await recheck(real, admin.token, order.id)).json().meta.result).toBe('pending');
    expect(await statusOf(real, order.id)).toBe('pending');
    expect(await moneyOf(real, student.userId)).toEqual(NOTHING);
    expect(await auditOf(real, order.id)).toEqual([]);

    paymobInquiry.set(order.providerOrderId!, tx({}));
    expect((await recheck(real, admin.token, order.id)).json().meta.result).toBe('credited');
    const paymob = ENTRIES.find((e) => e.name === 'paymob notification')!;
    expect((await paymob.send({ order })).statusCode).toBe(200);
    expect(await moneyOf(real, student.userId)).toEqual(CREDITED_ONCE);
    expect(await auditOf(real, order.id)).toHaveLength(1);
  });

  it('the sandbox never says an open order was paid', async () => {
    const student = await newStudent(sandbox);
    const order = await openOrder(sandbox, student, PAYMOB_CARD);
    const res = await recheck(sandbox, sandboxAdmin.token, order.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.result).toBe('pending');
    expect(await statusOf(sandbox, order.id)).toBe('pending');
    expect(await moneyOf(sandbox, student.userId)).toEqual(NOTHING);
    expect(await auditOf(sandbox, order.id)).toEqual([]);
  });
});

describe('a signature that is not hex', () => {
  it('of the right length in letters but not in bytes is refused, not a server error', async () => {
    const student = await newStudent(real);
    const order = await openOrder(real, student, '/wallet/kashier/order');
    // 64 characters, as long as a SHA-256 hex digest, but 'é' is two bytes in UTF-8.
    const query = new URLSearchParams([
      ...kashierFields({ order }, order.id),
      ['signature', 'é'.repeat(64)],
    ]);
    const res = await browser(real, `/payments/kashier/return?${query}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/wallet\?error=/);
    const paymob = await real.app.inject({
      method: 'POST',
      url: `/payments/paymob/callback?hmac=${encodeURIComponent('İ'.repeat(128))}`,
      payload: { type: 'TRANSACTION', obj: paymobTransactionOf({ order }, '1') },
    });
    expect(paymob.statusCode).toBe(401);
    expect(await moneyOf(real, student.userId)).toEqual(NOTHING);
  });
});
