import { queryOptions, useQuery } from '@tanstack/react-query';
import { getWelcomeResponseSchema, type GetWelcomeResponse } from '@dars/contract';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET /welcome: the featured courses of the welcome page.
 * @example const { featured_courses } = await getWelcome()
 */
export function getWelcome(signal?: AbortSignal): Promise<GetWelcomeResponse> {
  return apiFetch('/welcome', { schema: getWelcomeResponseSchema, signal });
}

export function welcomeQueryOptions() {
  return queryOptions({ queryKey: ['welcome'], queryFn: ({ signal }) => getWelcome(signal) });
}

/** @example const { data, isPending, isError } = useWelcome() */
export function useWelcome() {
  return useQuery(welcomeQueryOptions());
}
