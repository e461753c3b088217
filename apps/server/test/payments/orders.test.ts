import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAppResponseSchema } from '@dars/contract';
import { putSettings } from '../../src/modules/settings/settings-service';
import { ORDERS_PER_HOUR } from '../../src/modules/payments/payment-service';
import {
  insertOrder,
  newOrderId,
  orderById,
  recordStarted,
} from '../../src/modules/payments/payment-orders';
import { startTestServer, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { apiPost, enableAllMethods } from './payment-client';

// Opening a gateway order: who may, for what, from how much (ADR 019). The sandbox takes the
// orders here (switched on, no provider credentials).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false, env: { PAYMENTS_SANDBOX: 'on' } });
  await enableAllMethods(server.db);
});
afterAll(() => server.close());

const order = (path: string, amount: unknown, token?: string) =>
  apiPost(server.app, path, { amount }, token);

describe('opening an order', () => {
  it('requires sign-in', async () => {
    const res = await order('/wallet/paymob/order/card', 50);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('is not found while the wallet system is off', async () => {
    const student = await makeStudent(server.db);
    await putSettings(server.db, { enable_wallet_system: false });
    try {
      const res = await order('/wallet/kashier/order', 50, student.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('FEATURE_DISABLED');
    } finally {
      await putSettings(server.db, { enable_wallet_system: true });
    }
    expect((await order('/wallet/kashier/order', 50, student.token)).statusCode).toBe(200);
  });

  it('needs at least min_recharge_amount: LESS_THAN_MIN_AMOUNT below, an order at it', async () => {
    const student = await makeStudent(server.db);
    const below = await order('/wallet/paymob/order/card', 19.99, student.token);
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({
      code: 'LESS_THAN_MIN_AMOUNT',
      message: 'المبلغ أقل من الحد الأدنى للشحن',
    });
    expect((await order('/wallet/paymob/order/card', 20, student.token)).statusCode).toBe(200);
    const count = await server.db
      .selectFrom('payment_orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', student.userId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses an amount that is not money', async () => {
    const student = await makeStudent(server.db);
    for (const amount of [0, -50, 12.345, 'خمسون', null, 2_000_000]) {
      const res = await order('/wallet/paymob/order/card', amount, student.token);
      expect(res.statusCode, String(amount)).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('only for a method that is offered: enabled by staff and with a gateway to take it', async () => {
    const student = await makeStudent(server.db);
    // Fawry has no credentials and the sandbox cannot play its pop-up.
    const fawry = await order('/wallet/fawry/order', 50, student.token);
    expect(fawry.statusCode).toBe(404);
    expect(fawry.json()).toMatchObject({
      code: 'FEATURE_DISABLED',
      message: 'طريقة الدفع هذه غير متاحة',
    });
    await putSettings(server.db, {
      recharge_info: {
        min_recharge_amount: 20,
        supported_methods: ['recharge_card', 'paymob_card'],
        mobile_wallet_number: null,
      },
    });
    try {
      expect((await order('/wallet/kashier/order', 50, student.token)).statusCode).toBe(404);
      expect((await order('/wallet/paymob/order/kiosk', 50, student.token)).statusCode).toBe(404);
      expect((await order('/wallet/paymob/order/card', 50, student.token)).statusCode).toBe(200);
    } finally {
      await enableAllMethods(server.db);
    }
  });

  it(`is limited to ${ORDERS_PER_HOUR} orders an hour per student`, async () => {
    const student = await makeStudent(server.db);
    for (let i = 0; i < ORDERS_PER_HOUR; i++)
      expect((await order('/wallet/paymob/order/card', 20, student.token)).statusCode).toBe(200);
    const over = await order('/wallet/paymob/order/card', 20, student.token);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('TOO_MANY_REQUESTS');
    const other = await makeStudent(server.db);
    expect((await order('/wallet/paymob/order/card', 20, other.token)).statusCode).toBe(200);
  });
});

describe('what the provider gave an order', () => {
  /** An order last changed at a known time, to see whether recording rewrote it. */
  async function orderChangedAt(userId: number, updatedAt: string) {
    const id = newOrderId();
    await insertOrder(server.db, {
      id,
      userId,
      method: 'paymob_kiosk',
      provider: 'paymob',
      amount: 5_000,
    });
    await server.db
      .updateTable('payment_orders')
      .set({ updated_at: updatedAt })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('keeps a bill reference given without an order id, and writes nothing when given neither', async () => {
    const student = await makeStudent(server.db);
    const before = '2026-01-02T03:04:05.000Z';
    const billOnly = await orderChangedAt(student.userId, before);
    await recordStarted(server.db, billOnly, {
      checkout: { url: '/kiosk' },
      providerReference: '91827364',
    });
    expect(await orderById(server.db, billOnly)).toMatchObject({
      provider_order_id: null,
      provider_reference: '91827364',
    });
    expect((await orderById(server.db, billOnly))!.updated_at).not.toBe(before);

    const nothing = await orderChangedAt(student.userId, before);
    await recordStarted(server.db, nothing, { checkout: { url: '/page' } });
    expect(await orderById(server.db, nothing)).toMatchObject({
      provider_order_id: null,
      provider_reference: null,
      updated_at: before,
    });
  });
});

describe('the settings answer', () => {
  it('lists only the methods that can be used here, in the order staff stored them', async () => {
    await putSettings(server.db, {
      recharge_info: {
        min_recharge_amount: 20,
        supported_methods: ['kashier', 'fawry', 'mobile_wallets', 'paymob_card', 'recharge_card'],
        mobile_wallet_number: '01001234567',
      },
    });
    try {
      const res = await server.app.inject({ method: 'GET', url: '/api/v1/app' });
      const { data } = getAppResponseSchema.parse(res.json());
      expect(data.recharge_info.supported_methods).toEqual([
        'kashier',
        'mobile_wallets',
        'paymob_card',
        'recharge_card',
      ]);
    } finally {
      await enableAllMethods(server.db);
    }
  });

  it("offers each Fawry account's method once its keys are given, and each takes its own account", async () => {
    // Only Fawry has keys here: no sandbox, no other provider.
    const fawryOnly = await startTestServer({
      seed: false,
      env: {
        FAWRY_MERCHANT_CODE: 'live-code',
        FAWRY_SECURE_KEY: 'live-key',
        FAWRY_STAGING_MERCHANT_CODE: 'staging-code',
        FAWRY_STAGING_SECURE_KEY: 'staging-key',
      },
    });
    try {
      // Every method enabled (the mobile wallet not): what can be used is ours and Fawry's two.
      await enableAllMethods(fawryOnly.db);
      const res = await fawryOnly.app.inject({ method: 'GET', url: '/api/v1/app' });
      const { data } = getAppResponseSchema.parse(res.json());
      expect(data.recharge_info.supported_methods).toEqual([
        'recharge_card',
        'fawry',
        'fawry_staging',
      ]);
      const student = await makeStudent(fawryOnly.db);
      for (const [path, code] of [
        ['/wallet/fawry/order', 'live-code'],
        ['/wallet/fawry/order/staging', 'staging-code'],
      ] as const) {
        const opened = await apiPost(fawryOnly.app, path, { amount: 20 }, student.token);
        expect(opened.statusCode, opened.body).toBe(200);
        expect(opened.json().charge_request.merchantCode, path).toBe(code);
      }
    } finally {
      await fawryOnly.close();
    }
  });
});

describe("the app's Content-Security-Policy", () => {
  const directive = (csp: string, name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `)) ?? '';

  it('allows no payment host while none is configured', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/wallet' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toMatch(/atfawry|paymob/);
  });

  it("allows Fawry's script and pop-up, and Paymob's embedded iframe, once configured", async () => {
    const other = await startTestServer({
      seed: false,
      env: {
        FAWRY_MERCHANT_CODE: 'code',
        FAWRY_SECURE_KEY: 'key',
        FAWRY_STAGING_MERCHANT_CODE: 'code2',
        FAWRY_STAGING_SECURE_KEY: 'key2',
        PAYMOB_API_KEY: 'k',
        PAYMOB_HMAC_SECRET: 's',
        PAYMOB_IFRAME_ID: '1',
        PAYMOB_INSTALLMENT_INTEGRATION_ID: '2',
      },
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/wallet' });
      const csp = String(res.headers['content-security-policy']);
      for (const name of ['script-src', 'frame-src'])
        for (const host of ['https://www.atfawry.com', 'https://atfawry.fawrystaging.com'])
          expect(directive(csp, name), name).toContain(host);
      expect(directive(csp, 'frame-src')).toContain('https://accept.paymob.com');
      expect(directive(csp, 'script-src')).not.toContain('paymob');
      // The API's own policy stays closed.
      const api = await other.app.inject({ method: 'GET', url: '/api/v1/app' });
      expect(String(api.headers['content-security-policy'])).not.toContain('atfawry');
    } finally {
      await other.close();
    }
  });
});
