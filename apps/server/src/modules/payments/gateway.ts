import { fromPiasters, parsePiasters, type RechargeMethod } from '@dars/contract';

/** The recharge methods a payment gateway takes (the other two are ours: card, mobile wallet). */
export type GatewayMethod = Exclude<RechargeMethod, 'recharge_card' | 'mobile_wallets'>;

/** Who takes an order's payment: a real provider, or the local sandbox standing in for one. */
export type Provider = 'paymob' | 'fawry' | 'fawry-staging' | 'kashier' | 'sandbox';

/** The provider HTTP calls go through this; tests stand in for the providers' servers here. */
export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/** A new order, as a gateway needs it to open the provider's checkout. */
export interface OrderToStart {
  /** Ours, random: the merchant order reference the provider echoes back. */
  id: string;
  method: GatewayMethod;
  /** piasters */
  amount: number;
  student: { id: number; name: string; email: string | null; phone: string };
  /** Absolute urls of our routes for this provider (the browser's return, the server's call). */
  returnUrl: string;
  callbackUrl: string;
}

/** What the client opens, in the contract's shape for the method. */
export type Checkout =
  { iframe_url: string } | { charge_request: Record<string, unknown> } | { url: string };

export interface Started {
  checkout: Checkout;
  /** The provider's id for the order, when the provider signs that instead of ours. */
  providerOrderId?: string;
  /** What the student pays with at an outlet (a kiosk bill reference). */
  providerReference?: string;
}

/** A provider's call: the browser sent back (`return`) or the provider's server (`notification`). */
export interface Callback {
  via: 'return' | 'notification';
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** Which of our orders a callback is about. */
export type OrderRef = { id: string } | { providerOrderId: string };

/** A callback read and checked by its gateway. */
export type Verdict =
  /** Not from the provider (bad or missing signature) or unreadable: never credits. */
  | { kind: 'refused'; reason: string; order?: OrderRef }
  /** Nothing to do (a callback about something other than a payment). */
  | { kind: 'ignored' }
  | {
      kind: 'outcome';
      order: OrderRef;
      status: 'paid' | 'failed' | 'pending';
      /** piasters, as the provider signed them; compared with the order's before crediting */
      amount: number | null;
      transactionId: string | null;
    };

/**
 * One provider behind one interface: it opens the provider's checkout for an order and reads
 * the provider's callbacks, checking the provider's own signature (ADR 019).
 */
export interface PaymentGateway {
  readonly provider: Provider;
  /** The methods this gateway takes with the configuration it has. */
  readonly methods: readonly GatewayMethod[];
  start(order: OrderToStart): Promise<Started>;
  verify(callback: Callback): Promise<Verdict>;
  /**
   * Asks the provider's own status call what became of an order (staff's re-check of a stuck
   * order, ADR 030): an `outcome` about that order, or `refused` when the answer cannot be
   * trusted. Absent when the provider offers no status call we can make.
   */
  status?(order: OrderToCheck): Promise<Verdict>;
}

/** An order as the status call needs it: ours, and the provider's id for it when it has one. */
export interface OrderToCheck {
  id: string;
  providerOrderId: string | null;
}

/** The provider's answer was not what its documentation promises, or the call failed. */
export class ProviderError extends Error {
  constructor(provider: Provider, what: string) {
    super(`${provider}: ${what}`);
    this.name = 'ProviderError';
  }
}

/**
 * A JSON call to a provider; a non-2xx answer or a body that is not JSON is a ProviderError.
 * @example await callJson(fetch, 'paymob', `${base}/api/auth/tokens`, { api_key })
 */
export async function callJson(
  fetch: Fetch,
  provider: Provider,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(15_000),
    });
    // Read here too: an answer can break off (or time out) after its headers.
    text = await res.text();
  } catch (error) {
    throw new ProviderError(provider, `${new URL(url).pathname} failed: ${String(error)}`);
  }
  if (!res.ok)
    throw new ProviderError(
      provider,
      `${new URL(url).pathname} answered ${res.status}: ${text.slice(0, 200)}`,
    );
  try {
    const json: unknown = JSON.parse(text);
    if (json && typeof json === 'object') return json as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw new ProviderError(provider, `${new URL(url).pathname} answered no JSON object`);
}

/** Piasters as the providers write pounds: two decimals. @example poundsText(2050) // '20.50' */
export function poundsText(piasters: number): string {
  return fromPiasters(piasters).toFixed(2);
}

/**
 * Pounds as a provider wrote them (a number or a decimal string) in piasters, or null.
 * @example piastersOf('20.50') // 2050
 */
export function piastersOf(value: unknown): number | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const piasters = parsePiasters(value);
  return piasters !== null && piasters >= 0 ? piasters : null;
}
