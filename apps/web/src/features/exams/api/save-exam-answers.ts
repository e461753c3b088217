import type { ExamAnswerInput, SaveExamAnswersResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

/**
 * POST /exams/session/answers: saves one or more answers, each with its `seq`; resolves with
 * the server's remaining time and the saved answers. Rejects with SESSION_ENDED after the
 * deadline and its grace, SESSION_NOT_FOUND for a token that is not the student's (ADR 016).
 * @example const { remaining_seconds } = await saveExamAnswers(token, [{ question_id: 3, chosen_answer: 9, seq: 12 }])
 */
export function saveExamAnswers(
  token: string,
  answers: ExamAnswerInput[],
): Promise<SaveExamAnswersResponse> {
  return callEndpoint(routes.saveExamAnswers, { body: { session_token: token, answers } });
}
