import { useMutation } from '@tanstack/react-query';
import {
  verifyEmailBodySchema,
  type User,
  type VerifyEmailBody,
  verifyEmailEndpoint,
} from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** The confirm form's input: the mailed code. */
export const verifyEmailInputSchema = verifyEmailBodySchema;
export type VerifyEmailInput = VerifyEmailBody;

/**
 * POST /verify: confirms the e-mail; resolves with the user, now with email_verified_at.
 * A wrong or expired code is a 422 INVALID_CODE.
 * @example const user = await verifyEmail({ code: '123456' })
 */
export async function verifyEmail(input: VerifyEmailInput): Promise<User> {
  const { user } = await callEndpoint(verifyEmailEndpoint, { body: input });
  return user;
}

/** @example const { mutate } = useVerifyEmail() */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
