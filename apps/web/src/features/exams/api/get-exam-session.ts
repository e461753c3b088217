import { queryOptions } from '@tanstack/react-query';
import type { GetExamSessionResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * GET /exams/session?session_token=: the session with its exam, questions, the saved answers
 * and, once submitted and allowed, the result. Rejects with SESSION_NOT_FOUND (spec §8).
 * @example const { session, questions } = await getExamSession(token)
 */
export function getExamSession(
  token: string,
  signal?: AbortSignal,
): Promise<GetExamSessionResponse> {
  return callEndpoint(routes.getExamSession, { query: { session_token: token }, signal });
}

/** The key of a session's data, for the calls that change it (answers, submit). */
export const examSessionQueryKey = (token: string) => ['exam-session', token] as const;

/**
 * The session screen's data. `replay` runs first: the answers a closed page left in the
 * outbox reach the server before the session is read (ADR 017). Read once per visit; the
 * screen keeps it current from the answer and submit calls' answers.
 */
export function examSessionQueryOptions(token: string, replay: () => Promise<void>) {
  return queryOptions({
    queryKey: examSessionQueryKey(token),
    queryFn: async ({ signal }) => {
      await replay();
      return getExamSession(token, signal);
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnReconnect: false,
  });
}
