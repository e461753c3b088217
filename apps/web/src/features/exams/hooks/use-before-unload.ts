import { useEffect } from 'react';

/**
 * Asks the browser to confirm closing or reloading the page while `when` holds (spec §4: an
 * exam in progress). Browsers show their own text.
 * @example useBeforeUnload(phase === 'active')
 */
export function useBeforeUnload(when: boolean): void {
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a value here to show the confirmation.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
}
