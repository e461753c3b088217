/**
 * Where the server reads the time for rules that depend on it (exam deadlines): the system
 * clock in production, a clock the test moves in tests, so nothing waits for real time.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that stands still until moved.
 * @example const clock = manualClock('2026-01-01T10:00:00Z'); clock.advance(61_000)
 */
export function manualClock(start: string | Date = new Date()): Clock & {
  advance(ms: number): void;
  set(at: string | Date): void;
} {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance: (ms) => {
      at += ms;
    },
    set: (to) => {
      at = new Date(to).getTime();
    },
  };
}
