import { useEffect } from 'react';
import { SINGLE_OPTION_PRESELECT_DELAY_MS } from '@dars/contract/plain';

/**
 * Chooses the only option for the student after 500 ms when nothing is chosen yet (spec §9:
 * "if only one method or payment option exists it is preselected after 500 ms"). The delay
 * lets the student see the choice being made rather than find it made.
 * @example usePreselectSingle(methods, method, setMethod)
 */
export function usePreselectSingle<T>(
  options: readonly T[],
  chosen: T | null,
  choose: (option: T) => void,
): void {
  const only = options.length === 1 ? options[0] : undefined;
  useEffect(() => {
    if (only === undefined || chosen !== null) return;
    const timer = window.setTimeout(() => choose(only), SINGLE_OPTION_PRESELECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [only, chosen, choose]);
}
