import { Component, lazy, Suspense, type ReactNode } from 'react';
import { RouteErrorScreen } from '../features/shell/components/route-error-screen';
import { SplashScreen } from '../features/shell/components/splash-screen';
import { StyleProvider } from './style-provider';

// The first script holds only React, the styles and the splash. The app (router, app start,
// query client, the contract's schemas) is the next chunk, requested as soon as this runs.
const App = lazy(() => import('./app'));

/**
 * The app's code failed to arrive (offline, or a deploy replaced the chunks): offer a reload
 * instead of a blank page.
 */
class AppLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen /> : this.props.children;
  }
}

/** What `main.tsx` renders: the splash at once, then the app when its code has arrived. */
export function AppBoot() {
  return (
    <StyleProvider>
      <AppLoadBoundary>
        <Suspense fallback={<SplashScreen />}>
          <App />
        </Suspense>
      </AppLoadBoundary>
    </StyleProvider>
  );
}
