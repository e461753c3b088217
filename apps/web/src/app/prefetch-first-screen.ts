import type { QueryClient } from '@tanstack/react-query';
import { courseQueryOptions } from '../features/catalog/api/get-course';
import { coursesQueryOptions } from '../features/catalog/api/get-courses';
import { welcomeQueryOptions } from '../features/catalog/api/get-welcome';
import { routeId } from './route-id';

/**
 * Asks for the data of a guest's first screen as soon as the app's code runs, beside the app
 * start (settings, then the reveal delay) instead of after it: otherwise a screen's request
 * waits for the whole first render of the shell, and on a phone its largest element (the
 * first course cover) arrives seconds later. Only for a guest, whose answers do not depend
 * on a token that the app start may still refuse; only the public pages a visitor most often
 * opens first (`/`, `/courses` without filters, a course page). The screens read the same
 * queries, so nothing is fetched twice.
 *
 * @example prefetchFirstScreen(queryClient, window.location, getToken() !== null)
 */
export function prefetchFirstScreen(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
  signedIn: boolean,
): void {
  if (signedIn) return;
  const { pathname, search } = location;
  if (pathname === '/' && search === '') {
    void queryClient.prefetchQuery(welcomeQueryOptions());
  } else if (pathname === '/courses' && search === '') {
    void queryClient.prefetchInfiniteQuery(coursesQueryOptions({}));
  } else {
    const id = routeId(/^\/courses\/([^/]+)$/.exec(pathname)?.[1]);
    if (id !== null) void queryClient.prefetchQuery(courseQueryOptions(id));
  }
}
