import '@dars/ui/fonts';
import type { ReactNode } from 'react';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { rtlCache, theme } from './theme';

/**
 * The look of every screen: the Cairo font, the RTL emotion cache and the theme with its
 * baseline. Part of the first script, so the splash is styled before the app has loaded.
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
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
