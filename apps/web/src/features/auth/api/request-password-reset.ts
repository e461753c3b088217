import { useMutation } from '@tanstack/react-query';
import type { RequestPasswordResetBody, RequestPasswordResetResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

export type RequestPasswordResetInput = RequestPasswordResetBody;

/**
 * POST /password/reset: mails a 6-digit code. The answer is the same whether or not the
 * address has an account.
 * @example const { message } = await requestPasswordReset({ email: 'a@b.c' })
 */
export function requestPasswordReset(
  input: RequestPasswordResetInput,
): Promise<RequestPasswordResetResponse> {
  return callEndpoint(routes.requestPasswordReset, { body: input });
}

/** @example const { mutate } = useRequestPasswordReset() */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
