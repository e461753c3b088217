import { useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';

/**
 * True from the MUI `md` breakpoint up (spec §9: desktop starts at the medium breakpoint).
 * Read synchronously so the first paint already has the right layout.
 * @example const isDesktop = useIsDesktop()
 */
export function useIsDesktop(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
}
