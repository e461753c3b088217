import { useMutation } from '@tanstack/react-query';
import type { LogoutResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * POST /logout: revokes the token in use on the server.
 * @example await logout()
 */
export function logout(): Promise<LogoutResponse> {
  return callEndpoint(routes.logout);
}

/**
 * The logout call. Whatever the server answers, the caller ends the session on this device:
 * a 401 means the token is already gone, so the global forced logout is not needed.
 * @example useLogout().mutate(undefined, { onSettled: signOut })
 */
export function useLogout() {
  return useMutation({ mutationFn: logout, meta: { handlesUnauthorized: true } });
}
