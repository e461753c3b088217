import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetWelcomeResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /welcome: the featured courses of the welcome page.
 * @example const { featured_courses } = await getWelcome()
 */
export function getWelcome(signal?: AbortSignal): Promise<GetWelcomeResponse> {
  return callEndpoint(routes.getWelcome, { signal });
}

export function welcomeQueryOptions() {
  return queryOptions({ queryKey: ['welcome'], queryFn: ({ signal }) => getWelcome(signal) });
}

/** @example const { data, isPending, isError } = useWelcome() */
export function useWelcome() {
  return useQuery(welcomeQueryOptions());
}
