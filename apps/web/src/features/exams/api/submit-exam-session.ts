import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ExamAnswerInput,
  GetExamSessionResponse,
  SubmitExamSessionResponse,
} from '@dars/contract';
import { isUnauthorized } from '../../../lib/api-client';
import { callEndpoint } from '../../../lib/call-endpoint';
import { examDetailsKeyRoot } from './get-exam-details';
import { examSessionQueryKey } from './get-exam-session';
import { examResultsQueryOptions } from './get-exam-results';
import { homeworkResultsQueryOptions } from './get-homework-results';
import { EXAM_AUTO_SUBMIT_RETRIES, routes } from '@dars/contract/plain';

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
  return callEndpoint(routes.submitExamSession, { body: { session_token: token, answers } });
}

/** What the submit needs of the session's outbox (ADR 017). */
export interface SubmitOutbox {
  flush: () => Promise<void>;
  pendingAnswers: () => ExamAnswerInput[];
  drop: () => void;
}

/** How long a submit waits for the outbox to send what it can (its images) first. */
const FLUSH_BEFORE_SUBMIT_MS = 5000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Submits the session with what the outbox still holds: `auto` (time is up) tries once more
 * after a failure (spec §4, §9). On success the outbox is dropped, the session's data becomes
 * the submitted one and the exam's details and results lists are asked again.
 * @example const { mutate, isPending } = useSubmitExamSession(token, outbox); mutate({ auto: false })
 */
export function useSubmitExamSession(token: string, outbox: SubmitOutbox) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ auto }: { auto: boolean }) => {
      await Promise.race([outbox.flush(), wait(FLUSH_BEFORE_SUBMIT_MS)]);
      const attempts = auto ? 1 + EXAM_AUTO_SUBMIT_RETRIES : 1;
      let failure: unknown;
      for (let i = 0; i < attempts; i++) {
        try {
          return await submitExamSession(token, outbox.pendingAnswers());
        } catch (error) {
          failure = error;
          if (isUnauthorized(error)) break;
        }
      }
      throw failure;
    },
    onSuccess: (response) => {
      outbox.drop();
      queryClient.setQueryData<GetExamSessionResponse>(examSessionQueryKey(token), (old) =>
        old
          ? {
              ...old,
              session: { ...old.session, active: false, remaining_seconds: 0 },
              result: response.result,
              answer_attempts: response.answer_attempts,
              questions: response.questions,
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: examDetailsKeyRoot });
      void queryClient.invalidateQueries({ queryKey: examResultsQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: homeworkResultsQueryOptions().queryKey });
    },
  });
}
