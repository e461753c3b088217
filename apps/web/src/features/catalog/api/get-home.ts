import { queryOptions, useQuery } from '@tanstack/react-query';
import { getHomeResponseSchema, type HomeData } from '@dars/contract';
import { apiFetch } from '../../../lib/api-client';

/**
 * GET /home (signed in): the carousel slides and the featured and latest courses.
 * @example const { header_images } = await getHome()
 */
export async function getHome(signal?: AbortSignal): Promise<HomeData> {
  const { data } = await apiFetch('/home', { schema: getHomeResponseSchema, signal });
  return data;
}

export function homeQueryOptions() {
  return queryOptions({ queryKey: ['home'], queryFn: ({ signal }) => getHome(signal) });
}

/** @example const { data, isPending, isError } = useHome() */
export function useHome() {
  return useQuery(homeQueryOptions());
}
