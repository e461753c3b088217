import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { EmotionCache } from '@emotion/cache';
import { RouteErrorScreen } from '../features/shell/components/route-error-screen';
import { SplashScreen } from '../features/shell/components/splash-screen';
import { BOOT_SPLASH_ID, removeBootSplash, releaseEarlyClicks } from './prerendered-page';
import { StyleProvider } from './style-provider';

// The first script holds only React, the styles and the splash. The app (router, app start,
// query client, the contract's schemas) is the next chunk, requested as soon as this runs.
const App = lazy(() =>
  import('./app').then(async (module) => {
    await module.ready;
    return module;
  }),
);

/**
 * The app's code failed to arrive (offline, or a deploy replaced the chunks): offer a reload
 * instead of a blank page.
 */
class AppLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch() {
    // The page's own splash would cover the reload screen, whose button must answer.
    removeBootSplash();
    releaseEarlyClicks({ replay: false });
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}

/**
 * The frame of the app: styles, the load failure screen, the splash until the app is there.
 * The server renders a page in the same frame (`entry-server.tsx`), so the browser can take
 * its HTML over.
 */
export function BootFrame({
  children,
  cache,
  splash = true,
}: {
  children: ReactNode;
  cache?: EmotionCache;
  /** False when the page's own splash (from the server) already covers the wait. */
  splash?: boolean;
}) {
  return (
    <StyleProvider cache={cache}>
      <AppLoadBoundary>
        <Suspense fallback={splash ? <SplashScreen /> : null}>{children}</Suspense>
      </AppLoadBoundary>
    </StyleProvider>
  );
}

/**
 * What `main.tsx` renders: the splash at once, then the app when its code has arrived. A page
 * from the server has its splash already (`#boot-splash`, until the app removes it): not two.
 */
export function AppBoot() {
  return (
    <BootFrame splash={document.getElementById(BOOT_SPLASH_ID) === null}>
      <App />
    </BootFrame>
  );
}
