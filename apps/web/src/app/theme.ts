import createCache from '@emotion/cache';
import { createTheme } from '@mui/material/styles';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/** The brand colour, also the `theme-color` of index.html. */
export const BRAND_PRIMARY = '#1f4fa3';

/** One list for every cache: on the server, emotion keeps compiled rules per plugin list. */
const STYLIS_PLUGINS = [prefixer, rtlPlugin];

/**
 * An emotion cache that flips physical CSS (left/right, margins, paddings) for the RTL page
 * (MUI's RTL guide). Logical properties pass through untouched. Created in the browser, it
 * takes over the `<style data-emotion="muirtl …">` tags of a page rendered on the server
 * (their rules are not inserted again); the server makes one per page.
 * @example const cache = createRtlCache()
 */
export function createRtlCache() {
  return createCache({ key: 'muirtl', stylisPlugins: STYLIS_PLUGINS });
}

/** The browser's cache, for every screen. */
export const rtlCache = createRtlCache();

export const theme = createTheme({
  direction: 'rtl',
  palette: {
    primary: { main: BRAND_PRIMARY },
    secondary: { main: '#f59e0b', contrastText: '#1b1b1b' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'Cairo, "Segoe UI", Tahoma, Arial, sans-serif',
    fontWeightRegular: 400,
    fontWeightMedium: 600,
    fontWeightBold: 700,
    h1: { fontWeight: 700 },
    h2: { fontWeight: 700 },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 600 },
    button: { fontWeight: 600, textTransform: 'none' },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: '1px solid #e3e8f2' } },
    },
  },
});
