import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody, ResetPasswordResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

export type ResetPasswordInput = ResetPasswordBody;

/**
 * POST {url of step 2} with the new password. A used or expired link is a 422 INVALID_CODE.
 * @example await resetPassword({ url: '/api/v1/password/reset/confirm/5f0c…', password: '…' })
 */
export function resetPassword({
  url,
  ...input
}: ResetPasswordInput & { url: string }): Promise<ResetPasswordResponse> {
  return callEndpoint(routes.resetPassword, { url, body: input });
}

/** @example const { mutate } = useResetPassword() */
export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
