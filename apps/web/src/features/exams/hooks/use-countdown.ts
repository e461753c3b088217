import { useCallback, useEffect, useState } from 'react';
import { secondsUntil, shouldResync } from '../lib/exam-timer';

interface Clock {
  /** When time runs out, as a `Date.now()` time; null for an open exam. */
  deadline: number | null;
  now: number;
}

/**
 * The exam's countdown from the server's `remaining_seconds` (null: an open exam, no clock).
 * It ticks every second on the device; `resync` takes the server's time again when it
 * differs from the local one by more than 2 s (spec §4).
 * @example const { remaining, resync } = useCountdown(session.remaining_seconds)
 */
export function useCountdown(initialSeconds: number | null) {
  const [clock, setClock] = useState<Clock>(() => {
    const now = Date.now();
    return { deadline: initialSeconds === null ? null : now + initialSeconds * 1000, now };
  });
  const running = clock.deadline !== null;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(
      () => setClock((c) => ({ deadline: c.deadline, now: Date.now() })),
      1000,
    );
    return () => window.clearInterval(timer);
  }, [running]);

  const resync = useCallback((serverSeconds: number | null) => {
    if (serverSeconds === null) return;
    setClock((c) => {
      const now = Date.now();
      if (c.deadline !== null && !shouldResync(secondsUntil(c.deadline, now), serverSeconds))
        return c;
      return { deadline: now + serverSeconds * 1000, now };
    });
  }, []);

  return {
    remaining: clock.deadline === null ? null : secondsUntil(clock.deadline, clock.now),
    resync,
  };
}
