import type { Path } from 'react-router';
import type { RouteMeta } from './route-meta';

/**
 * Where the guard sends a navigation (spec §2), or null to let it through: a guest on a
 * sign-in route goes to /login with the same query (so `?course=5` survives); a signed-in
 * user on a guest-only route goes to /home.
 * @example guardRedirect({ requiresAuth: true, title: 'routes.home' }, false, { search: '?course=5' }) // { pathname: '/login', search: '?course=5' }
 */
export function guardRedirect(
  meta: Pick<RouteMeta, 'requiresAuth'>,
  signedIn: boolean,
  location: { search: string },
): Partial<Path> | null {
  if (meta.requiresAuth === true && !signedIn)
    return { pathname: '/login', search: location.search };
  if (meta.requiresAuth === false && signedIn) return { pathname: '/home' };
  return null;
}
