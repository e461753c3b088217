import { useQueries } from '@tanstack/react-query';
import type { Course } from '@dars/contract';
import { ApiError } from '../../../lib/api-client';
import { courseQueryOptions } from '../api/get-course';

export interface MyCourses {
  courses: Course[];
  isPending: boolean;
  /** A course failed to load for another reason than being gone (404). */
  isError: boolean;
  refetch: () => void;
}

/**
 * The courses of the user's `my_courses`, each through its course query (the API has no
 * list of joined courses), in the user's order. A course that is gone (404) is left out.
 * @example const { courses, isPending } = useMyCourses(user.my_courses)
 */
export function useMyCourses(ids: readonly number[]): MyCourses {
  return useQueries({
    queries: ids.map((id) => courseQueryOptions(id)),
    combine: (results) => ({
      courses: results.flatMap((result) => (result.data ? [result.data] : [])),
      isPending: results.some((result) => result.isPending),
      isError: results.some(
        (result) =>
          result.isError && !(result.error instanceof ApiError && result.error.status === 404),
      ),
      refetch: () => {
        for (const result of results) if (result.isError) void result.refetch();
      },
    }),
  });
}
