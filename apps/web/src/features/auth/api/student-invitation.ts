import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { LoginResponse, studentInvitationAcceptBodySchema } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * A student the school added or imported (issue 28, ADR 052) opens the set-password link it
 * sent: `/welcome#<token>`. The token stays after `#` in the address and goes to the server in
 * a request's body only, never in a URL.
 */

export type AcceptInvitationInput = z.input<typeof studentInvitationAcceptBodySchema>;

/**
 * POST /invitation/check: whose link it is (to greet them). A used, replaced or expired link
 * is a 422 INVALID_CODE with the server's Arabic message.
 * @example const { data } = await checkInvitation('k3Yh…', signal) // { name, phone, expires_at }
 */
export function checkInvitation(token: string, signal?: AbortSignal) {
  return callEndpoint(routes.checkStudentInvitation, { body: { token }, signal });
}

/** @example const { data, error } = useCheckInvitation(token) */
export function useCheckInvitation(token: string) {
  return useQuery({
    queryKey: ['student-invitation', token],
    queryFn: ({ signal }) => checkInvitation(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/**
 * POST /invitation/accept: sets the password and answers as login does (`{ token, user }`).
 * @example const { token, user } = await acceptInvitation({ token, password, password_confirmation })
 */
export function acceptInvitation(input: AcceptInvitationInput): Promise<LoginResponse> {
  return callEndpoint(routes.acceptStudentInvitation, { body: input });
}

/** @example const { mutate, isPending } = useAcceptInvitation() */
export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
