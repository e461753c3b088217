import { vi } from 'vitest';

type Handler = (
  url: URL,
  init: RequestInit | undefined,
) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

/**
 * Replaces `fetch` with a table of API answers keyed by `METHOD /path` (no query). Unknown
 * calls answer 404. Returns the mock to inspect calls.
 * @example const api = mockApi({ 'GET /api/v1/courses': () => ({ body: coursesPage([]) }) })
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const handler = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    const { status = 200, body } = handler
      ? await handler(url, init)
      : { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The URLs `fetch` was called with, relative to the origin. */
export function calledUrls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls.map(([input]) => String(input));
}
