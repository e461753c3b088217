/**
 * Leaves the app for a gateway's payment page in this same window (spec §7: Paymob's
 * `iframe_url` "opens in the same window"); the gateway sends the student back to the wallet.
 * A function of its own so tests can see where the page would go.
 * @example leaveFor('https://accept.paymob.com/api/acceptance/iframes/1?payment_token=…')
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
