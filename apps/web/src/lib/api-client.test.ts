import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { APP_VERSION } from '@dars/contract';
import { ApiError, apiFetch, apiUrl, isUnauthorized } from './api-client';
import { clearToken, setToken } from './token-storage';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  clearToken();
});

describe('apiUrl', () => {
  it('puts API paths under the API base and drops empty params', () => {
    expect(
      apiUrl('/courses', { query: 'جبر', grade_id: 2, category_id: undefined, page: '' }),
    ).toBe('/api/v1/courses?query=%D8%AC%D8%A8%D8%B1&grade_id=2');
  });

  it('follows a links.next path as it is', () => {
    expect(apiUrl('/api/v1/courses?page=2&query=x')).toBe('/api/v1/courses?page=2&query=x');
    expect(apiUrl('http://localhost:3000/api/v1/courses?page=3')).toBe(
      'http://localhost:3000/api/v1/courses?page=3',
    );
  });
});

describe('apiFetch', () => {
  it('sends the platform, version and bearer headers', async () => {
    setToken('secret-token');
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await apiFetch('/app', { schema: z.object({ ok: z.boolean() }) });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('App-Platform')).toBe('web');
    expect(headers.get('App-Version')).toBe(APP_VERSION);
    expect(headers.get('Authorization')).toBe('Bearer secret-token');
  });

  it('sends the same device id on every call, made once and kept after a sign-out (ADR 051)', async () => {
    window.localStorage.removeItem('device_id');
    fetchMock.mockImplementation(async () => answer(200, { ok: true }));
    await apiFetch('/app', { schema: z.object({ ok: z.boolean() }) });
    const first = new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('App-Device');
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(window.localStorage.getItem('device_id')).toBe(first);
    setToken('another-token');
    clearToken();
    await apiFetch('/app', { schema: z.object({ ok: z.boolean() }) });
    expect(new Headers(fetchMock.mock.calls[1]?.[1]?.headers).get('App-Device')).toBe(first);
  });

  it('sends no Authorization header for a guest', async () => {
    fetchMock.mockResolvedValue(answer(200, { ok: true }));
    await apiFetch('/app', { schema: z.object({ ok: z.boolean() }) });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it('sends a JSON body', async () => {
    fetchMock.mockResolvedValue(answer(200, {}));
    await apiFetch('/auth/user', { schema: z.object({}), method: 'POST', body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('parses the answer with the schema', async () => {
    fetchMock.mockResolvedValue(answer(200, { data: { id: 1, extra: 'dropped' } }));
    const result = await apiFetch('/x', {
      schema: z.object({ data: z.object({ id: z.number() }) }),
    });
    expect(result).toEqual({ data: { id: 1 } });
  });

  it('rejects with status, code, message and field errors of an error answer', async () => {
    fetchMock.mockResolvedValue(
      answer(422, {
        message: 'بيانات غير صحيحة',
        code: 'VALIDATION_FAILED',
        errors: { name: ['الاسم مطلوب'] },
      }),
    );
    const error = await apiFetch('/x', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'بيانات غير صحيحة',
    });
    expect((error as ApiError).firstFieldError).toBe('الاسم مطلوب');
  });

  it('recognises a 401', async () => {
    fetchMock.mockResolvedValue(answer(401, { message: 'Unauthenticated.' }));
    const error = await apiFetch('/x', { schema: z.unknown() }).catch((e: unknown) => e);
    expect(isUnauthorized(error)).toBe(true);
  });

  it('rejects a network failure with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiFetch('/x', { schema: z.unknown() })).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('rejects an answer that does not match the contract', async () => {
    fetchMock.mockResolvedValue(answer(200, { data: 'nope' }));
    await expect(apiFetch('/x', { schema: z.object({ data: z.number() }) })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });
});
