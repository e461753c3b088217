import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GetWelcomeResponse, getWelcomeEndpoint } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/**
 * GET /welcome: the featured courses of the welcome page.
 * @example const { featured_courses } = await getWelcome()
 */
export function getWelcome(signal?: AbortSignal): Promise<GetWelcomeResponse> {
  return callEndpoint(getWelcomeEndpoint, { signal });
}

export function welcomeQueryOptions() {
  return queryOptions({ queryKey: ['welcome'], queryFn: ({ signal }) => getWelcome(signal) });
}

/** @example const { data, isPending, isError } = useWelcome() */
export function useWelcome() {
  return useQuery(welcomeQueryOptions());
}
