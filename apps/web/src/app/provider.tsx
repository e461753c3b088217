import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { SnackbarProvider } from '../components/snackbar-provider';
import { createQueryClient } from './query-client';
import { forceLogout } from './session-actions';

/**
 * The providers of the app's data and messages: the query client and the snackbar. The
 * styles (`StyleProvider`) sit above them, in the first script.
 */
export function DataProvider({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(
    () => queryClient ?? createQueryClient({ onUnauthorized: forceLogout }),
  );
  return (
    <QueryClientProvider client={client}>
      <SnackbarProvider>{children}</SnackbarProvider>
    </QueryClientProvider>
  );
}
