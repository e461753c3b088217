import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PageYearContext } from '../lib/page-year';
import { DesktopGuessContext } from '../lib/use-is-desktop';
import { AppStart } from './app-start';
import { DataProvider } from './provider';

/**
 * The app below the styles: data providers, the app start, then `children` (the router).
 * The browser renders it with its router (`app.tsx`), the server with a static one
 * (`entry-server.tsx`); `prerendered`, `desktopGuess` and `year` describe a page the server
 * rendered.
 */
export function AppRoot({
  queryClient,
  prerendered = false,
  desktopGuess = false,
  year = null,
  children,
}: {
  queryClient: QueryClient;
  prerendered?: boolean;
  desktopGuess?: boolean;
  /** The server's year when it rendered the page (`PageYearContext`). */
  year?: number | null;
  children: ReactNode;
}) {
  return (
    <DesktopGuessContext.Provider value={desktopGuess}>
      <PageYearContext.Provider value={year}>
        <DataProvider queryClient={queryClient}>
          <AppStart prerendered={prerendered}>{children}</AppStart>
        </DataProvider>
      </PageYearContext.Provider>
    </DesktopGuessContext.Provider>
  );
}
