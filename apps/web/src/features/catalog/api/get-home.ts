import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HomeData } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /home (signed in): the carousel slides and the featured and latest courses.
 * @example const { header_images } = await getHome()
 */
export async function getHome(signal?: AbortSignal): Promise<HomeData> {
  const { data } = await callEndpoint(routes.getHome, { signal });
  return data;
}

export function homeQueryOptions() {
  return queryOptions({ queryKey: ['home'], queryFn: ({ signal }) => getHome(signal) });
}

/** @example const { data, isPending, isError } = useHome() */
export function useHome() {
  return useQuery(homeQueryOptions());
}
