import {
  EXAM_TIMER_DANGER_SECONDS,
  EXAM_TIMER_RESYNC_SECONDS,
  EXAM_TIMER_WARNING_SECONDS,
} from '@dars/contract/plain';

/** The countdown chip's colour: plain, orange under 600 s, red under 180 s (spec §2, §9). */
export type TimerTone = 'default' | 'warning' | 'error';

/**
 * @example timerTone(599) // 'warning'
 * @example timerTone(179) // 'error'
 */
export function timerTone(remainingSeconds: number): TimerTone {
  if (remainingSeconds < EXAM_TIMER_DANGER_SECONDS) return 'error';
  if (remainingSeconds < EXAM_TIMER_WARNING_SECONDS) return 'warning';
  return 'default';
}

/**
 * Whether the server's remaining time replaces the local countdown: only when they differ by
 * more than 2 s (spec §4), so a request's own travel time does not make the clock jump.
 * @example shouldResync(300, 297) // true
 * @example shouldResync(300, 298) // false
 */
export function shouldResync(localSeconds: number, serverSeconds: number): boolean {
  return Math.abs(localSeconds - serverSeconds) > EXAM_TIMER_RESYNC_SECONDS;
}

/**
 * Whole seconds left before `deadline` (a `Date.now()` time), never below 0. Rounded up, so
 * the chip reads 0:00 only when time is really over.
 * @example secondsUntil(10_500, 10_000) // 1
 */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The countdown as a clock: m:ss, or h:mm:ss from an hour up.
 * @example formatCountdown(75) // '1:15'
 * @example formatCountdown(3725) // '1:02:05'
 */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}
