import { type GetExamSessionResponse, getExamSessionEndpoint } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/**
 * GET /exams/session?session_token=: the session with its exam, questions, the saved answers
 * and, once submitted and allowed, the result. Rejects with SESSION_NOT_FOUND (spec §8).
 * The session screen replays its outbox before calling it (ADR 017), so it has no query hook.
 * @example const { session, questions } = await getExamSession(token)
 */
export function getExamSession(
  token: string,
  signal?: AbortSignal,
): Promise<GetExamSessionResponse> {
  return callEndpoint(getExamSessionEndpoint, { query: { session_token: token }, signal });
}
