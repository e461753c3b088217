import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { DRAWER_WIDTH } from '@dars/contract/plain';
import { useAfterIdle } from '../../../lib/use-after-idle';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useSession } from '../../../lib/session-context';
import { AppFooter } from './app-footer';
import { Announcement } from './announcement';
import { AppTopBar } from './app-top-bar';
import { BOTTOM_BAR_HEIGHT, BottomBar } from './bottom-bar';
import { UnconfirmedEmailBar } from './unconfirmed-email-bar';

/**
 * The drawer's code (MUI's Drawer with its modal, backdrop, slide and focus trap, and the
 * lists): its own chunk, not part of a public page's first screen, where the drawer is closed
 * (ADR 041). See `AppShell` for when it loads.
 */
const AppDrawer = lazy(() => import('./app-drawer').then((m) => ({ default: m.AppDrawer })));

/** The parts of a route's meta that shape the shell (spec §2). */
export interface ShellOptions {
  footer: boolean;
  backButton: boolean;
  temporaryMenu: boolean;
  whiteBackground: boolean;
  /** The top bar's phone search; hidden where the page has its own. */
  topSearch: boolean;
  /** A route is loading (its code or data). */
  busy: boolean;
  /** The signed-in user has not confirmed their e-mail (spec §4): show the orange bar. */
  unconfirmedEmail: boolean;
  /**
   * This screen may show the general announcement (spec §4): the one a student lands on
   * after starting the app, never a form or an error page under it.
   */
  announcement: boolean;
}

/**
 * The page frame: drawer at the inline start, top bar, content, footer, and the phone
 * bottom bar for signed-in users. Responsive from the `md` breakpoint. `accountActions`
 * (the notifications bell and the user menu) come from the app layer, which composes
 * the features that own them.
 */
export function AppShell({
  options,
  accountActions,
  children,
}: {
  options: ShellOptions;
  accountActions?: ReactNode;
  children: ReactNode;
}) {
  const { signedIn } = useSession();
  const isDesktop = useIsDesktop();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const permanentDrawer = signedIn && isDesktop && !options.temporaryMenu;
  const bottomBar = signedIn && !isDesktop;
  // Below the first view on every page that has it: rendered after the page has painted.
  const footerReady = useAfterIdle();
  // The docked drawer is there at once (its width held while its code loads); the one that
  // slides over the page is loaded, closed, once the page is idle, so that it opens with its
  // slide as before, or at once if the menu is tapped sooner.
  const drawerWanted = permanentDrawer || footerReady || drawerOpen;

  return (
    <Box
      sx={{
        display: 'flex',
        minHeight: '100dvh',
        bgcolor: options.whiteBackground ? 'background.paper' : 'background.default',
      }}
    >
      {drawerWanted && (
        <Suspense
          fallback={<Box sx={{ width: permanentDrawer ? DRAWER_WIDTH : 0, flexShrink: 0 }} />}
        >
          <AppDrawer
            signedIn={signedIn}
            variant={permanentDrawer ? 'permanent' : 'temporary'}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      )}
      <Box
        sx={{
          flex: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          // Room under the footer (or the content) for the fixed bottom bar, so the page's
          // end can be scrolled above it.
          pb: bottomBar ? `calc(${BOTTOM_BAR_HEIGHT}px + env(safe-area-inset-bottom))` : 0,
        }}
      >
        <AppTopBar
          signedIn={signedIn}
          showMenuButton={!permanentDrawer}
          showSearch={options.topSearch}
          backButton={options.backButton}
          onMenuClick={() => setDrawerOpen(true)}
          accountActions={signedIn ? accountActions : undefined}
        />
        {signedIn && options.unconfirmedEmail && <UnconfirmedEmailBar />}
        {options.busy && (
          <LinearProgress
            sx={{
              position: 'fixed',
              top: 0,
              insetInline: 0,
              zIndex: (theme) => theme.zIndex.appBar + 1,
            }}
          />
        )}
        <Box component="main" sx={{ flex: 1, pb: bottomBar && !options.footer ? 2 : 0 }}>
          {children}
        </Box>
        {options.footer && footerReady && <AppFooter />}
      </Box>
      {bottomBar && <BottomBar />}
      {options.announcement && <Announcement />}
    </Box>
  );
}
