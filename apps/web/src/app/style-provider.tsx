import '@dars/ui/fonts';
import type { ReactNode } from 'react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { pageSchool } from '../lib/page-school';
import { rtlCache, themeFor } from './theme';

/**
 * The look of every screen: the Cairo font, the RTL emotion cache and the theme in the
 * school's colours (`pageSchool`) with its baseline. Part of the first script, so the splash is styled before the app has loaded.
 * The server's render passes its own `cache` for each page, to collect that page's styles.
 */
export function StyleProvider({
  children,
  cache = rtlCache,
}: {
  children: ReactNode;
  cache?: EmotionCache;
}) {
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={themeFor(pageSchool())}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
