import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AppSettings, User } from '@dars/contract';
import { rtlCache, theme } from '../app/theme';
import { AppSettingsContext } from '../lib/app-settings-context';
import { SessionContext } from '../lib/session-context';
import { settingsFixture } from './fixtures';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Theme, RTL cache and a fresh query client, as the app provides them. */
export function TestProviders({
  children,
  queryClient = testQueryClient(),
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <CacheProvider value={rtlCache}>
      <ThemeProvider theme={theme}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}

interface RenderOptions {
  path?: string;
  settings?: AppSettings;
  signedIn?: boolean;
  user?: User | null;
}

/**
 * Renders routes in a memory router below the app start's contexts (settings, session),
 * as they are once the app has started. Returns the router to read its location.
 * @example const { router } = renderRoutes(routes, { path: '/courses?query=x' })
 */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', settings = settingsFixture(), signedIn = false, user = null }: RenderOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <TestProviders>
      <AppSettingsContext.Provider value={settings}>
        <SessionContext.Provider value={{ signedIn, user }}>
          <RouterProvider router={router} />
        </SessionContext.Provider>
      </AppSettingsContext.Provider>
    </TestProviders>,
  );
  return { ...result, router };
}

/** Renders one element at `path` (default '/') with the contexts of `renderRoutes`. */
export function renderWithApp(
  element: ReactElement,
  options: RenderOptions & { routePath?: string } = {},
) {
  const routePath = options.routePath ?? '*';
  const routes: RouteObject[] = [{ path: routePath, element }];
  if (routePath !== '*') routes.push({ path: '*', element: null });
  return renderRoutes(routes, options);
}
