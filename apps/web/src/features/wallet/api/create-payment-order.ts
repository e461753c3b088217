import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import type { GatewayMethod } from '../lib/recharge-methods';
import { routes, type EndpointRoute } from '@dars/contract/plain';

/** How the student pays a gateway's order (spec §7). */
export type GatewayCheckout =
  /** Paymob's card, wallet and kiosk: the iframe url opened in the same window. */
  | { kind: 'redirect'; url: string }
  /** Paymob's installments: the iframe url embedded in the dialog. */
  | { kind: 'embed'; url: string }
  /** Fawry: the signed charge request, handed to Fawry's pop-up checkout script. */
  | { kind: 'popup'; chargeRequest: Record<string, unknown>; staging: boolean }
  /** Kashier: the hosted page, opened outside the app. */
  | { kind: 'outside'; url: string };

/**
 * Creates a gateway order for `amount` pounds through the method's own call
 * (`/wallet/paymob/order/{variant}`, `/wallet/fawry/order[/staging]`, `/wallet/kashier/order`)
 * and says how to pay it. Rejects with LESS_THAN_MIN_AMOUNT or FEATURE_DISABLED.
 * @example const checkout = await createPaymentOrder('paymob_card', 150) // { kind: 'redirect', url: 'https://accept.paymob.com/…' }
 */
export async function createPaymentOrder(
  method: GatewayMethod,
  amount: number,
): Promise<GatewayCheckout> {
  const body = { amount };
  const paymob = async (
    endpoint: EndpointRoute<
      | 'createPaymobCardOrder'
      | 'createPaymobWalletOrder'
      | 'createPaymobKioskOrder'
      | 'createPaymobInstallmentOrder'
    >,
  ) => (await callEndpoint(endpoint, { body })).iframe_url;
  switch (method) {
    case 'paymob_card':
      return { kind: 'redirect', url: await paymob(routes.createPaymobCardOrder) };
    case 'paymob_wallet':
      return { kind: 'redirect', url: await paymob(routes.createPaymobWalletOrder) };
    case 'paymob_kiosk':
      return { kind: 'redirect', url: await paymob(routes.createPaymobKioskOrder) };
    case 'paymob_installment':
      return { kind: 'embed', url: await paymob(routes.createPaymobInstallmentOrder) };
    case 'fawry':
    case 'fawry_staging': {
      const staging = method === 'fawry_staging';
      const endpoint = staging ? routes.createFawryStagingOrder : routes.createFawryOrder;
      const answer = await callEndpoint(endpoint, { body });
      return { kind: 'popup', chargeRequest: answer.charge_request, staging };
    }
    case 'kashier': {
      const answer = await callEndpoint(routes.createKashierOrder, { body });
      return { kind: 'outside', url: answer.url };
    }
  }
}

/** @example const { mutateAsync } = useCreatePaymentOrder(); await mutateAsync({ method: 'kashier', amount: 50 }) */
export function useCreatePaymentOrder() {
  return useMutation({
    mutationFn: ({ method, amount }: { method: GatewayMethod; amount: number }) =>
      createPaymentOrder(method, amount),
  });
}
