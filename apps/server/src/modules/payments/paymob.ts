import type { PaymobConfig, PaymobVariant } from '../../config-payments';
import {
  callJson,
  ProviderError,
  type Callback,
  type Fetch,
  type GatewayMethod,
  type OrderToStart,
  type PaymentGateway,
  type Started,
  type Verdict,
} from './gateway';
import { PAYMENT_PATHS } from './payment-paths';
import { hmacHex, sameSignature } from './signatures';

// Paymob Accept (ADR 019): authentication → order registration → a payment key per integration
// (one integration per variant) → the iframe, or the pay call for a wallet or a kiosk. Its
// transaction callbacks carry `hmac`: HMAC-SHA512 under the account's HMAC secret over the
// values of twenty fields, concatenated in the documented order.

const VARIANTS: Record<Extract<GatewayMethod, `paymob_${string}`>, PaymobVariant> = {
  paymob_card: 'card',
  paymob_wallet: 'wallet',
  paymob_kiosk: 'kiosk',
  paymob_installment: 'installment',
};
type PaymobMethod = keyof typeof VARIANTS;

/** The signed fields of a transaction callback, in Paymob's order (processed callback names). */
export const PAYMOB_HMAC_FIELDS = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'obj.id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;
type SignedField = (typeof PAYMOB_HMAC_FIELDS)[number];

/** A value as Paymob writes it into the signed string: booleans as true/false, none as ''. */
function text(value: unknown): string {
  // null is an object too; an object or a list is no value Paymob signs.
  if (value === undefined || typeof value === 'object') return '';
  return String(value);
}

/** The signed fields of a transaction, read from a processed callback's `obj` or a return's query. */
export type PaymobTransaction = Record<SignedField, string>;

/** From the POST callback's `obj` (nested objects: `order.id`, `source_data.pan`, …). */
export function transactionFromObject(obj: Record<string, unknown>): PaymobTransaction {
  const order = obj.order;
  const source = (obj.source_data ?? {}) as Record<string, unknown>;
  const read: Record<SignedField, unknown> = {
    amount_cents: obj.amount_cents,
    created_at: obj.created_at,
    currency: obj.currency,
    error_occured: obj.error_occured,
    has_parent_transaction: obj.has_parent_transaction,
    'obj.id': obj.id,
    integration_id: obj.integration_id,
    is_3d_secure: obj.is_3d_secure,
    is_auth: obj.is_auth,
    is_capture: obj.is_capture,
    is_refunded: obj.is_refunded,
    is_standalone_payment: obj.is_standalone_payment,
    is_voided: obj.is_voided,
    // Usually the order object; some payloads carry its id alone.
    'order.id': order && typeof order === 'object' ? (order as Record<string, unknown>).id : order,
    owner: obj.owner,
    pending: obj.pending,
    'source_data.pan': source.pan,
    'source_data.sub_type': source.sub_type,
    'source_data.type': source.type,
    success: obj.success,
  };
  return Object.fromEntries(
    PAYMOB_HMAC_FIELDS.map((field) => [field, text(read[field])]),
  ) as PaymobTransaction;
}

/** From the GET return's flat query: `id` for obj.id, `order` (or `order_id`) for order.id. */
export function transactionFromQuery(query: Record<string, string>): PaymobTransaction {
  const name = (field: SignedField) =>
    field === 'obj.id'
      ? 'id'
      : field === 'order.id'
        ? query.order !== undefined
          ? 'order'
          : 'order_id'
        : field;
  return Object.fromEntries(
    PAYMOB_HMAC_FIELDS.map((field) => [field, query[name(field)] ?? '']),
  ) as PaymobTransaction;
}

/**
 * The string Paymob signs: the signed fields' values concatenated in the documented order.
 * @example paymobHmacString(t) // '1000002024-06-13T11:33:44.592345EGPfalsefalse19203…'
 */
export function paymobHmacString(t: PaymobTransaction): string {
  return PAYMOB_HMAC_FIELDS.map((field) => t[field]).join('');
}

/** The hmac Paymob sends with a transaction callback. */
export function paymobHmac(t: PaymobTransaction, hmacSecret: string): string {
  return hmacHex('sha512', hmacSecret, paymobHmacString(t));
}

/** What a verified transaction says about its order. */
function outcomeOf(t: PaymobTransaction): Extract<Verdict, { kind: 'outcome' }> {
  const paid =
    t.success === 'true' &&
    t.pending === 'false' &&
    t.is_voided === 'false' &&
    t.is_refunded === 'false' &&
    t.error_occured === 'false';
  const cents = /^\d+$/.test(t.amount_cents) ? Number(t.amount_cents) : null;
  return {
    kind: 'outcome',
    order: { providerOrderId: t['order.id'] },
    status: paid ? 'paid' : t.pending === 'true' ? 'pending' : 'failed',
    // Our amounts are Egyptian pounds; a payment in anything else never matches an order.
    amount: t.currency === 'EGP' ? cents : null,
    transactionId: t['obj.id'] || null,
  };
}

/** The billing data Paymob requires with a payment key; what we do not know is 'NA'. */
function billingData(student: OrderToStart['student']) {
  const [first, ...rest] = student.name.trim().split(/\s+/);
  return {
    first_name: first || 'NA',
    last_name: rest.join(' ') || 'NA',
    email: student.email ?? 'NA',
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
  };
}

/** The variants the configuration can take: an integration each, and an iframe where one opens. */
export function paymobMethods(config: PaymobConfig): PaymobMethod[] {
  return (Object.keys(VARIANTS) as PaymobMethod[]).filter((method) => {
    const variant = VARIANTS[method];
    if (config.integrations[variant] === undefined) return false;
    if (variant === 'card') return config.iframeId !== null;
    if (variant === 'installment') return config.installmentIframeId !== null;
    return true;
  });
}

function stringField(json: Record<string, unknown>, key: string, what: string): string {
  const value = json[key];
  if ((typeof value === 'string' && value) || typeof value === 'number') return String(value);
  throw new ProviderError('paymob', `${what} answered without ${key}`);
}

export function paymobGateway(config: PaymobConfig, fetch: Fetch): PaymentGateway {
  const api = (path: string) => `${config.baseUrl}/api${path}`;

  async function paymentKey(order: OrderToStart, variant: PaymobVariant) {
    const auth = await callJson(fetch, 'paymob', api('/auth/tokens'), { api_key: config.apiKey });
    const authToken = stringField(auth, 'token', 'authentication');
    const registered = await callJson(fetch, 'paymob', api('/ecommerce/orders'), {
      auth_token: authToken,
      delivery_needed: false,
      amount_cents: order.amount,
      currency: 'EGP',
      merchant_order_id: order.id,
      items: [],
    });
    const paymobOrderId = stringField(registered, 'id', 'order registration');
    const key = await callJson(fetch, 'paymob', api('/acceptance/payment_keys'), {
      auth_token: authToken,
      amount_cents: order.amount,
      expiration: 3600,
      order_id: paymobOrderId,
      billing_data: billingData(order.student),
      currency: 'EGP',
      integration_id: config.integrations[variant],
      lock_order_when_paid: true,
    });
    return { paymobOrderId, token: stringField(key, 'token', 'payment key') };
  }

  /** The pay call of the wallet and kiosk variants (no iframe: the source is named here). */
  function pay(token: string, identifier: string, subtype: 'WALLET' | 'AGGREGATOR') {
    return callJson(fetch, 'paymob', api('/acceptance/payments/pay'), {
      source: { identifier, subtype },
      payment_token: token,
    });
  }

  return {
    provider: 'paymob',
    methods: paymobMethods(config),

    async start(order): Promise<Started> {
      const variant = VARIANTS[order.method as PaymobMethod];
      if (!variant) throw new ProviderError('paymob', `no variant for ${order.method}`);
      const { paymobOrderId, token } = await paymentKey(order, variant);
      const iframe = (id: number | null) =>
        `${config.baseUrl}/api/acceptance/iframes/${id}?payment_token=${encodeURIComponent(token)}`;
      if (variant === 'card')
        return {
          providerOrderId: paymobOrderId,
          checkout: { iframe_url: iframe(config.iframeId) },
        };
      if (variant === 'installment')
        return {
          providerOrderId: paymobOrderId,
          checkout: { iframe_url: iframe(config.installmentIframeId) },
        };
      if (variant === 'wallet') {
        // The wallet's own page (its number and OTP), opened like the iframe.
        const paid = await pay(token, order.student.phone, 'WALLET');
        const url = paid.redirect_url || paid.iframe_redirection_url;
        if (typeof url !== 'string' || !/^https:\/\//.test(url))
          throw new ProviderError('paymob', 'wallet pay answered without redirect_url');
        return { providerOrderId: paymobOrderId, checkout: { iframe_url: url } };
      }
      // Kiosk: a bill reference the student pays with at an outlet; our page shows it (an empty
      // one would open a closed page: the student would have nothing to pay with).
      const paid = await pay(token, 'AGGREGATOR', 'AGGREGATOR');
      const reference = (paid.data as Record<string, unknown> | undefined)?.bill_reference;
      if (!((typeof reference === 'string' && reference) || typeof reference === 'number'))
        throw new ProviderError('paymob', 'kiosk pay answered without data.bill_reference');
      return {
        providerOrderId: paymobOrderId,
        providerReference: String(reference),
        checkout: { iframe_url: PAYMENT_PATHS.kioskPage(order.id) },
      };
    },

    async verify(callback: Callback): Promise<Verdict> {
      let transaction: PaymobTransaction;
      if (callback.via === 'notification') {
        const body = callback.body as Record<string, unknown> | null;
        if (!body || typeof body !== 'object') return { kind: 'refused', reason: 'no body' };
        // Other callbacks (card tokens, delivery) are not payments.
        if (body.type !== undefined && body.type !== 'TRANSACTION') return { kind: 'ignored' };
        if (!body.obj || typeof body.obj !== 'object')
          return { kind: 'refused', reason: 'no transaction object' };
        transaction = transactionFromObject(body.obj as Record<string, unknown>);
      } else {
        transaction = transactionFromQuery(callback.query);
      }
      if (!sameSignature(callback.query.hmac, paymobHmac(transaction, config.hmacSecret)))
        return {
          kind: 'refused',
          reason: 'bad hmac',
          order: { providerOrderId: transaction['order.id'] },
        };
      return outcomeOf(transaction);
    },

    /**
     * Paymob's transaction inquiry (`POST /api/ecommerce/orders/transaction_inquiry`, bearer
     * auth token): the order's latest transaction, read like a callback's `obj`. Our own
     * authenticated call over TLS, so no hmac; the answer must name the order asked about.
     */
    async status(order) {
      const auth = await callJson(fetch, 'paymob', api('/auth/tokens'), { api_key: config.apiKey });
      const authToken = stringField(auth, 'token', 'authentication');
      const answer = await callJson(
        fetch,
        'paymob',
        api('/ecommerce/orders/transaction_inquiry'),
        order.providerOrderId
          ? { auth_token: authToken, order_id: order.providerOrderId }
          : { auth_token: authToken, merchant_order_id: order.id },
        { authorization: `Bearer ${authToken}` },
      );
      const transaction = transactionFromObject(answer);
      // Absent or null, or Paymob's id alone: no merchant order id (a number has no such field).
      const merchantOrderId = (answer.order as Record<string, unknown> | null | undefined)
        ?.merchant_order_id;
      const sameOrder = order.providerOrderId
        ? transaction['order.id'] === order.providerOrderId
        : merchantOrderId === order.id;
      if (!sameOrder) return { kind: 'refused', reason: 'inquiry answered another order' };
      // The order is found by our id: it may have no Paymob id yet.
      return { ...outcomeOf(transaction), order: { id: order.id } };
    },
  };
}
