import { useMutation } from '@tanstack/react-query';
import type { SendVerificationResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * POST /verify/send: mails a new confirmation code (rate-limited by the server, 429).
 * @example const { message } = await sendVerification()
 */
export function sendVerification(): Promise<SendVerificationResponse> {
  return callEndpoint(routes.sendVerification);
}

/** @example const { mutate, isPending } = useSendVerification() */
export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}
