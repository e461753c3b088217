import { useMutation } from '@tanstack/react-query';
import { sendVerificationResponseSchema, type SendVerificationResponse } from '@dars/contract';
import { apiFetch } from '../../../lib/api-client';

/**
 * POST /verify/send: mails a new confirmation code (rate-limited by the server, 429).
 * @example const { message } = await sendVerification()
 */
export function sendVerification(): Promise<SendVerificationResponse> {
  return apiFetch('/verify/send', { method: 'POST', schema: sendVerificationResponseSchema });
}

/** @example const { mutate, isPending } = useSendVerification() */
export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}
