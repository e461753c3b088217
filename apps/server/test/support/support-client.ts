import type { TestServer } from '../helpers';
import { WEB_HEADERS } from '../helpers';

type Method = 'GET' | 'POST';

/**
 * The calls of the support conversation as the web client and the console send them (issue 24,
 * ADR 039), on one test server. `from` is the caller's address (guests are limited by it).
 * @example const res = await supportClient(server).student(token, 'GET', '/support-tickets')
 */
export function supportClient(server: TestServer) {
  const call = (
    token: string | null,
    method: Method,
    url: string,
    payload?: object,
    from = '127.0.0.1',
  ) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      remoteAddress: from,
      headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  return {
    /** A call of the student app, signed in with `token` (null: a guest). */
    student: call,
    /** A call of the staff console. */
    staff: (token: string, method: Method, url: string, payload?: object) =>
      call(token, method, `/staff${url}`, payload),
    /** POST /support-tickets; answers the whole 200 body's `data`. */
    async open(
      token: string | null,
      body: Record<string, string>,
      from = '127.0.0.1',
    ): Promise<{ id: number; reference: string; follow_path: string | null }> {
      const res = await call(token, 'POST', '/support-tickets', body, from);
      if (res.statusCode !== 200) throw new Error(`POST /support-tickets: ${res.body}`);
      return res.json().data;
    },
  };
}

/** A guest's ticket body; `tag` keeps each test's tickets apart. */
export function guestTicket(tag: string, email = `guest-${tag}@example.com`) {
  return {
    title: `سؤال ${tag}`,
    content: `هل توجد دورات للصف الثالث؟ ${tag}`,
    name: `ولي أمر ${tag}`,
    email,
    phone: '01012341234',
  };
}
