import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { GetCoursesResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/** The filters of the course list, as they appear in the page URL. */
export interface CourseFilters {
  query?: string;
  grade_id?: number;
  category_id?: number;
}

/**
 * One page of GET /courses. The first page is asked with the filters; later pages follow
 * the server's `links.next`, which already carries them.
 * @example const first = await getCourses({ filters: { query: 'جبر' } })
 * @example const second = await getCourses({ next: first.links.next! })
 */
export function getCourses(
  page: { filters: CourseFilters } | { next: string },
  signal?: AbortSignal,
): Promise<GetCoursesResponse> {
  if ('next' in page) return callEndpoint(routes.getCourses, { url: page.next, signal });
  return callEndpoint(routes.getCourses, { query: { ...page.filters }, signal });
}

export function coursesQueryOptions(filters: CourseFilters) {
  return infiniteQueryOptions({
    queryKey: ['courses', filters],
    queryFn: ({ pageParam, signal }) =>
      getCourses(pageParam ? { next: pageParam } : { filters }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.links.next,
  });
}

/** @example const { data, fetchNextPage, hasNextPage } = useCourses({ grade_id: 2 }) */
export function useCourses(filters: CourseFilters) {
  return useInfiniteQuery(coursesQueryOptions(filters));
}
