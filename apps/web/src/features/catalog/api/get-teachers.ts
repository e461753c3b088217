import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Teacher } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /teachers: every teacher with a course count. A 404 FEATURE_DISABLED when the
 * teachers page is switched off (the route shows not-found before asking).
 * @example const teachers = await getTeachers()
 */
export async function getTeachers(signal?: AbortSignal): Promise<Teacher[]> {
  const { data } = await callEndpoint(routes.getTeachers, { signal });
  return data;
}

export function teachersQueryOptions() {
  return queryOptions({ queryKey: ['teachers'], queryFn: ({ signal }) => getTeachers(signal) });
}

/** @example const { data: teachers, isPending } = useTeachers() */
export function useTeachers() {
  return useQuery(teachersQueryOptions());
}
