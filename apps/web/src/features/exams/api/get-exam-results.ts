import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExamResultSession } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /exams/results: the student's exam sessions, newest first.
 * @example const sessions = await getExamResults()
 */
export async function getExamResults(signal?: AbortSignal): Promise<ExamResultSession[]> {
  const { data } = await callEndpoint(routes.getExamResults, { signal });
  return data;
}

/** Asked again on each visit: a session submitted or marked meanwhile changes the list. */
export function examResultsQueryOptions() {
  return queryOptions({
    queryKey: ['exam-results'],
    queryFn: ({ signal }) => getExamResults(signal),
    staleTime: 0,
  });
}

/** @example const { data, isPending, isError } = useExamResults() */
export function useExamResults() {
  return useQuery(examResultsQueryOptions());
}
