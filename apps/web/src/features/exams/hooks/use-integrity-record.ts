import { useEffect } from 'react';
import { saveExamEvents } from '../api/save-exam-events';
import { IntegrityOutbox } from '../lib/integrity-outbox';

/** Whether this document was loaded by reloading the page at `path`. */
function reloadedHere(path: string): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const navigation = entry as PerformanceNavigationTiming | undefined;
  if (navigation?.type !== 'reload') return false;
  try {
    return new URL(navigation.name).pathname === path;
  } catch {
    return false;
  }
}

/**
 * Reports, while the exam runs, what the integrity record keeps (ADR 044): the page left and
 * back (another tab or app, the screen off), offline and online, and a reload of the exam
 * page. Reports wait in local storage until the server has them.
 * @example useIntegrityRecord(data.session.token)
 */
export function useIntegrityRecord(token: string): void {
  useEffect(() => {
    const outbox = new IntegrityOutbox(token, (events) => saveExamEvents(token, events));
    if (reloadedHere(window.location.pathname)) outbox.record('reload');
    const onVisibility = () =>
      outbox.record(document.visibilityState === 'hidden' ? 'hidden' : 'visible');
    const onOffline = () => outbox.record('offline');
    const onOnline = () => outbox.record('online');
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    // What an earlier visit left unsent.
    void outbox.flush();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      outbox.close();
    };
  }, [token]);
}
