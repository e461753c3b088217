import type { Selectable } from 'kysely';
import type { ExamAccommodationsTable, ExamSessionsTable, ExamsTable } from '../../db/schema';

/**
 * How long after the deadline answers already in flight are still taken (ADR 016: The window
 * and the clock). Moodle uses the same minute.
 */
export const ANSWER_GRACE_MS = 60_000;

export type ExamRow = Selectable<ExamsTable>;
export type SessionRow = Selectable<ExamSessionsTable>;
export type Accommodation = Pick<
  Selectable<ExamAccommodationsTable>,
  'extra_minutes' | 'extra_percent' | 'starts_at' | 'ends_at'
>;

/**
 * The exam's time as one student sits it (ADR 042): the duration grows by `extra_percent` of
 * itself plus `extra_minutes`; an own window replaces the exam's, and without an own end the
 * exam's end moves by the same extra time, so the extra time is real in a fixed window too.
 * @example accommodated({ duration_minutes: 60, starts_at: null, ends_at: null }, { extra_minutes: 5, extra_percent: 25, starts_at: null, ends_at: null }).duration_minutes // 80
 */
export function accommodated<E extends Pick<ExamRow, 'duration_minutes' | 'starts_at' | 'ends_at'>>(
  exam: E,
  accommodation: Accommodation | undefined,
): E {
  if (!accommodation) return exam;
  const duration = exam.duration_minutes;
  const extra =
    accommodation.extra_minutes +
    // Stryker disable next-line ConditionalExpression: null times a percentage is 0 in JavaScript too; the guard says it aloud
    (duration === null ? 0 : (duration * accommodation.extra_percent) / 100);
  const movedEnd =
    exam.ends_at === null
      ? null
      : new Date(Date.parse(exam.ends_at) + extra * 60_000).toISOString();
  return {
    ...exam,
    duration_minutes: duration === null ? null : duration + extra,
    starts_at: accommodation.starts_at ?? exam.starts_at,
    ends_at: accommodation.ends_at ?? movedEnd,
  };
}

/**
 * Whether the exam's window lets a session start at `now`.
 * @example windowState({ starts_at: '2026-01-02T00:00:00Z', ends_at: null }, new Date('2026-01-01')) // 'not-started'
 */
export function windowState(
  exam: Pick<ExamRow, 'starts_at' | 'ends_at'>,
  now: Date,
): 'open' | 'not-started' | 'ended' {
  if (exam.starts_at && now.getTime() < Date.parse(exam.starts_at)) return 'not-started';
  if (exam.ends_at && now.getTime() >= Date.parse(exam.ends_at)) return 'ended';
  return 'open';
}

/**
 * Start + duration, cut at the exam's end; null when there is neither (ADR 016).
 * @example deadlineOf({ duration_minutes: 30, ends_at: null }, new Date('2026-01-01T10:00:00Z')) // '2026-01-01T10:30:00.000Z'
 */
export function deadlineOf(
  exam: Pick<ExamRow, 'duration_minutes' | 'ends_at'>,
  startedAt: Date,
): string | null {
  const byDuration =
    exam.duration_minutes === null ? null : startedAt.getTime() + exam.duration_minutes * 60_000;
  const byWindow = exam.ends_at === null ? null : Date.parse(exam.ends_at);
  const candidates = [byDuration, byWindow].filter((t): t is number => t !== null);
  return candidates.length === 0 ? null : new Date(Math.min(...candidates)).toISOString();
}

/** Seconds left to the deadline, never below 0 (0 once finished); null without a deadline. */
export function remainingSeconds(
  session: Pick<SessionRow, 'deadline_at' | 'finished_at'>,
  now: Date,
): number | null {
  if (session.deadline_at === null) return null;
  if (session.finished_at !== null) return 0;
  return Math.max(0, Math.ceil((Date.parse(session.deadline_at) - now.getTime()) / 1000));
}

/** Whether the session is running and its deadline plus the grace has passed. */
export function isOverdue(
  session: Pick<SessionRow, 'deadline_at' | 'finished_at'>,
  now: Date,
): boolean {
  return (
    session.finished_at === null &&
    // Stryker disable next-line ConditionalExpression: Date.parse(null) is NaN, which no time is past; the guard says it aloud
    session.deadline_at !== null &&
    now.getTime() > Date.parse(session.deadline_at) + ANSWER_GRACE_MS
  );
}

/** Where a student's own submit ends: now, or the deadline if that came first. */
export function submitTime(session: Pick<SessionRow, 'deadline_at'>, now: Date): string {
  const deadline = session.deadline_at === null ? Infinity : Date.parse(session.deadline_at);
  return new Date(Math.min(now.getTime(), deadline)).toISOString();
}
