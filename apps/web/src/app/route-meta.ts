import { useMatches } from 'react-router';
import type { AppSettings } from '@dars/contract';
import { t, type MessageKey } from '../i18n/t';
import { pageSchool } from '../lib/page-school';

/**
 * The meta every route carries (spec §2). Guards and the shell read it; screens don't.
 */
export interface RouteMeta {
  /**
   * `true`: sign-in required (a guest goes to /login, keeping the query).
   * `false`: guests only (a signed-in user goes to /home).
   * absent: public.
   */
  requiresAuth?: boolean;
  /** Catalogue key of the document title. */
  title: Extract<MessageKey, `routes.${string}`>;
  /** Show the footer. */
  footer?: boolean;
  /** Show a back button in the top bar. */
  backButton?: boolean;
  /** Keep the drawer temporary even where it would be docked (signed-in desktop). */
  temporaryMenu?: boolean;
  /** White page background instead of the light grey one. */
  whiteBackground?: boolean;
  /** A settings switch the route needs; when it is off the route is the not-found page. */
  requiresSetting?: keyof Pick<AppSettings, 'teachers_page' | 'enable_wallet_system'>;
}

export interface RouteHandle {
  meta: RouteMeta;
}

const NOT_FOUND_META: RouteMeta = { title: 'routes.notFound' };

function hasMeta(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

/**
 * The meta of the deepest of `matches` (root first) that has one.
 * @example routeMeta(useMatches()).footer
 */
export function routeMeta(matches: readonly { handle?: unknown }[]): RouteMeta {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (hasMeta(handle)) return handle.meta;
  }
  return NOT_FOUND_META;
}

/**
 * The meta of the deepest matched route that has one.
 * @example const { footer } = useRouteMeta()
 */
export function useRouteMeta(): RouteMeta {
  return routeMeta(useMatches());
}

/**
 * The document title of a route: the site's own on the landing page, else the page's and
 * the site's name.
 * The school's name (ADR 049) stands where «دَرس» stood.
 * @example documentTitle('routes.courses') // 'الدورات | دَرس'
 */
export function documentTitle(title: RouteMeta['title']): string {
  const name = pageSchool().name;
  return title === 'routes.welcome' ? `${name} | ${t('app.tagline')}` : `${t(title)} | ${name}`;
}
