import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Fade } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppSettings, User } from '@dars/contract';
import { APP_REVEAL_DELAY_MS } from '@dars/contract/plain';
import { authUserQueryOptions, useAuthUser } from '../features/auth/api/get-auth-user';
import { useAppSettingsQuery } from '../features/shell/api/get-app-settings';
import { ForcedUpdateScreen } from '../features/shell/components/forced-update-screen';
import { MaintenanceScreen } from '../features/shell/components/maintenance-screen';
import { SplashScreen } from '../features/shell/components/splash-screen';
import { StartErrorScreen } from '../features/shell/components/start-error-screen';
import { isUnauthorized } from '../lib/api-client';
import { AppSettingsContext } from '../lib/app-settings-context';
import { SessionContext, type Session, type UserUpdate } from '../lib/session-context';
import { clearToken, getToken, setToken } from '../lib/token-storage';
import { useStoredToken } from '../lib/use-stored-token';
import { needsForcedUpdate } from '../lib/version';
import { platform } from '../platform/platform';
import { startNative } from '../platform/start-native';
import { signOut } from './session-actions';

type Phase = 'loading' | 'settings-error' | 'maintenance' | 'update' | 'auth-error' | 'ready';

/**
 * True once `ready` has been true, set in a transition: the app's first render under the
 * splash (the shell and the screen, hundreds of styled elements) is then work that React
 * splits into short slices, yielding to the browser between them, instead of one long task
 * that blocks the page (seconds on a slow phone).
 */
function useMountInTransition(ready: boolean, initial: boolean): boolean {
  const [mounted, setMounted] = useState(initial);
  useEffect(() => {
    if (ready && !mounted) startTransition(() => setMounted(true));
  }, [ready, mounted]);
  return mounted;
}

/** True `delay` ms after `ready` first became true, and from then on. */
function useRevealAfter(ready: boolean, delay: number, initial: boolean): boolean {
  const [revealed, setRevealed] = useState(initial);
  useEffect(() => {
    if (!ready || revealed) return;
    const timer = window.setTimeout(() => setRevealed(true), delay);
    return () => window.clearTimeout(timer);
  }, [ready, revealed, delay]);
  return revealed;
}

/**
 * The session's actions. The user lives in the auth-user query of the token, so a sign-in
 * seeds that query before storing the token, and an update rewrites it.
 */
function useSessionActions(
  token: string | null,
): Pick<Session, 'signIn' | 'updateUser' | 'signOut'> {
  const queryClient = useQueryClient();
  const signIn = useCallback(
    (newToken: string, user: User | null) => {
      if (user) queryClient.setQueryData(authUserQueryOptions(newToken).queryKey, user);
      setToken(newToken);
    },
    [queryClient],
  );
  const updateUser = useCallback(
    (update: UserUpdate) => {
      if (token === null) return;
      queryClient.setQueryData(authUserQueryOptions(token).queryKey, (current) => {
        if (typeof update !== 'function') return update;
        return current ? update(current) : current;
      });
    },
    [queryClient, token],
  );
  return useMemo(() => ({ signIn, updateUser, signOut }), [signIn, updateUser]);
}

function useForcedUpdate(settings: AppSettings | undefined): boolean | undefined {
  const version = useQuery({
    queryKey: ['installed-app-version'],
    queryFn: () => platform.getAppVersion(),
    staleTime: Infinity,
    enabled: platform.isNative,
  });
  if (!settings) return undefined;
  if (!platform.isNative) return false;
  if (version.isPending) return undefined;
  return version.data !== undefined && needsForcedUpdate(platform.name, version.data, settings);
}

/**
 * The app start (spec §4): load the settings, then check the token stored at start, then
 * show the app about 250 ms later behind the splash. Settings failure, maintenance and the
 * forced update replace the app; a 401 on the check clears the token (the user continues
 * as a guest). Below it, settings and session are available through their contexts.
 *
 * `prerendered`: the page came rendered from the server for a guest, with the settings
 * (`entry-server.tsx`). The server did the start's work, and the page's own splash covered
 * it and faded 250 ms after it arrived, so the app starts ready and revealed.
 */
export function AppStart({
  children,
  prerendered = false,
}: {
  children: ReactNode;
  prerendered?: boolean;
}) {
  const settingsQuery = useAppSettingsQuery();
  const settings = settingsQuery.data;
  // The native apps: external links to the system browser, the native splash away (ADR 021).
  useEffect(() => startNative(platform), []);
  const forcedUpdate = useForcedUpdate(settings);
  // The start-up check is about the token found at start; later sign-ins don't re-gate the app.
  const [startToken] = useState(getToken);
  const token = useStoredToken();
  const canCheck = settings !== undefined && !settings.appIsDown && forcedUpdate === false;
  const startCheck = useQuery({
    ...authUserQueryOptions(startToken),
    enabled: canCheck && startToken !== null,
  });
  const unauthorized = isUnauthorized(startCheck.error);

  useEffect(() => {
    // spec §4: a token the server no longer knows is dropped; the visitor is a guest.
    if (unauthorized) clearToken();
  }, [unauthorized]);

  // The check gates the app only until it first answers: a later refetch of the same query
  // (window focus, a refresh after a purchase) must not bring the splash back and remount
  // every screen.
  const startAnswered = startToken === null || startCheck.data !== undefined || unauthorized;
  let phase: Phase;
  if (settingsQuery.isError && !settingsQuery.isFetching) phase = 'settings-error';
  else if (!settings || forcedUpdate === undefined) phase = 'loading';
  else if (settings.appIsDown) phase = 'maintenance';
  else if (forcedUpdate) phase = 'update';
  else if (!startAnswered && startCheck.isError && !startCheck.isFetching) phase = 'auth-error';
  else if (!startAnswered || (unauthorized && token !== null)) phase = 'loading';
  else phase = 'ready';

  const mounted = useMountInTransition(phase === 'ready', prerendered);
  // The delay runs from the app's first render, so the splash never fades over an empty page.
  const revealed = useRevealAfter(phase === 'ready' && mounted, APP_REVEAL_DELAY_MS, prerendered);
  const liveUser = useAuthUser(phase === 'ready' ? token : null);
  const actions = useSessionActions(token);
  const session = useMemo<Session>(
    () => ({
      signedIn: token !== null,
      user: token !== null ? (liveUser.data ?? null) : null,
      ...actions,
    }),
    [token, liveUser.data, actions],
  );

  switch (phase) {
    case 'settings-error':
      return <StartErrorScreen reason="settings" onRetry={() => void settingsQuery.refetch()} />;
    case 'maintenance':
      return <MaintenanceScreen onRetry={() => void settingsQuery.refetch()} />;
    case 'update':
      return settings ? <ForcedUpdateScreen platform={platform.name} settings={settings} /> : null;
    case 'auth-error':
      return <StartErrorScreen reason="auth" onRetry={() => void startCheck.refetch()} />;
    default:
      return (
        <>
          {phase === 'ready' && mounted && settings && (
            <AppSettingsContext.Provider value={settings}>
              <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
            </AppSettingsContext.Provider>
          )}
          <Fade in={!revealed} appear={false} timeout={200} unmountOnExit>
            <div>
              <SplashScreen />
            </div>
          </Fade>
        </>
      );
  }
}
