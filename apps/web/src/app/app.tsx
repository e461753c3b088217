import { createBrowserRouter, RouterProvider } from 'react-router';
import { hasToken } from '../lib/token-storage';
import { AppStart } from './app-start';
import { prefetchFirstScreen } from './prefetch-first-screen';
import { DataProvider } from './provider';
import { createQueryClient } from './query-client';
import { routes } from './router';
import { forceLogout } from './session-actions';

// Created when this module loads, so the route modules of the address and a guest's first
// screen's data start loading at once, beside the app start's requests.
const queryClient = createQueryClient({ onUnauthorized: forceLogout });
prefetchFirstScreen(queryClient, window.location, hasToken());
const router = createBrowserRouter(routes);

/**
 * The app below the styles: data providers, the app start, then the routes. Loaded by
 * `AppBoot` after the first paint; the styles come from there.
 */
export default function App() {
  return (
    <DataProvider queryClient={queryClient}>
      <AppStart>
        <RouterProvider router={router} />
      </AppStart>
    </DataProvider>
  );
}
