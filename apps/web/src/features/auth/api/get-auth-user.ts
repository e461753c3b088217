import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * POST /auth/user: who the stored token belongs to. Rejects with a 401 ApiError when the
 * token is no longer valid; what to do then is the app layer's decision.
 * @example const user = await getAuthUser()
 */
export async function getAuthUser(signal?: AbortSignal): Promise<User> {
  const { user } = await callEndpoint(routes.getAuthUser, { signal });
  return user;
}

/** Keyed by the token, so a new sign-in never sees the previous user. */
export function authUserQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['auth-user', token],
    queryFn: ({ signal }) => getAuthUser(signal),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
    // The start-up check handles its own 401 (it clears the token, spec §4) instead of the
    // global forced logout.
    meta: { handlesUnauthorized: true },
  });
}

/** @example const { data: user, error } = useAuthUser(token) */
export function useAuthUser(token: string | null) {
  return useQuery(authUserQueryOptions(token));
}
