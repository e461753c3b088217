import { useMutation } from '@tanstack/react-query';
import {
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
  type User,
  type VerifyEmailBody,
} from '@dars/contract';
import { apiFetch } from '../../../lib/api-client';

/** The confirm form's input: the mailed code. */
export const verifyEmailInputSchema = verifyEmailBodySchema;
export type VerifyEmailInput = VerifyEmailBody;

/**
 * POST /verify: confirms the e-mail; resolves with the user, now with email_verified_at.
 * A wrong or expired code is a 422 INVALID_CODE.
 * @example const user = await verifyEmail({ code: '123456' })
 */
export async function verifyEmail(input: VerifyEmailInput): Promise<User> {
  const { user } = await apiFetch('/verify', {
    method: 'POST',
    body: input,
    schema: verifyEmailResponseSchema,
  });
  return user;
}

/** @example const { mutate } = useVerifyEmail() */
export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
