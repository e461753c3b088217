import { createContext, startTransition, useContext, useEffect, useState } from 'react';

/**
 * True in the server's second pass over a page (`render-page.tsx`), which renders what the
 * browser will render once idle, only to collect its styles into the page's style tag: the
 * browser then finds the footer's rules there instead of running them through stylis and the
 * RTL plugin in one task after the page has painted.
 */
export const AfterIdleNowContext = createContext(false);

/**
 * False on the first render, true once the browser has had an idle moment after it (or after
 * `timeoutMs` at the latest). For what a screen shows below its first view, such as the
 * footer: it is rendered in its own short task after the page has painted, instead of
 * lengthening the first render, which on a phone is one long task before the largest element
 * appears. That render is a transition: React does it in short slices.
 * @example const showFooter = useAfterIdle()
 */
export function useAfterIdle(timeoutMs = 1000): boolean {
  const now = useContext(AfterIdleNowContext);
  const [idle, setIdle] = useState(now);
  useEffect(() => {
    if (idle) return;
    const done = () => startTransition(() => setIdle(true));
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(done, { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(done, 0);
    return () => window.clearTimeout(timer);
  }, [idle, timeoutMs]);
  return idle;
}
