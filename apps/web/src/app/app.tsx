import { useEffect, useLayoutEffect } from 'react';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { hasToken } from '../lib/token-storage';
import { AppRoot } from './app-root';
import { prefetchFirstScreen } from './prefetch-first-screen';
import { prerenderedPage, removeBootSplash, releaseEarlyClicks } from './prerendered-page';
import { createQueryClient } from './query-client';
import { routes } from './router';
import { forceLogout } from './session-actions';

// Created when this module loads, so the route modules of the address and a guest's first
// screen's data start loading at once, beside the app start's requests.
const queryClient = createQueryClient({ onUnauthorized: forceLogout });
const page = prerenderedPage();
if (page) hydrate(queryClient, answeredNow(page.queries));
else prefetchFirstScreen(queryClient, window.location, hasToken());

/**
 * The server checked a page's answers when it sent the page (it keeps a page's HTML only
 * while they stay the same): they count as fresh from now, not from their first render.
 */
function answeredNow(state: DehydratedState): DehydratedState {
  const now = Date.now();
  return {
    ...state,
    queries: state.queries.map((q) => ({ ...q, state: { ...q.state, dataUpdatedAt: now } })),
  };
}

let router: ReturnType<typeof createBrowserRouter>;
/**
 * Resolves when the app can render. For a page the server rendered (from the answers
 * hydrated above), the screen's code is loaded first: the first render must match its HTML.
 */
export const ready: Promise<void> = (
  page ? loadMatchedRoutes(window.location) : Promise.resolve()
).then(() => {
  router = createBrowserRouter(routes);
});

/** Replaces the lazy loaders of the routes that match `location` by what they load. */
async function loadMatchedRoutes(location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

/**
 * The app below the styles: data providers, the app start, then the routes. Loaded by
 * `AppBoot` after the first paint; the styles come from there.
 */
export default function App() {
  // The server's splash goes when the app's own screens are there (its splash, or the page).
  useLayoutEffect(removeBootSplash, []);
  // A tap made before the app took the page over, now that its buttons answer.
  useEffect(() => releaseEarlyClicks({ replay: true }), []);
  return (
    <AppRoot
      queryClient={queryClient}
      prerendered={page !== null}
      desktopGuess={page?.desktop}
      year={page?.year}
    >
      <RouterProvider router={router} />
    </AppRoot>
  );
}
