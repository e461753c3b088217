import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExamDetails } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /exams/details?exam_code=: the exam the entry screen shows. Rejects with
 * EXAM_NOT_FOUND, EXAM_NOT_STARTED or EXAM_ENDED (spec §8).
 * @example const exam = await getExamDetails('G1001')
 */
export async function getExamDetails(code: string, signal?: AbortSignal): Promise<ExamDetails> {
  const { data } = await callEndpoint(routes.getExamDetails, {
    query: { exam_code: code },
    signal,
  });
  return data;
}

/** The key every exam's details start with, to refresh them all after a start or a submit. */
export const examDetailsKeyRoot = ['exam-details'] as const;

/**
 * Always asked again on opening: whether a session runs or was submitted changes with the
 * student's own actions elsewhere. A refusal is shown, not retried.
 */
export function examDetailsQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...examDetailsKeyRoot, code],
    queryFn: ({ signal }) => getExamDetails(code, signal),
    staleTime: 0,
    retry: false,
  });
}

/** @example const { data, error } = useExamDetails(code, { enabled: code !== '' }) */
export function useExamDetails(code: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...examDetailsQueryOptions(code), enabled });
}
