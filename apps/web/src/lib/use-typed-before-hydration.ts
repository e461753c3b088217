import { useEffect, type RefObject } from 'react';

/**
 * Hands `take` what was typed into the server's page of a text field before the app took it
 * over: hydration keeps the field's text, but the component's state does not know it (Enter
 * afterwards searched nothing). Runs once, when the field is taken over; `take` decides whether
 * the text differs from what it holds (a cleared field counts too).
 * @example useTypedBeforeHydration(input, (typed) => setText(typed))
 */
export function useTypedBeforeHydration(
  input: RefObject<HTMLInputElement | null>,
  take: (typed: string) => void,
) {
  useEffect(() => {
    if (input.current) take(input.current.value);
    // Once, when the field is taken over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
