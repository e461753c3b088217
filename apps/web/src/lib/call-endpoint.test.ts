import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@dars/contract/plain';
import { ApiError } from './api-client';
import { callEndpoint } from './call-endpoint';

const fetchMock = vi.fn<typeof fetch>();
const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const sent = () => {
  const [url, init] = fetchMock.mock.calls[0]!;
  return { url: String(url), method: init?.method, body: init?.body };
};

describe('callEndpoint', () => {
  it('calls the path and method of the contract entry, with the params filled', async () => {
    fetchMock.mockResolvedValue(answer(200, { message: 'تم تسجيل الخروج' }));
    await expect(callEndpoint(routes.logout)).resolves.toEqual({ message: 'تم تسجيل الخروج' });
    expect(sent()).toMatchObject({ url: '/api/v1/logout', method: 'POST' });

    fetchMock.mockClear();
    fetchMock.mockResolvedValue(answer(404, { message: 'غير موجود', code: 'NOT_FOUND' }));
    await expect(callEndpoint(routes.getCourse, { params: { id: 7 } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
    expect(sent()).toMatchObject({ url: '/api/v1/courses/7', method: 'GET' });
  });

  it('sends the body as JSON and the query in the url', async () => {
    fetchMock.mockResolvedValue(answer(422, { message: 'x', code: 'VALIDATION_FAILED' }));
    await expect(
      callEndpoint(routes.login, { body: { login: 'a@b.c', password: 'secret12' } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(JSON.parse(String(sent().body))).toEqual({ login: 'a@b.c', password: 'secret12' });

    fetchMock.mockClear();
    fetchMock.mockResolvedValue(answer(500, { message: 'x' }));
    await callEndpoint(routes.getCourses, { query: { grade_id: 2 } }).catch(() => undefined);
    expect(sent().url).toBe('/api/v1/courses?grade_id=2');
  });

  it('follows a link the server gave for the same call instead of its path', async () => {
    fetchMock.mockResolvedValue(answer(500, { message: 'x' }));
    await callEndpoint(routes.getCourses, { url: '/api/v1/courses?after=abc' }).catch(
      () => undefined,
    );
    expect(sent().url).toBe('/api/v1/courses?after=abc');
    fetchMock.mockClear();
    await callEndpoint(routes.resetPassword, {
      url: '/api/v1/password/reset/confirm/tok',
      body: { password: 'secret12' },
    }).catch(() => undefined);
    expect(sent()).toMatchObject({ url: '/api/v1/password/reset/confirm/tok', method: 'POST' });
  });

  it("refuses an answer that is not what the contract says (development and tests check the entry's schema)", async () => {
    fetchMock.mockResolvedValue(answer(200, { nothing: true }));
    await expect(callEndpoint(routes.logout)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    fetchMock.mockResolvedValue(answer(200, { data: { id: 'seven' } }));
    await expect(callEndpoint(routes.getCourse, { params: { id: 7 } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('does not compile a call the contract does not declare', () => {
    // Type checks only (tsc -p apps/web runs over the tests); never called.
    const _wrong = () => [
      // @ts-expect-error the course's id is required
      callEndpoint(routes.getCourse),
      // @ts-expect-error the login body has no such field
      callEndpoint(routes.login, { body: { email: 'a@b.c', password: 'x' } }),
      // @ts-expect-error logout takes no body
      callEndpoint(routes.logout, { body: { all: true } }),
    ];
    expect(typeof _wrong).toBe('function');
  });
});
