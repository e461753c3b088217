import { useMutation } from '@tanstack/react-query';
import {
  resetPasswordBodySchema,
  resetPasswordEndpoint,
  type ResetPasswordBody,
  type ResetPasswordResponse,
} from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** Step 3 of the password reset: the new password. */
export const resetPasswordInputSchema = resetPasswordBodySchema;
export type ResetPasswordInput = ResetPasswordBody;

/**
 * POST {url of step 2} with the new password. A used or expired link is a 422 INVALID_CODE.
 * @example await resetPassword({ url: '/api/v1/password/reset/confirm/5f0c…', password: '…' })
 */
export function resetPassword({
  url,
  ...input
}: ResetPasswordInput & { url: string }): Promise<ResetPasswordResponse> {
  return callEndpoint(resetPasswordEndpoint, { url, body: input });
}

/** @example const { mutate } = useResetPassword() */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
