import { useMemo, useState, type ReactElement, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DEFAULT_SCHOOL, type AppSettings, type User } from '@dars/contract';
import { rtlCache, themeFor } from '../app/theme';
import { SnackbarProvider } from '../components/snackbar-provider';
import { AppSettingsContext } from '../lib/app-settings-context';
import { SessionContext, type Session } from '../lib/session-context';
import { setToken } from '../lib/token-storage';
import { settingsFixture } from './fixtures';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Theme, RTL cache, a fresh query client and the snackbar, as the app provides them. */
export function TestProviders({
  children,
  queryClient = testQueryClient(),
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <CacheProvider value={rtlCache}>
      <ThemeProvider theme={themeFor(DEFAULT_SCHOOL)}>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider>{children}</SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}

interface RenderOptions {
  path?: string;
  settings?: AppSettings;
  signedIn?: boolean;
  user?: User | null;
  /** Called instead of the real logout, which would reload the page. */
  onSignOut?: () => void;
}

/**
 * A session as the app start provides it, kept in state: `signIn` and `updateUser` change
 * it as they do in the app, so the guards react.
 */
function TestSession({
  initial,
  onSignOut,
  children,
}: {
  initial: { signedIn: boolean; user: User | null };
  onSignOut: () => void;
  children: ReactNode;
}) {
  const [state, setState] = useState(initial);
  const session = useMemo<Session>(
    () => ({
      ...state,
      signIn: (token, user) => {
        setToken(token);
        setState({ signedIn: true, user });
      },
      updateUser: (update) =>
        setState((s) =>
          s.signedIn && s.user
            ? { ...s, user: typeof update === 'function' ? update(s.user) : update }
            : s,
        ),
      signOut: onSignOut,
    }),
    [state, onSignOut],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

const noop = () => undefined;

/**
 * Renders routes in a memory router below the app start's contexts (settings, session),
 * as they are once the app has started. Returns the router to read its location.
 * @example const { router } = renderRoutes(routes, { path: '/courses?query=x' })
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    path = '/',
    settings = settingsFixture(),
    signedIn,
    user = null,
    onSignOut = noop,
  }: RenderOptions = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <TestProviders>
      <AppSettingsContext.Provider value={settings}>
        <TestSession initial={{ signedIn: signedIn ?? user !== null, user }} onSignOut={onSignOut}>
          <RouterProvider router={router} />
        </TestSession>
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
