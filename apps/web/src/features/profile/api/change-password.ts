import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordBody, ChangePasswordResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

export type ChangePasswordInput = ChangePasswordBody;

/**
 * POST /profile/password. A wrong current password is a 422 WRONG_OLD_PASSWORD. The token
 * in use stays valid; the account's other sessions end.
 * @example await changePassword({ current_password: '…', password: '…' })
 */
export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return callEndpoint(routes.changePassword, { body: input });
}

/** @example const { mutate, isPending } = useChangePassword() */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
