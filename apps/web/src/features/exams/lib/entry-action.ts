import type { ExamDetails } from '@dars/contract';

/** The main button of the exam entry (spec §2; `startNext` ADR 047). */
export type EntryAction = 'continue' | 'viewResult' | 'viewSession' | 'start' | 'startNext';

type EntryFlags = Pick<ExamDetails, 'active_session' | 'has_session' | 'show_result' | 'attempts'>;

/**
 * Which button the entry shows: continue a running session, start the next attempt when the
 * latest is finished and the exam allows one now (ADR 047), view the result of a submitted one
 * when the exam shows results, view a submitted session otherwise, or start. Without
 * `attempts` (an older server) there is one attempt.
 * @example entryAction({ active_session: false, has_session: true, show_result: true }) // 'viewResult'
 */
export function entryAction(exam: EntryFlags): EntryAction {
  if (exam.active_session) return 'continue';
  if (exam.has_session && exam.attempts?.can_start) return 'startNext';
  if (exam.has_session) return exam.show_result ? 'viewResult' : 'viewSession';
  return 'start';
}

/** Where the student is with an exam of several attempts, as the entry tells it (ADR 047). */
export type AttemptNotice =
  /** The latest attempt is finished and the next opens at `at`. */
  | { kind: 'waiting'; next: number; at: string }
  /** Every attempt allowed is used. */
  | { kind: 'used' };

/**
 * What the entry says of the attempts beyond the counter: when the next one opens while the
 * student waits, or that all are used; null otherwise (one attempt, none finished, one running
 * or the next one open now).
 * @example attemptNotice({ active_session: false, has_session: true, attempts: { current: 2, allowed: 2, … } }) // { kind: 'used' }
 */
export function attemptNotice(
  exam: Pick<ExamDetails, 'active_session' | 'has_session' | 'attempts'>,
): AttemptNotice | null {
  const attempts = exam.attempts;
  if (!attempts || attempts.allowed < 2 || !exam.has_session || exam.active_session) return null;
  if (attempts.current >= attempts.allowed) return { kind: 'used' };
  if (attempts.next_at)
    return { kind: 'waiting', next: attempts.current + 1, at: attempts.next_at };
  return null;
}
