import type { QueryClient } from '@tanstack/react-query';
import { courseQueryOptions } from '../features/catalog/api/get-course';
import { coursesQueryOptions } from '../features/catalog/api/get-courses';
import { welcomeQueryOptions } from '../features/catalog/api/get-welcome';
import { routeId } from './route-id';

/** Loads a first screen's data into the query the screen reads; rejects when a call fails. */
export type FirstScreenLoad = (queryClient: QueryClient) => Promise<unknown>;

/**
 * The data of the public pages a visitor most often opens first (`/`, `/courses` without
 * filters, a course page), as a guest sees them; null for any other address. The server's
 * render of those pages (`entry-server.tsx`) and the browser's early request below load it
 * through the same queries the screens read.
 * @example await firstScreenData({ pathname: '/', search: '' })?.(queryClient)
 */
export function firstScreenData(location: {
  pathname: string;
  search: string;
}): FirstScreenLoad | null {
  const { pathname, search } = location;
  if (pathname === '/' && search === '') {
    return (client) => client.fetchQuery(welcomeQueryOptions());
  }
  if (pathname === '/courses' && search === '') {
    return (client) => client.fetchInfiniteQuery(coursesQueryOptions({}));
  }
  const id = routeId(/^\/courses\/([^/]+)$/.exec(pathname)?.[1]);
  if (id !== null) return (client) => client.fetchQuery(courseQueryOptions(id));
  return null;
}

/**
 * Asks for the data of a guest's first screen as soon as the app's code runs, beside the app
 * start (settings, then the reveal delay) instead of after it: otherwise a screen's request
 * waits for the whole first render of the shell, and on a phone its largest element (the
 * first course cover) arrives seconds later. Only for a guest, whose answers do not depend
 * on a token that the app start may still refuse. A failure is left to the screen, which
 * asks again and shows it.
 *
 * @example prefetchFirstScreen(queryClient, window.location, getToken() !== null)
 */
export function prefetchFirstScreen(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
  signedIn: boolean,
): void {
  if (signedIn) return;
  void firstScreenData(location)?.(queryClient).catch(() => undefined);
}
