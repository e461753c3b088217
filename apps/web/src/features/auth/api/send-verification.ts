import { useMutation } from '@tanstack/react-query';
import { type SendVerificationResponse, sendVerificationEndpoint } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/**
 * POST /verify/send: mails a new confirmation code (rate-limited by the server, 429).
 * @example const { message } = await sendVerification()
 */
export function sendVerification(): Promise<SendVerificationResponse> {
  return callEndpoint(sendVerificationEndpoint);
}

/** @example const { mutate, isPending } = useSendVerification() */
export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}
