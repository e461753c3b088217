import { useMutation } from '@tanstack/react-query';
import {
  requestPasswordResetBodySchema,
  requestPasswordResetResponseSchema,
  type RequestPasswordResetBody,
  type RequestPasswordResetResponse,
} from '@dars/contract';
import { apiFetch } from '../../../lib/api-client';

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
  return apiFetch('/password/reset', {
    method: 'POST',
    body: input,
    schema: requestPasswordResetResponseSchema,
  });
}

/** @example const { mutate } = useRequestPasswordReset() */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
