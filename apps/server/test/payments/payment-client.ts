import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { getWalletResponseSchema, RECHARGE_METHODS } from '@dars/contract';
import type { DB } from '../../src/db/schema';
import { putSettings } from '../../src/modules/settings/settings-service';
import { WEB_HEADERS } from '../helpers';

/** The JSON answer of a provider's server, as our fetch stand-in gives it. */
export function providerAnswer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A call our server made to a provider. */
export type ProviderCall = { url: URL; method: string; body: Record<string, unknown> | undefined };

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
