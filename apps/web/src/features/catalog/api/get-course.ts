import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Course } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /courses/{id}: the course page with its lectures; `joined`, `purchased` and each
 * lecture's access fields are the signed-in student's (a guest gets them all false).
 * @example const course = await getCourse(12)
 */
export async function getCourse(id: number, signal?: AbortSignal): Promise<Course> {
  const { data } = await callEndpoint(routes.getCourse, { params: { id }, signal });
  return data;
}

/** What every course page's query key starts with: invalidating it asks each one again. */
export const courseKeyRoot = ['course'] as const;

export function courseQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...courseKeyRoot, id],
    queryFn: ({ signal }) => getCourse(id, signal),
  });
}

/** @example const { data: course, isPending, error } = useCourse(12) */
export function useCourse(id: number) {
  return useQuery(courseQueryOptions(id));
}
