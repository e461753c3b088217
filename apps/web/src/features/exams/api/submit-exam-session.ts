import {
  type ExamAnswerInput,
  type SubmitExamSessionResponse,
  submitExamSessionEndpoint,
} from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/**
 * POST /exams/session/submit with the answers the device still holds: resolves with the
 * result (null when the exam hides it), the saved answers and the questions, with the
 * corrections the exam allows. A session already submitted answers the same (ADR 016).
 * @example const { result } = await submitExamSession(token, outbox.pendingAnswers())
 */
export function submitExamSession(
  token: string,
  answers: ExamAnswerInput[],
): Promise<SubmitExamSessionResponse> {
  return callEndpoint(submitExamSessionEndpoint, { body: { session_token: token, answers } });
}
