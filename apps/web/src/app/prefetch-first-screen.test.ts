import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseQueryOptions } from '../features/catalog/api/get-course';
import { coursesQueryOptions } from '../features/catalog/api/get-courses';
import { welcomeQueryOptions } from '../features/catalog/api/get-welcome';
import { calledUrls, mockApi } from '../test/mock-api';
import { prefetchFirstScreen } from './prefetch-first-screen';
import { createQueryClient } from './query-client';

function prefetch(pathname: string, search = '', signedIn = false) {
  const api = mockApi({});
  const client = createQueryClient({ onUnauthorized: vi.fn() });
  prefetchFirstScreen(client, { pathname, search }, signedIn);
  return { api, client };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('prefetchFirstScreen', () => {
  it("asks for the landing page's courses into the query the page reads", () => {
    const { api, client } = prefetch('/');
    expect(calledUrls(api)).toEqual(['/api/v1/welcome']);
    expect(client.getQueryState(welcomeQueryOptions().queryKey)).toBeDefined();
  });

  it('asks for the unfiltered course list into the query the list reads', () => {
    const { api, client } = prefetch('/courses');
    expect(calledUrls(api)).toEqual(['/api/v1/courses']);
    expect(client.getQueryState(coursesQueryOptions({}).queryKey)).toBeDefined();
  });

  it('asks for a course page by its id', () => {
    const { api, client } = prefetch('/courses/12');
    expect(calledUrls(api)).toEqual(['/api/v1/courses/12']);
    expect(client.getQueryState(courseQueryOptions(12).queryKey)).toBeDefined();
  });

  it('asks for nothing for a signed-in visitor, whose token the app start may still refuse', () => {
    for (const pathname of ['/', '/courses', '/courses/12']) {
      const { api, client } = prefetch(pathname, '', true);
      expect(api).not.toHaveBeenCalled();
      expect(client.getQueryCache().getAll()).toEqual([]);
    }
  });

  it('asks for nothing where the screen would ask for something else or nothing', () => {
    for (const [pathname, search] of [
      ['/', '?course=3'],
      ['/courses', '?query=جبر'],
      ['/courses/0', ''],
      ['/courses/12abc', ''],
      ['/courses/12/lectures', ''],
      ['/login', ''],
    ] as const) {
      const { api } = prefetch(pathname, search);
      expect(api, `${pathname}${search}`).not.toHaveBeenCalled();
    }
  });
});
