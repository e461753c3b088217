import { useMutation } from '@tanstack/react-query';
import type { User, VerifyEmailBody } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

export type VerifyEmailInput = VerifyEmailBody;

/**
 * POST /verify: confirms the e-mail; resolves with the user, now with email_verified_at.
 * A wrong or expired code is a 422 INVALID_CODE.
 * @example const user = await verifyEmail({ code: '123456' })
 */
export async function verifyEmail(input: VerifyEmailInput): Promise<User> {
  const { user } = await callEndpoint(routes.verifyEmail, { body: input });
  return user;
}

/** @example const { mutate } = useVerifyEmail() */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
