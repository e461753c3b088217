import type { Provider } from './gateway';

/**
 * Our pages and the routes the providers call, outside /api: providers and browsers reach
 * them without our client's headers or a bearer token (ADR 019).
 * @example PAYMENT_PATHS.returnOf('paymob') // '/payments/paymob/return'
 */
export const PAYMENT_PATHS = {
  /** Where a provider sends the student's browser back. */
  returnOf: (provider: Provider) => `/payments/${provider}/return`,
  /** Where a provider's server tells ours about a payment. */
  callbackOf: (provider: Provider) => `/payments/${provider}/callback`,
  /** The sandbox's checkout page for an order. */
  sandboxPage: (orderId: string) => `/payments/sandbox/${orderId}`,
  /** The page that shows a kiosk order's bill reference. */
  kioskPage: (orderId: string) => `/payments/kiosk/${orderId}`,
} as const;

/** Where the student lands after a payment: the wallet, with the banner's text on a failure. */
export function walletUrl(error?: string): string {
  return error ? `/wallet?error=${encodeURIComponent(error)}` : '/wallet';
}
