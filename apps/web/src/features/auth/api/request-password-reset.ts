import { useMutation } from '@tanstack/react-query';
import {
  requestPasswordResetBodySchema,
  type RequestPasswordResetBody,
  type RequestPasswordResetResponse,
  requestPasswordResetEndpoint,
} from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** Step 1 of the password reset: the e-mail. */
export const requestPasswordResetInputSchema = requestPasswordResetBodySchema;
export type RequestPasswordResetInput = RequestPasswordResetBody;

/**
 * POST /password/reset: mails a 6-digit code. The answer is the same whether or not the
 * address has an account.
 * @example const { message } = await requestPasswordReset({ email: 'a@b.c' })
 */
export function requestPasswordReset(
  input: RequestPasswordResetInput,
): Promise<RequestPasswordResetResponse> {
  return callEndpoint(requestPasswordResetEndpoint, { body: input });
}

/** @example const { mutate } = useRequestPasswordReset() */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
