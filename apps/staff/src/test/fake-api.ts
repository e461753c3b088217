import { vi } from 'vitest';

/** One recorded call to the fake staff API. */
export interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Handler = (
  call: Call,
) => { status?: number; body: unknown; headers?: Record<string, string> } | undefined;

/**
 * Stands in for the staff API in component tests (the e2e suite runs the real server): answers
 * from `handlers` (first that returns), else 404, and records every call.
 */
export function fakeStaffApi(handlers: Handler[]) {
  const calls: Call[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const headers = new Headers(init.headers);
    const call: Call = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api\/v1/, '') + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      authorization: headers.get('authorization'),
    };
    calls.push(call);
    for (const handler of handlers) {
      const answer = handler(call);
      // A text body (a file) is sent as it is, with the headers the handler gives.
      if (answer)
        return new Response(
          typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
          {
            status: answer.status ?? 200,
            headers: answer.headers ?? { 'content-type': 'application/json' },
          },
        );
    }
    return new Response(JSON.stringify({ message: 'غير موجود' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls };
}

export const ADMIN = { id: 1, name: 'مدير المنصة', email: 'admin@dars.test', role: 'admin' };
export const LEADER = { id: 2, name: 'مشرف المحتوى', email: 'leader@dars.test', role: 'leader' };

/** Sign-in, identity and empty lists for whoever `user` is. */
export function staffBasics(user: typeof ADMIN): Handler[] {
  return [
    (c) =>
      c.method === 'POST' && c.path === '/staff/login'
        ? { body: { data: { token: 'tok-1', user } } }
        : undefined,
    (c) => (c.path === '/staff/me' ? { body: { data: user } } : undefined),
    (c) => (c.path === '/staff/logout' ? { body: { data: { message: 'تم' } } } : undefined),
  ];
}

/** A list answer of `rows` for GET /staff/<resource>?… */
export function list(resource: string, rows: unknown[]): Handler {
  return (c) =>
    c.method === 'GET' && c.path.startsWith(`/staff/${resource}?`)
      ? { body: { data: rows, meta: { total: rows.length } } }
      : undefined;
}
