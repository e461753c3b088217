import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseProgress } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /courses/{id}/progress: the signed-in student's progress in a course they joined (issue
 * 28): each lecture in order with what was watched, opened and taken. Another's or an unknown
 * course is a 404.
 * @example const progress = await getCourseProgress(12)
 */
export async function getCourseProgress(id: number, signal?: AbortSignal): Promise<CourseProgress> {
  const { data } = await callEndpoint(routes.getCourseProgress, { params: { id }, signal });
  return data;
}

/** Asked again on each visit: a video watched or an exam taken meanwhile changes it. */
export function courseProgressQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['course-progress', id],
    queryFn: ({ signal }) => getCourseProgress(id, signal),
    staleTime: 0,
  });
}

/** @example const { data: progress, isPending, error, refetch } = useCourseProgress(12) */
export function useCourseProgress(id: number) {
  return useQuery(courseProgressQueryOptions(id));
}
