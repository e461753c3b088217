import { createContext, useContext } from 'react';
import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';

/**
 * The layout a page was rendered for on the server, which cannot measure the screen (it
 * guesses from the browser's headers). While the browser takes that page over (hydration),
 * `useIsDesktop` answers this guess so the first render matches the HTML, then the real
 * media query; a page rendered in the browser reads the media query from its first render.
 */
export const DesktopGuessContext = createContext(false);
DesktopGuessContext.displayName = 'DesktopGuessContext';

/**
 * True from the MUI `md` breakpoint up (spec §9: desktop starts at the medium breakpoint).
 * Read synchronously on a render in the browser, so the first paint already has the right
 * layout; a page from the server starts with the server's guess (see `DesktopGuessContext`).
 * @example const isDesktop = useIsDesktop()
 */
export function useIsDesktop(): boolean {
  const theme = useTheme();
  const guess = useContext(DesktopGuessContext);
  return useMediaQuery(theme.breakpoints.up('md'), { defaultMatches: guess });
}
