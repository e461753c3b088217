import { useMutation } from '@tanstack/react-query';
import type { LogoutAllResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * POST /logout/all: ends every session of the student on the server, this one included, and
 * unbinds their push devices.
 * @example await logoutAll()
 */
export function logoutAll(): Promise<LogoutAllResponse> {
  return callEndpoint(routes.logoutAll);
}

/**
 * The sign-out-everywhere call. On success (or a 401: the token is already gone) the caller
 * ends the session here; any other failure leaves the student signed in to try again.
 * @example useLogoutAll().mutate(undefined, { onSuccess: signOut })
 */
export function useLogoutAll() {
  return useMutation({ mutationFn: logoutAll, meta: { handlesUnauthorized: true } });
}
