import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { courseQueryOptions } from './get-course';
import { homeQueryOptions } from './get-home';
import { routes } from '@dars/contract/plain';

/**
 * POST /courses/{id}/join (pay_type 'lectures', no body): resolves with the course, now
 * joined. Rejects with LIMIT_EXCEEDED or ALREADY_JOINED (spec §8).
 * @example const course = await joinCourse(12)
 */
export async function joinCourse(id: number): Promise<Course> {
  const { data } = await callEndpoint(routes.joinCourse, { params: { id } });
  return data;
}

/**
 * Joins the course and puts the answer in the course page's query; the home sections are
 * refreshed (their `joined` changed). Refreshing the user's `my_courses` is the caller's.
 * @example const { mutate, isPending } = useJoinCourse(12)
 */
export function useJoinCourse(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => joinCourse(id),
    onSuccess: (course) => {
      queryClient.setQueryData(courseQueryOptions(id).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: homeQueryOptions().queryKey });
    },
  });
}
