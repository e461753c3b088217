import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GetTeacherResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /teachers/{id} (public): the teacher's profile and published courses.
 * @example const { teacher, courses } = await getTeacher(2)
 */
export function getTeacher(id: number, signal?: AbortSignal): Promise<GetTeacherResponse> {
  return callEndpoint(routes.getTeacher, { params: { id }, signal });
}

export function teacherQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['teacher', id],
    queryFn: ({ signal }) => getTeacher(id, signal),
  });
}

/** @example const { data, isPending } = useTeacher(2) */
export function useTeacher(id: number) {
  return useQuery(teacherQueryOptions(id));
}
