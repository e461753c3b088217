import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isUnauthorized } from '../lib/api-client';

/**
 * The query client of the app. `onUnauthorized` runs when a call fails with 401 while
 * signed in (spec §8: forced logout); a query that handles its own 401 opts out with
 * `meta: { handlesUnauthorized: true }`.
 * @example const client = createQueryClient({ onUnauthorized: forceLogout })
 */
export function createQueryClient({ onUnauthorized }: { onUnauthorized: () => void }): QueryClient {
  const handle = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (isUnauthorized(error) && meta?.handlesUnauthorized !== true) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => handle(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // Asked even when the browser says it is offline: the service worker may answer from
        // the catalogue it kept (ADR 056); retries wait for the network to come back.
        networkMode: 'offlineFirst',
        // A 4xx will not change by asking again; network trouble and 5xx may.
        retry: (count, error) =>
          count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
