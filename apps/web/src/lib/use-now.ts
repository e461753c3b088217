import { useEffect, useState } from 'react';

/**
 * The current time in ms, renewed every `interval` ms while the component is shown, so
 * relative times ("منذ 5 دقائق") stay true (spec §9: every 20 s).
 * @example const now = useNow(RELATIVE_TIME_REFRESH_MS)
 */
export function useNow(interval: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), interval);
    return () => window.clearInterval(timer);
  }, [interval]);
  return now;
}
