import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { getWalletResponseSchema, RECHARGE_METHODS } from '@dars/contract';
import type { DB } from '../../src/db/schema';
import { putSettings } from '../../src/modules/settings/settings-service';
import type { AppContext } from '../../src/app-context';
import { captureLog } from '../captured-log';
import { startTestServer, WEB_HEADERS } from '../helpers';

/** The JSON answer of a provider's server, as our fetch stand-in gives it. */
export function providerAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A call our server made to a provider. */
export type ProviderCall = {
  url: URL;
  method: string;
  headers: Headers;
  body: Record<string, unknown> | undefined;
};

/**
 * A fetch that answers as `answer` says and records every call, standing in for a provider's
 * servers at the one boundary the payments module calls out of.
 */
export function providerStandIn(answer: (call: ProviderCall) => Response | Promise<Response>) {
  const calls: ProviderCall[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    const call: ProviderCall = {
      url: new URL(url),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    };
    calls.push(call);
    return answer(call);
  };
  return { fetch, calls };
}

/** A signed-in POST of the API. */
export function apiPost(app: FastifyInstance, url: string, payload: unknown, token?: string) {
  return app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: payload as Record<string, unknown>,
  });
}

/**
 * A server that pays through the gateways themselves (the sandbox off, ADR 019), with every
 * method enabled and its info log kept in `log`; `fetch` stands in for the providers' servers,
 * `env` gives their keys.
 * @example const { server, log } = await gatewayServer({ fetch: fawry.fetch, env: { FAWRY_SECURE_KEY: key } });
 */
export async function gatewayServer(options: {
  fetch?: AppContext['fetch'];
  env: Record<string, string>;
}) {
  const server = await startTestServer({
    seed: false,
    fetch: options.fetch,
    env: { LOG_LEVEL: 'info', PAYMENTS_SANDBOX: 'off', ...options.env },
  });
  const log = captureLog(server.app);
  await enableAllMethods(server.db);
  return { server, log };
}

/** Every gateway method enabled by staff, the wallet on, a minimum of 20 pounds. */
export async function enableAllMethods(db: Kysely<DB>): Promise<void> {
  await putSettings(db, {
    enable_wallet_system: true,
    recharge_info: {
      min_recharge_amount: 20,
      supported_methods: RECHARGE_METHODS.filter((m) => m !== 'mobile_wallets'),
      mobile_wallet_number: null,
    },
  });
}

/** The student's last order. */
export function lastOrder(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('payment_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** What a student's money looks like: balance, recharge rows of the ledger, recharge notices. */
export async function moneyOf(db: Kysely<DB>, userId: number) {
  const user = await db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const recharges = await db
    .selectFrom('wallet_transactions')
    .select(['value', 'balance_after', 'comment'])
    .where('user_id', '=', userId)
    .where('type', '=', 'recharge')
    .orderBy('id')
    .execute();
  const notices = await db
    .selectFrom('notifications')
    .select(['type', 'data'])
    .where('user_id', '=', userId)
    .where('type', '=', 'recharge')
    .execute();
  return { balance: user.balance, recharges, notices: notices.length };
}

/** The wallet as the client reads it. */
export async function walletOf(app: FastifyInstance, token: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v1/wallet',
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });
  return getWalletResponseSchema.parse(res.json());
}

/** A Paymob transaction as its callbacks carry it: the signed fields, some nested. */
export type PaymobTransactionFields = {
  id: number;
  pending: boolean;
  amount_cents: number;
  success: boolean;
  is_auth: boolean;
  is_capture: boolean;
  is_standalone_payment: boolean;
  is_voided: boolean;
  is_refunded: boolean;
  is_3d_secure: boolean;
  integration_id: number;
  has_parent_transaction: boolean;
  order: { id: number };
  created_at: string;
  currency: string;
  error_occured: boolean;
  owner: number;
  source_data: { pan: string; sub_type: string; type: string };
};

/** A transaction as Paymob posts it in `obj`, for an order of ours (a successful card payment). */
export function paymobTransaction(
  paymobOrderId: number,
  integrationId: number,
  over: Partial<PaymobTransactionFields> = {},
): PaymobTransactionFields & { order: { merchant_order_id: string } } {
  return {
    id: 192036465,
    pending: false,
    amount_cents: 5000,
    success: true,
    is_auth: false,
    is_capture: false,
    is_standalone_payment: true,
    is_voided: false,
    is_refunded: false,
    is_3d_secure: true,
    integration_id: integrationId,
    has_parent_transaction: false,
    order: { id: paymobOrderId, merchant_order_id: 'ignored-by-the-hmac' },
    created_at: '2026-11-23T19:10:44.592345',
    currency: 'EGP',
    error_occured: false,
    owner: 302852,
    source_data: { pan: '2346', sub_type: 'MasterCard', type: 'card' },
    ...over,
  } as PaymobTransactionFields & { order: { merchant_order_id: string } };
}

/**
 * The string Paymob's documented HMAC signs, written out here from its formula: these twenty
 * values concatenated in this order.
 */
export function paymobDocumentedString(t: PaymobTransactionFields): string {
  return [
    t.amount_cents,
    t.created_at,
    t.currency,
    t.error_occured,
    t.has_parent_transaction,
    t.id,
    t.integration_id,
    t.is_3d_secure,
    t.is_auth,
    t.is_capture,
    t.is_refunded,
    t.is_standalone_payment,
    t.is_voided,
    t.order.id,
    t.owner,
    t.pending,
    t.source_data.pan,
    t.source_data.sub_type,
    t.source_data.type,
    t.success,
  ].join('');
}

/** Paymob's documented HMAC: HMAC-SHA512 under the HMAC secret of the string above. */
export function paymobDocumentedHmac(t: PaymobTransactionFields, secret: string): string {
  return createHmac('sha512', secret).update(paymobDocumentedString(t)).digest('hex');
}

/** Paymob's transaction response callback's query: the browser back with the fields flat. */
export function paymobReturnFields(t: PaymobTransactionFields): Record<string, string> {
  return {
    amount_cents: String(t.amount_cents),
    created_at: t.created_at,
    currency: t.currency,
    error_occured: String(t.error_occured),
    has_parent_transaction: String(t.has_parent_transaction),
    id: String(t.id),
    integration_id: String(t.integration_id),
    is_3d_secure: String(t.is_3d_secure),
    is_auth: String(t.is_auth),
    is_capture: String(t.is_capture),
    is_refunded: String(t.is_refunded),
    is_standalone_payment: String(t.is_standalone_payment),
    is_voided: String(t.is_voided),
    order: String(t.order.id),
    owner: String(t.owner),
    pending: String(t.pending),
    'source_data.pan': t.source_data.pan,
    'source_data.sub_type': t.source_data.sub_type,
    'source_data.type': t.source_data.type,
    success: String(t.success),
  };
}
