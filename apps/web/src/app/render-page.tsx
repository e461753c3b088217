import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { appSettingsQueryOptions } from '../features/shell/api/get-app-settings';
import { SplashScreen } from '../features/shell/components/splash-screen';
import { yearInCairo } from '../lib/page-year';
import { AfterIdleNowContext } from '../lib/use-after-idle';
import { BootFrame } from './app-boot';
import { AppRoot } from './app-root';
import { firstScreenData } from './prefetch-first-screen';
import type { PrerenderedPage } from './prerendered-page';
import { createQueryClient } from './query-client';
import { documentTitle, routeMeta } from './route-meta';
import { routes } from './router';
import { styleTags } from './page-styles';
import { createRtlCache, themeFor } from './theme';
import { setPageSchool, pageSchool } from '../lib/page-school';
import type { School } from '@dars/contract';

/**
 * The year a page rendered now shows (Cairo's): the server keeps a page's HTML per year.
 * @example const year = pageYear()
 */
export function pageYear(now: Date | number = Date.now()): number {
  return yearInCairo(now);
}

/** What the server puts into index.html for one page. */
export interface RenderedPage {
  /** The page's HTML, inside `#root`. */
  root: string;
  /** The splash above it (`#boot-splash`), which the browser fades out on its own. */
  splash: string;
  /** The `<style>` tags of both. */
  styles: string;
  /** The data the browser starts from (`PrerenderedPage`), as JSON. */
  data: string;
  title: string;
}

/** A cache that keeps the rules a render uses, to be written into the page's head. */
function collectingCache(): EmotionCache {
  const cache = createRtlCache();
  cache.compat = true;
  return cache;
}

/**
 * The splash screen, as the app's first script paints it, with the styles it needs in
 * `cache` (the theme's baseline comes from the page's render, or is added here).
 * @example const html = renderSplash(cache, true)
 */
export function renderSplash(cache: EmotionCache, withBaseline: boolean): string {
  const splash: ReactNode = withBaseline ? (
    <BootFrame cache={cache}>
      <SplashScreen />
    </BootFrame>
  ) : (
    <CacheProvider value={cache}>
      <ThemeProvider theme={themeFor(pageSchool())}>
        <SplashScreen />
      </ThemeProvider>
    </CacheProvider>
  );
  return renderToString(splash);
}

/**
 * The splash and its styles for a page the browser renders itself (every address but the
 * public pages below, and those for a signed-in visitor): painted with the HTML, so the
 * visitor sees the app starting before its script has arrived.
 * @example const { splash, styles } = renderShell()
 */
export function renderShell(school?: School): Pick<RenderedPage, 'splash' | 'styles'> {
  // In the school's colours and name (ADR 049).
  setPageSchool(school);
  const cache = collectingCache();
  const splash = renderSplash(cache, true);
  return { splash, styles: styleTags(cache) };
}

/** A public page's data and matched routes, ready to render (`renderLoadedPage`). */
export interface LoadedPage {
  queryClient: QueryClient;
  handler: ReturnType<typeof createStaticHandler>;
  context: StaticHandlerContext;
}

/**
 * Loads a public page as a guest sees it, from the same calls the app makes (through the
 * API transport, `setApiTransport`): `/`, `/courses` without filters, a course page. Null
 * for any other address, when a call fails (a missing course: the app shows its not-found
 * page), or in maintenance (the app shows its maintenance screen). The server renders the
 * page only when these answers changed since it last did (it keeps the HTML).
 * @example const page = await loadPage(new URL('http://x/courses'))
 */
export async function loadPage(url: URL): Promise<LoadedPage | null> {
  const load = firstScreenData(url);
  if (!load) return null;
  const queryClient = createQueryClient({ onUnauthorized: () => undefined });
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  try {
    const settings = await queryClient.fetchQuery({ ...appSettingsQueryOptions(), retry: false });
    if (settings.appIsDown) return null;
    await load(queryClient);
  } catch {
    return null;
  }
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  return { queryClient, handler, context };
}

/**
 * Renders a loaded page for a phone or a desktop layout and a year (the server's, which the
 * browser takes the page over with), with the data the browser starts from and the splash
 * above it.
 * @example const page = renderLoadedPage(loaded, { desktop: false, year: pageYear() })
 */
export function renderLoadedPage(
  { queryClient, handler, context }: LoadedPage,
  { desktop, year = yearInCairo() }: { desktop: boolean; year?: number },
): RenderedPage {
  const router = createStaticRouter(handler.dataRoutes, context);
  // The school's identity, from the settings the page was loaded with (ADR 049).
  setPageSchool(queryClient.getQueryData(appSettingsQueryOptions().queryKey)?.school);
  const cache = collectingCache();
  const page = (
    <BootFrame cache={cache}>
      <AppRoot queryClient={queryClient} prerendered desktopGuess={desktop} year={year}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppRoot>
    </BootFrame>
  );
  const root = renderToString(page);
  // Once more as the browser renders it after its first idle moment (the footer), into the
  // same cache, for the styles only: otherwise the browser ran each of the footer's rules
  // (62 on `/`) through stylis and the RTL plugin in one task after the page had painted.
  renderToString(<AfterIdleNowContext.Provider value>{page}</AfterIdleNowContext.Provider>);
  const splash = renderSplash(cache, false);
  const data: PrerenderedPage = { queries: dehydrate(queryClient), desktop, year };
  return {
    root,
    splash,
    styles: styleTags(cache),
    data: JSON.stringify(data),
    title: documentTitle(routeMeta(context.matches.map((m) => m.route)).title),
  };
}

/**
 * `loadPage` and `renderLoadedPage` in one.
 * @example const page = await renderPage(new URL('http://x/courses'), { desktop: false })
 */
export async function renderPage(
  url: URL,
  options: { desktop: boolean; year?: number },
): Promise<RenderedPage | null> {
  const loaded = await loadPage(url);
  return loaded && renderLoadedPage(loaded, options);
}
