import { useMutation } from '@tanstack/react-query';
import type { LookupTransferRecipientBody, LookupTransferRecipientResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * POST /wallet/transfer/lookup: the name and masked phone of the student a typed address
 * belongs to, shown before the transfer is confirmed (ADR 038). Rejects like the transfer
 * (WALLET_NOT_FOUND, CANNOT_TRANSFER_TO_YOURSELF, FEATURE_DISABLED) and with
 * TOO_MANY_REQUESTS past its limits.
 * @example const { name, phone_masked } = await lookupTransferRecipient({ wallet_address: 'DW4821937465' })
 */
export function lookupTransferRecipient(
  body: LookupTransferRecipientBody,
): Promise<LookupTransferRecipientResponse> {
  return callEndpoint(routes.lookupTransferRecipient, { body });
}

/** The lookup, as a mutation: asked once per «التالي», never cached or retried. */
export function useLookupTransferRecipient() {
  return useMutation({ mutationFn: lookupTransferRecipient });
}
