import { createHmac } from 'node:crypto';
import type { Callback, GatewayMethod, PaymentGateway, Verdict } from './gateway';
import { PAYMENT_PATHS } from './payment-paths';
import { hmacHex, sameSignature } from './signatures';

// The local sandbox (ADR 019): a gateway of our own that stands in for a provider without
// credentials. Its checkout is our page; paying there sends the browser to the same return
// route as a provider would, with the outcome signed by the sandbox's key, and the order is
// credited by the same code as a real payment. Only the key differs: it never takes money.

/** The methods the sandbox can stand in for: those whose checkout is a page the client opens. */
export const SANDBOX_METHODS: readonly GatewayMethod[] = [
  'paymob_card',
  'paymob_wallet',
  'paymob_kiosk',
  'paymob_installment',
  'kashier',
];

/** The sandbox's signing key, derived from the app secret (the same on every instance). */
export function sandboxKey(appSecret: Buffer): string {
  return createHmac('sha256', appSecret).update('payments-sandbox').digest('hex');
}

export type SandboxOutcome = { order: string; status: 'paid' | 'failed'; amount: number };

/**
 * The signature of a sandbox outcome: HMAC-SHA256 under the sandbox key of
 * `{order}.{status}.{amount in piasters}`.
 */
export function sandboxSignature(outcome: SandboxOutcome, key: string): string {
  return hmacHex('sha256', key, `${outcome.order}.${outcome.status}.${outcome.amount}`);
}

/**
 * The query of the sandbox's return for an outcome, signed: what its page's buttons send.
 * @example `${PAYMENT_PATHS.returnOf('sandbox')}?${sandboxReturnQuery(outcome, key)}`
 */
export function sandboxReturnQuery(outcome: SandboxOutcome, key: string): URLSearchParams {
  return new URLSearchParams({
    order: outcome.order,
    status: outcome.status,
    amount: String(outcome.amount),
    signature: sandboxSignature(outcome, key),
  });
}

export function sandboxGateway(methods: readonly GatewayMethod[], key: string): PaymentGateway {
  return {
    provider: 'sandbox',
    methods,

    async start(order) {
      const page = PAYMENT_PATHS.sandboxPage(order.id);
      return { checkout: order.method === 'kashier' ? { url: page } : { iframe_url: page } };
    },

    async verify(callback: Callback): Promise<Verdict> {
      if (callback.via !== 'return') return { kind: 'refused', reason: 'the sandbox only returns' };
      const { order, status, amount } = callback.query;
      if (!order || (status !== 'paid' && status !== 'failed') || !/^\d+$/.test(amount ?? ''))
        return { kind: 'refused', reason: 'malformed' };
      const outcome = { order, status, amount: Number(amount) } as const;
      if (!sameSignature(callback.query.signature, sandboxSignature(outcome, key)))
        return { kind: 'refused', reason: 'bad signature', order: { id: order } };
      return {
        kind: 'outcome',
        order: { id: order },
        status,
        amount: outcome.amount,
        transactionId: null,
      };
    },

    // The sandbox keeps no record of its own: an outcome exists only in its signed return,
    // which credits the order by itself. An order still open here was never paid.
    async status(order) {
      return {
        kind: 'outcome',
        order: { id: order.id },
        status: 'pending',
        amount: null,
        transactionId: null,
      };
    },
  };
}
