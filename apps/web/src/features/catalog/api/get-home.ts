import { queryOptions, useQuery } from '@tanstack/react-query';
import { type HomeData, getHomeEndpoint } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/**
 * GET /home (signed in): the carousel slides and the featured and latest courses.
 * @example const { header_images } = await getHome()
 */
export async function getHome(signal?: AbortSignal): Promise<HomeData> {
  const { data } = await callEndpoint(getHomeEndpoint, { signal });
  return data;
}

export function homeQueryOptions() {
  return queryOptions({ queryKey: ['home'], queryFn: ({ signal }) => getHome(signal) });
}

/** @example const { data, isPending, isError } = useHome() */
export function useHome() {
  return useQuery(homeQueryOptions());
}
