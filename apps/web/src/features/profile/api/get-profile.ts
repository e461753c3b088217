import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /profile: the signed-in user, fresh from the server.
 * @example const user = await getProfile()
 */
export async function getProfile(signal?: AbortSignal): Promise<User> {
  const { user } = await callEndpoint(routes.getProfile, { signal });
  return user;
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 0,
  });
}

/**
 * The profile, shown at once from the session's user while the fresh one loads.
 * @example const { data: user, isError } = useProfile(session.user)
 */
export function useProfile(known: User | null) {
  return useQuery({ ...profileQueryOptions(), placeholderData: known ?? undefined });
}
