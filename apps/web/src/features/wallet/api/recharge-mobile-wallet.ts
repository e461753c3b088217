import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RechargeMobileWalletResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { walletQueryOptions } from './get-wallet';
import { routes } from '@dars/contract/plain';

export { rechargeMobileWalletBodySchema, type RechargeMobileWalletBody } from '@dars/contract';

/** What the mobile-wallet form sends: the receipt as the file the student picked. */
export interface MobileWalletRecharge {
  amount: number;
  payer_number: string;
  attachment: File;
  message?: string;
}

/**
 * POST /wallet/recharge/mobile-wallet (multipart): a request staff review before the amount
 * is credited. Rejects with LESS_THAN_MIN_AMOUNT (spec §8).
 * @example await rechargeMobileWallet({ amount: 100, payer_number: '01012345678', attachment: file })
 */
export function rechargeMobileWallet(
  input: MobileWalletRecharge,
): Promise<RechargeMobileWalletResponse> {
  const form = new FormData();
  form.set('amount', String(input.amount));
  form.set('payer_number', input.payer_number);
  form.set('attachment', input.attachment);
  if (input.message) form.set('message', input.message);
  return callEndpoint(routes.rechargeMobileWallet, { body: form });
}

/** The request; the wallet is read again afterwards, for its pending-review count. */
export function useRechargeMobileWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rechargeMobileWallet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey }),
  });
}
