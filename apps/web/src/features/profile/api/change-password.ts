import { useMutation } from '@tanstack/react-query';
import {
  changePasswordBodySchema,
  type ChangePasswordBody,
  type ChangePasswordResponse,
  changePasswordEndpoint,
} from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** Both passwords are required (spec §5); the new one as strong as at sign-up. */
export const changePasswordInputSchema = changePasswordBodySchema;
export type ChangePasswordInput = ChangePasswordBody;

/**
 * POST /profile/password. A wrong current password is a 422 WRONG_OLD_PASSWORD. The token
 * in use stays valid; the account's other sessions end.
 * @example await changePassword({ current_password: '…', password: '…' })
 */
export function changePassword(input: ChangePasswordInput): Promise<ChangePasswordResponse> {
  return callEndpoint(changePasswordEndpoint, { body: input });
}

/** @example const { mutate, isPending } = useChangePassword() */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
