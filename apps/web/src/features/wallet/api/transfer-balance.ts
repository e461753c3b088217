import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferBalanceBody, TransferBalanceResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { walletQueryOptions } from './get-wallet';
import { routes } from '@dars/contract/plain';

export { transferBalanceBodySchema, type TransferBalanceBody } from '@dars/contract';

/**
 * POST /wallet/transfer: sends `amount` to another student's wallet; the fee of
 * `transfer_fees` is taken from the sender too. Rejects with NO_ENOUGH_BALANCE,
 * WALLET_NOT_FOUND or CANNOT_TRANSFER_TO_YOURSELF (spec §8).
 * @example const { balance } = await transferBalance({ amount: 20, wallet_address: 'W-1002' })
 */
export function transferBalance(body: TransferBalanceBody): Promise<TransferBalanceResponse> {
  return callEndpoint(routes.transferBalance, { body });
}

/** The transfer; the wallet is read again afterwards (its balance and its ledger changed). */
export function useTransferBalance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transferBalance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey }),
  });
}
