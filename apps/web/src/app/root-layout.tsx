import { lazy, Suspense, useEffect } from 'react';
import {
  Navigate,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatch,
  useNavigation,
} from 'react-router';
import { AppShell } from '../features/shell/components/app-shell';
import { NotFoundScreen } from '../features/shell/components/not-found-screen';
import { useAppSettings } from '../lib/app-settings-context';
import { useSession } from '../lib/session-context';
import { guardRedirect, needsEmailConfirmation } from './route-guard';
import { documentTitle, useRouteMeta, type RouteMeta } from './route-meta';

const AccountActions = lazy(() => import('./account-actions'));

function useDocumentTitle(title: RouteMeta['title']) {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}

/**
 * The root route: applies the guards and settings gates of the matched route's meta and
 * the session's state (spec §4), keeps the document title, and frames the screen in the
 * shell with the signed-in user's bell and menu.
 */
export function RootLayout() {
  const meta = useRouteMeta();
  const location = useLocation();
  const navigation = useNavigation();
  const settings = useAppSettings();
  const { signedIn, user } = useSession();
  // The course list has its own search box; the top bar's would be a second one.
  const onCourseList = useMatch('/courses') !== null;
  // Home is where a student lands after starting the app: the announcement waits for it.
  const onHome = useMatch('/home') !== null;
  useDocumentTitle(meta.title);

  const emailVerification = settings.email_verification;
  const redirect = guardRedirect(meta, { signedIn, user, emailVerification }, location);
  if (redirect) return <Navigate to={redirect} replace />;

  const switchedOff = meta.requiresSetting !== undefined && !settings[meta.requiresSetting];
  return (
    <AppShell
      options={{
        footer: Boolean(meta.footer) && !switchedOff,
        backButton: Boolean(meta.backButton),
        temporaryMenu: Boolean(meta.temporaryMenu),
        whiteBackground: Boolean(meta.whiteBackground),
        topSearch: !onCourseList,
        busy: navigation.state === 'loading',
        unconfirmedEmail: needsEmailConfirmation(user, emailVerification),
        announcement: onHome,
      }}
      accountActions={
        <Suspense fallback={null}>
          <AccountActions />
        </Suspense>
      }
    >
      {switchedOff ? <NotFoundScreen /> : <Outlet />}
      <ScrollRestoration />
    </AppShell>
  );
}
