import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExamResultSession } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /exams/homeworks/results: the student's homework sessions, newest first.
 * @example const sessions = await getHomeworkResults()
 */
export async function getHomeworkResults(signal?: AbortSignal): Promise<ExamResultSession[]> {
  const { data } = await callEndpoint(routes.getHomeworkResults, { signal });
  return data;
}

/** Asked again on each visit, like the exam results. */
export function homeworkResultsQueryOptions() {
  return queryOptions({
    queryKey: ['homework-results'],
    queryFn: ({ signal }) => getHomeworkResults(signal),
    staleTime: 0,
  });
}

/** @example const { data, isPending, isError } = useHomeworkResults() */
export function useHomeworkResults() {
  return useQuery(homeworkResultsQueryOptions());
}
