import type { ThemeOptions } from '@mui/material/styles';

/** The brand colour, also the `theme-color` of both apps' index.html. */
export const BRAND_PRIMARY = '#1f4fa3';

/** The Cairo font first, then what Arabic systems have. */
export const FONT_FAMILY = 'Cairo, "Segoe UI", Tahoma, Arial, sans-serif';

/**
 * The look both apps share, as MUI theme OPTIONS (not a theme): each app passes them to its own
 * `createTheme`, so this package needs no MUI at run time and an app can add its own parts
 * (the staff console merges react-admin's component defaults in).
 * @example createTheme(themeOptions).direction // 'rtl'
 */
export const themeOptions = {
  direction: 'rtl',
  palette: {
    primary: { main: BRAND_PRIMARY },
    secondary: { main: '#f59e0b', contrastText: '#1b1b1b' },
    background: { default: '#f4f6fb', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: FONT_FAMILY,
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
} satisfies ThemeOptions;
