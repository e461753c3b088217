import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { GetExamSessionResponse } from '@dars/contract';
import { useSession } from '../../../lib/session-context';
import { examSessionQueryKey, examSessionQueryOptions } from '../api/get-exam-session';
import { saveExamAnswers } from '../api/save-exam-answers';
import { saveExamImageAnswer } from '../api/save-exam-image-answer';
import { useSubmitExamSession } from '../api/submit-exam-session';
import { AnswerOutbox } from '../lib/answer-outbox';
import { isSolved, localAnswers, mergeAttempts, type LocalAnswer } from '../lib/answer-state';
import { useCountdown } from './use-countdown';
import { useOnline } from './use-online';

/**
 * What a question's answer is doing: typed but not yet handed over ('unsaved', an essay while
 * its field waits for a pause), on its way, waiting for the network, saved, or none.
 */
export type AnswerStatus = 'unsaved' | 'sending' | 'waiting' | 'saved' | null;

export type SubmitOutcome = 'submitted' | 'failed';

/**
 * The outbox of one session, wired to its calls and to its data: a confirmed answer updates
 * the saved answers and the server's remaining time; a session the server ended is read
 * again (now submitted); a refused token signs out (ADR 017).
 */
function sessionOutbox(token: string, queryClient: QueryClient, signOut: () => void) {
  const queryKey = examSessionQueryKey(token);
  return new AnswerOutbox(
    token,
    {
      saveAnswers: (answers) => saveExamAnswers(token, answers),
      saveImage: ({ question_id, image, answer_text, seq }) =>
        saveExamImageAnswer(token, { question_id, image, answer_text, seq }),
    },
    {
      onSaved: (response, ids) =>
        queryClient.setQueryData<GetExamSessionResponse>(queryKey, (old) =>
          old
            ? {
                ...old,
                session: { ...old.session, remaining_seconds: response.remaining_seconds },
                answer_attempts: mergeAttempts(old.answer_attempts, response.answer_attempts, ids),
              }
            : old,
        ),
      onEnded: () => void queryClient.refetchQueries({ queryKey }),
      onUnauthorized: signOut,
    },
  );
}

/**
 * One exam session on the screen (spec §2, §4; ADR 017): its data (read after the outbox has
 * replayed what a closed page left), the answers as the student left them, each question's
 * saving state, the countdown kept in step with the server, the submit (by the student, or by
 * itself at 0, retried once) and whether the device is offline.
 * @example const exam = useExamSession(token); exam.choose(question.id, option.id)
 */
export function useExamSession(token: string) {
  const queryClient = useQueryClient();
  const { signOut } = useSession();
  const online = useOnline();
  const outbox = useMemo(
    () => sessionOutbox(token, queryClient, signOut),
    [token, queryClient, signOut],
  );
  // Re-renders whenever what waits in the outbox, or its sending, changes.
  useSyncExternalStore(
    outbox.subscribe,
    () => outbox.version,
    () => outbox.version,
  );

  const query = useQuery(examSessionQueryOptions(token, () => outbox.flush()));
  const data = query.data;
  const { remaining, resync } = useCountdown(null);
  const submitMutation = useSubmitExamSession(token, outbox);
  /** Time ran out and the submit failed twice: shown as submitted all the same (spec §4). */
  const [unconfirmed, setUnconfirmed] = useState(false);
  const autoSubmitted = useRef(false);
  /** The countdown reached 0 on this screen and it submitted by itself: the student is told. */
  const [timeUp, setTimeUp] = useState(false);

  // Every answer from the server carries its clock: the countdown follows it (spec §4).
  const serverSeconds = data?.session.remaining_seconds;
  const serverAnswerAt = query.dataUpdatedAt;
  useEffect(() => {
    if (serverSeconds !== undefined) resync(serverSeconds);
  }, [serverSeconds, serverAnswerAt, resync]);

  // Answers from another device may carry a higher `seq` than this device's clock gives.
  const attempts = data?.answer_attempts;
  useEffect(() => {
    if (attempts) outbox.noteServerSeq(Math.max(0, ...attempts.map((a) => a.seq ?? 0)));
  }, [attempts, outbox]);

  const serverActive = data?.session.active;
  useEffect(() => {
    // A session the server has closed keeps nothing on the device.
    if (serverActive === false) outbox.drop();
  }, [serverActive, outbox]);
  // Only leaving the screen stops the retries: a retry the replay scheduled before the session
  // was read must still come (it was lost when the session's data arrived).
  useEffect(() => () => outbox.dispose(), [outbox]);

  useEffect(() => {
    if (online) void outbox.flush();
  }, [online, outbox]);

  const active = data !== undefined && data.session.active && !unconfirmed;
  const submitPending = submitMutation.isPending;
  const { mutate: submitNow } = submitMutation;
  useEffect(() => {
    if (!active || remaining !== 0 || submitPending || autoSubmitted.current) return;
    autoSubmitted.current = true;
    setTimeUp(true);
    submitNow({ auto: true }, { onError: () => setUnconfirmed(true) });
  }, [active, remaining, submitPending, submitNow]);

  const answers: ReadonlyMap<number, LocalAnswer> = localAnswers(
    data?.answer_attempts ?? [],
    outbox.pendingAnswers(),
    outbox.pendingImages(),
  );

  return {
    query,
    data,
    /** 'active' while answering; 'submitted' once the server (or time) closed it. */
    phase: data === undefined ? null : active ? ('active' as const) : ('submitted' as const),
    unconfirmed,
    timeUp,
    answers,
    /** Whether a question's answer is on its way, waiting, saved, or there is none. */
    statusOf: (questionId: number): AnswerStatus =>
      outbox.statusOf(questionId) ?? (isSolved(answers.get(questionId)) ? 'saved' : null),
    remaining,
    offline: !online || outbox.offline,
    submitting: submitPending,
    /** A choice is sent at once, unless it is the one already chosen (spec §4). */
    choose: (questionId: number, optionId: number) => {
      if (answers.get(questionId)?.chosen !== optionId)
        outbox.put({ question_id: questionId, chosen_answer: optionId });
    },
    /** An essay's text, once typing paused (the essay field waits and skips unchanged text). */
    writeText: outbox.putText,
    /** An essay's image picked (a file) or removed (null), with the essay's text now. */
    attachImage: outbox.putImage,
    /** The student's submit: resolves 'failed' when the server could not be reached. */
    submit: () =>
      new Promise<SubmitOutcome>((resolve) =>
        submitMutation.mutate(
          { auto: false },
          { onSuccess: () => resolve('submitted'), onError: () => resolve('failed') },
        ),
      ),
  };
}

export type ExamSessionState = ReturnType<typeof useExamSession>;
