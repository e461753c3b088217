import type { KashierConfig } from '../../config-payments';
import {
  piastersOf,
  poundsText,
  type Callback,
  type OrderToStart,
  type PaymentGateway,
  type Verdict,
} from './gateway';
import { hmacHex, sameSignature } from './signatures';

// Kashier (ADR 019): its hosted payment page, opened outside the app, takes the order with a
// hash of it; it sends the browser back to merchantRedirect with the result and a signature
// over that result's query parameters.

export const KASHIER_CHECKOUT = 'https://checkout.kashier.io/';

/**
 * The order hash: HMAC-SHA256 under the API key of `/?payment={mid}.{orderId}.{amount}.{currency}`,
 * with the amount written exactly as the page's url carries it.
 */
export function kashierOrderHash(
  merchantId: string,
  orderId: string,
  amount: string,
  currency: string,
  apiKey: string,
): string {
  return hmacHex('sha256', apiKey, `/?payment=${merchantId}.${orderId}.${amount}.${currency}`);
}

/**
 * The redirect's signature: HMAC-SHA256 under the API key of its query parameters, in the order
 * they came, as `key=value` joined by `&`, without `signature` and `mode`.
 */
export function kashierRedirectSignature(query: Record<string, string>, apiKey: string): string {
  const signed = Object.entries(query)
    .filter(([key]) => key !== 'signature' && key !== 'mode')
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  return hmacHex('sha256', apiKey, signed);
}

export function kashierGateway(config: KashierConfig): PaymentGateway {
  return {
    provider: 'kashier',
    methods: ['kashier'],

    async start(order: OrderToStart) {
      const amount = poundsText(order.amount);
      const params = new URLSearchParams({
        merchantId: config.merchantId,
        orderId: order.id,
        amount,
        currency: 'EGP',
        hash: kashierOrderHash(config.merchantId, order.id, amount, 'EGP', config.apiKey),
        mode: config.mode,
        merchantRedirect: order.returnUrl,
        // A failed payment comes back too, so the wallet can say so.
        failureRedirect: 'true',
        redirectMethod: 'get',
        display: 'ar',
      });
      return { checkout: { url: `${KASHIER_CHECKOUT}?${params}` } };
    },

    async verify(callback: Callback): Promise<Verdict> {
      // Only the signed redirect is read; no server webhook is registered with Kashier.
      if (callback.via !== 'return') return { kind: 'refused', reason: 'no webhook expected' };
      const q = callback.query;
      const orderId = q.merchantOrderId ?? q.orderId;
      if (!sameSignature(q.signature, kashierRedirectSignature(q, config.apiKey)))
        return {
          kind: 'refused',
          reason: 'bad signature',
          ...(orderId ? { order: { id: orderId } } : {}),
        };
      if (!orderId) return { kind: 'refused', reason: 'no order reference' };
      // Stryker disable next-line StringLiteral: equivalent, no status is failed whatever text stands in for it
      const status = String(q.paymentStatus ?? '').toUpperCase();
      return {
        kind: 'outcome',
        order: { id: orderId },
        status: status === 'SUCCESS' ? 'paid' : status === 'PENDING' ? 'pending' : 'failed',
        // The amount counts only in the pounds the order was opened in, named and signed: a
        // redirect naming no currency is no amount (it was once taken as pounds).
        amount: q.currency === 'EGP' ? piastersOf(q.amount) : null,
        transactionId: q.transactionId || null,
      };
    },
  };
}
