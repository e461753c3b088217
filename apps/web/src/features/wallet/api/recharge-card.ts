import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RechargeCardResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { walletQueryOptions } from './get-wallet';
import { routes } from '@dars/contract/plain';

export { rechargeCardBodySchema, type RechargeCardBody } from '@dars/contract';

/**
 * POST /wallet/recharge/recharge-card: adds the card's value at once. Rejects with
 * INVALID_PAYCARD_CODE, USED_PAYCARD or EXPIRED_PAYCARD (spec §8).
 * @example const { balance } = await rechargeCard('1234567890')
 */
export function rechargeCard(code: string): Promise<RechargeCardResponse> {
  return callEndpoint(routes.rechargeCard, { body: { code } });
}

/** The card recharge; the wallet is read again afterwards. */
export function useRechargeCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rechargeCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey }),
  });
}
