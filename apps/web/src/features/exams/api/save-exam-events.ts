import type { ExamEventInput, SaveExamEventsResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * POST /exams/session/events: the exam page's integrity reports (ADR 044), kept once each by
 * their ids; rejects with SESSION_NOT_FOUND for a token that is not the student's.
 * @example await saveExamEvents(token, [{ id: 'k2j4h5g6', kind: 'hidden', at: new Date().toISOString() }])
 */
export function saveExamEvents(
  token: string,
  events: ExamEventInput[],
): Promise<SaveExamEventsResponse> {
  return callEndpoint(routes.saveExamEvents, { body: { session_token: token, events } });
}
