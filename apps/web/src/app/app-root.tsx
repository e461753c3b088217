import type { ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { DesktopGuessContext } from '../lib/use-is-desktop';
import { AppStart } from './app-start';
import { DataProvider } from './provider';

/**
 * The app below the styles: data providers, the app start, then `children` (the router).
 * The browser renders it with its router (`app.tsx`), the server with a static one
 * (`entry-server.tsx`); `prerendered` and `desktopGuess` describe a page the server rendered.
 */
export function AppRoot({
  queryClient,
  prerendered = false,
  desktopGuess = false,
  children,
}: {
  queryClient: QueryClient;
  prerendered?: boolean;
  desktopGuess?: boolean;
  children: ReactNode;
}) {
  return (
    <DesktopGuessContext.Provider value={desktopGuess}>
      <DataProvider queryClient={queryClient}>
        <AppStart prerendered={prerendered}>{children}</AppStart>
      </DataProvider>
    </DesktopGuessContext.Provider>
  );
}
