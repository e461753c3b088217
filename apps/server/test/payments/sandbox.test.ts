import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAppResponseSchema } from '@dars/contract';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeStudent } from '../factories/students';
import { enableAllMethods, lastOrder, moneyOf } from './payment-client';

// The local sandbox gateway end to end over real HTTP (ADR 019): the order call, our checkout
// page, its buttons, the return route, the wallet.

let server: TestServer;
let origin: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false, env: { PAYMENTS_SANDBOX: 'on' } });
  await enableAllMethods(server.db);
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());

const api = (path: string, token: string, body?: unknown) =>
  fetch(`${origin}/api/v1${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...WEB_HEADERS,
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

type Form = { action: string; fields: [string, string][]; label: string };

/** The page's forms as a browser would submit them: action, hidden fields, button text. */
function formsOf(html: string): Form[] {
  return [
    ...html.matchAll(/<form method="get" action="([^"]+)" target="_top">(.*?)<\/form>/gs),
  ].map(([, action, inner]) => ({
    action: action!,
    fields: [...inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
      ([, name, value]) => [name!, value!] as [string, string],
    ),
    label: /<button[^>]*>([^<]*)<\/button>/.exec(inner!)![1]!,
  }));
}

/** Submits a form (a GET), not following the redirect, as the test wants to see it. */
function submit(form: Form, change: Record<string, string> = {}) {
  const query = new URLSearchParams(
    form.fields.map(([k, v]): [string, string] => [k, change[k] ?? v]),
  );
  return fetch(`${origin}${form.action}?${query}`, { redirect: 'manual' });
}

async function openSandbox(token: string, path: string, amount: number) {
  const res = await api(path, token, { amount });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { iframe_url?: string; url?: string };
  const page = await fetch(`${origin}${body.iframe_url ?? body.url}`);
  return { body, page, html: await page.text() };
}

describe('the sandbox gateway', () => {
  it('is offered for the card provider and Kashier when they have no credentials (Fawry needs its script)', async () => {
    const res = await fetch(`${origin}/api/v1/app`);
    const { data } = getAppResponseSchema.parse(await res.json());
    expect(data.recharge_info.supported_methods).toEqual([
      'recharge_card',
      'paymob_card',
      'paymob_wallet',
      'paymob_kiosk',
      'paymob_installment',
      'kashier',
    ]);
  });

  it('completes a card recharge: our page, pay, back to the wallet with the new balance', async () => {
    const student = await makeStudent(server.db);
    const { body, page, html } = await openSandbox(student.token, '/wallet/paymob/order/card', 50);
    const order = await lastOrder(server.db, student.userId);
    expect(body).toEqual({ iframe_url: `/payments/sandbox/${order.id}` });
    expect(order).toMatchObject({ provider: 'sandbox', method: 'paymob_card', status: 'pending' });

    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toMatch(/form-action 'self'/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<h1>بوابة الدفع التجريبية</h1>');
    expect(html).toContain('بطاقة بنكية');
    const [pay, cancel] = formsOf(html);
    expect(pay!.label).toBe('ادفع 50.00 جنيه');
    expect(cancel!.label).toBe('إلغاء');
    expect(pay!.action).toBe('/payments/sandbox/return');

    const back = await submit(pay!);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/wallet');

    const wallet = (await (await api('/wallet', student.token)).json()) as {
      wallet: { balance: number };
      transactions: { data: { type: string; value: number; comment: string }[] };
    };
    expect(wallet.wallet.balance).toBe(50);
    expect(wallet.transactions.data[0]).toMatchObject({
      type: 'recharge',
      value: 50,
      comment: 'شحن ببطاقة بنكية (بوابة تجريبية)',
    });
    expect((await moneyOf(server.db, student.userId)).notices).toBe(1);

    // Paying again (back button, double submit) credits nothing more; the page is closed.
    expect((await submit(pay!)).headers.get('location')).toBe('/wallet');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(5000);
    expect((await fetch(`${origin}${body.iframe_url}`)).status).toBe(404);
  });

  it('cancel returns to the wallet with the banner text and credits nothing', async () => {
    const student = await makeStudent(server.db);
    const { html } = await openSandbox(student.token, '/wallet/paymob/order/wallet', 30);
    const [, cancel] = formsOf(html);
    const back = await submit(cancel!);
    expect(back.status).toBe(303);
    const location = new URL(back.headers.get('location')!, origin);
    expect(location.pathname).toBe('/wallet');
    expect(location.searchParams.get('error')).toBe('لم تكتمل عملية الدفع ولم يُضف أي رصيد');
    expect((await lastOrder(server.db, student.userId)).status).toBe('failed');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
  });

  it('stands in for Kashier with a page opened outside, and refuses a tampered pay button', async () => {
    const student = await makeStudent(server.db);
    const { body, html } = await openSandbox(student.token, '/wallet/kashier/order', 40);
    expect(body.url).toMatch(/^\/payments\/sandbox\/\d{18}$/);
    expect(html).toContain('كاشير');
    const [pay] = formsOf(html);
    const changes: Record<string, string>[] = [
      { amount: '400000' },
      { status: 'paid', signature: 'f'.repeat(64) },
    ];
    for (const change of changes) {
      const back = await submit(pay!, change);
      expect(new URL(back.headers.get('location')!, origin).searchParams.get('error')).toBe(
        'تعذر التحقق من عملية الدفع، إن خُصم المبلغ فتواصل مع الدعم',
      );
    }
    expect((await moneyOf(server.db, student.userId)).balance).toBe(0);
    expect((await submit(pay!)).headers.get('location')).toBe('/wallet');
    expect((await moneyOf(server.db, student.userId)).balance).toBe(4000);
  });

  it('shows no checkout for an order it does not take', async () => {
    expect((await fetch(`${origin}/payments/sandbox/123456789012345678`)).status).toBe(404);
    expect((await fetch(`${origin}/payments/sandbox/not-an-order`)).status).toBe(404);
  });
});

// Each case starts servers of its own (three in the first): 30 s was too short in a busy CI run.
describe('the sandbox switch', { timeout: 120_000 }, () => {
  async function offered(env: Record<string, string>, seed = false) {
    const other = await startTestServer({ seed, env });
    try {
      if (!seed) await enableAllMethods(other.db);
      const res = await other.app.inject({ method: 'GET', url: '/api/v1/app' });
      const methods = getAppResponseSchema.parse(res.json()).data.recharge_info.supported_methods;
      const student = await makeStudent(other.db);
      const order = await other.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/paymob/order/card',
        headers: { ...WEB_HEADERS, authorization: `Bearer ${student.token}` },
        payload: { amount: 50 },
      });
      return { methods, order: order.statusCode };
    } finally {
      await other.close();
    }
  }

  it('PAYMENTS_SANDBOX=off turns it off, even for the demo: no gateway is offered, no order opens', async () => {
    const { methods, order } = await offered({ SEED: 'demo', PAYMENTS_SANDBOX: 'off' }, true);
    expect(methods).toEqual(['recharge_card', 'mobile_wallets']);
    expect(order).toBe(404);
  });

  it('is off unless switched on: a school server in production, or under any NODE_ENV', async () => {
    for (const NODE_ENV of ['production', 'development', 'test']) {
      const { methods, order } = await offered({ NODE_ENV });
      expect(methods, NODE_ENV).toEqual(['recharge_card']);
      expect(order, NODE_ENV).toBe(404);
    }
  });

  it("is off on the demo's database when the server was not started as the demo", async () => {
    const { methods, order } = await offered({ NODE_ENV: 'production', SEED: 'none' }, true);
    expect(methods).toEqual(['recharge_card', 'mobile_wallets']);
    expect(order).toBe(404);
  });

  it('is on for the demo (SEED=demo, as npm start runs it), and when set on explicitly', async () => {
    const demo = await offered({ NODE_ENV: 'production', SEED: 'demo' }, true);
    expect(demo.methods).toContain('paymob_card');
    expect(demo.order).toBe(200);
    const explicit = await offered({ NODE_ENV: 'production', PAYMENTS_SANDBOX: 'on' });
    expect(explicit.methods).toContain('kashier');
    expect(explicit.order).toBe(200);
  });

  it('goes off by itself once a real provider has credentials, even for the demo', async () => {
    const { methods, order } = await offered(
      {
        NODE_ENV: 'production',
        SEED: 'demo',
        KASHIER_MERCHANT_ID: 'MID-1-2',
        KASHIER_API_KEY: 'k',
      },
      true,
    );
    expect(methods).toEqual(['recharge_card', 'mobile_wallets', 'kashier']);
    expect(order).toBe(404);
  });
});
