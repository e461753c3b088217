import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  createApiClient,
  entryPath,
  errorBodyOf,
  isUnauthorized,
  joinUrl,
} from './client';
import { apiErrorSchema } from './errors';
import { routes } from './calls/routes';
import {
  getCourseEndpoint,
  getCoursesEndpoint,
  loginEndpoint,
  logoutEndpoint,
  type FileEndpointDef,
  type JsonEndpointDef,
} from './calls/endpoints';
import { staffEndpoints } from './calls/staff-endpoints';

const answer = (status: number, body: unknown, headers?: Record<string, string>) =>
  new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: headers ?? { 'Content-Type': 'application/json' },
  });

function client(
  fetchImpl: typeof fetch,
  extra: Partial<Parameters<typeof createApiClient>[0]> = {},
) {
  return createApiClient({ baseUrl: '/api/v1', fetch: fetchImpl, ...extra });
}

/** The url, method, headers and body of the nth call of a fetch mock. */
function sent(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>, n = 0) {
  const [url, init] = fetchMock.mock.calls[n]!;
  return {
    url: String(url),
    method: init?.method,
    headers: new Headers(init?.headers),
    body: init?.body,
  };
}

const course = {
  id: 7,
  name: 'فيزياء',
  description: '',
  image_url: null,
  featured: false,
  pay_type: 'course',
  price: 100,
  free: false,
  show_preview: false,
  users_limit: null,
  published: true,
  grade_ids: [],
  category_ids: [],
  teacher_ids: [],
  teacher_shares: [],
  lectures_count: 0,
  users_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
};

describe('joinUrl', () => {
  it('puts a path under the base, keeps a path already under it and a full URL', () => {
    expect(joinUrl('/api/v1', '/courses', { q: 'جبر', grade_id: 2, page: '', x: null })).toBe(
      '/api/v1/courses?q=%D8%AC%D8%A8%D8%B1&grade_id=2',
    );
    expect(joinUrl('/api/v1', '/api/v1/courses?page=2', { q: 'x' })).toBe(
      '/api/v1/courses?page=2&q=x',
    );
    expect(joinUrl('https://dars.example/api/v1', '/courses')).toBe(
      'https://dars.example/api/v1/courses',
    );
    expect(joinUrl('https://dars.example/api/v1', '/api/v1/courses')).toBe(
      'https://dars.example/api/v1/courses',
    );
    expect(joinUrl('/api/v1', 'https://other.example/x')).toBe('https://other.example/x');
  });

  it("fills an entry's path params", () => {
    expect(entryPath(staffEndpoints.staffGetCourse, { id: 7 })).toBe('/staff/courses/7');
    expect(entryPath(staffEndpoints.staffListCourses)).toBe('/staff/courses');
  });
});

describe('createApiClient', () => {
  it("calls an entry's method and path with its params, query and JSON body, and parses the answer", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      answer(200, { data: { ...course, extra: 1 } }),
    );
    const api = client(fetchMock, {
      getToken: () => 'tok-1',
      headers: () => ({ 'App-Platform': 'web' }),
    });
    const { data } = await api.call(staffEndpoints.staffUpdateCourse, {
      params: { id: 7 },
      body: { name: 'كيمياء' },
    });
    expect(data).toEqual(course);
    expect(sent(fetchMock)).toMatchObject({
      url: '/api/v1/staff/courses/7',
      method: 'PATCH',
      body: '{"name":"كيمياء"}',
    });
    const { headers } = sent(fetchMock);
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('App-Platform')).toBe('web');

    fetchMock.mockResolvedValueOnce(answer(200, { data: [], meta: { total: 0 } }));
    await api.call(staffEndpoints.staffListCourses, {
      query: { page: 2, q: 'x', sort: undefined },
    });
    expect(sent(fetchMock, 1).url).toBe('/api/v1/staff/courses?page=2&q=x');
  });

  it('sends a FormData as multipart (no JSON content type) and no Authorization for a guest', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      answer(200, { data: { url: '/storage/a.png' } }),
    );
    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await expect(
      client(fetchMock).call(staffEndpoints.staffUploadCourseImage, {
        params: { id: 3 },
        body: form,
      }),
    ).resolves.toEqual({ data: { url: '/storage/a.png' } });
    const { url, headers, body } = sent(fetchMock);
    expect(url).toBe('/api/v1/staff/courses/3/image');
    expect(body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('Authorization')).toBe(false);
  });

  it("follows a link the server gave for the same call instead of the entry's path", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => answer(500, { message: 'x' }));
    await client(fetchMock)
      .call(getCoursesEndpoint, { url: '/api/v1/courses?after=abc' })
      .catch(() => undefined);
    expect(sent(fetchMock).url).toBe('/api/v1/courses?after=abc');
  });

  it("rejects an error answer with the server's status, message, code and field errors", async () => {
    const body = {
      message: 'بيانات غير صحيحة',
      code: 'VALIDATION_FAILED',
      errors: { name: ['الاسم مطلوب'] },
    };
    const api = client(vi.fn<typeof fetch>(async () => answer(422, body)));
    const error = await api
      .call(loginEndpoint, { body: { login: 'a', password: 'b' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'بيانات غير صحيحة',
      body,
    });
    expect((error as ApiError).firstFieldError).toBe('الاسم مطلوب');
  });

  it('names an error answer without a message by its status', async () => {
    const api = client(vi.fn<typeof fetch>(async () => answer(502, 'bad gateway', {})));
    await expect(api.call(logoutEndpoint)).rejects.toMatchObject({
      status: 502,
      message: 'HTTP 502',
      code: undefined,
      body: undefined,
    });
  });

  it("reads an error body exactly when the contract's error schema would", () => {
    const bodies: [unknown, boolean][] = [
      [{ message: 'خطأ' }, true],
      [{ message: 'خطأ', code: 'CONFLICT', extra: 1 }, true],
      [{ message: 'خطأ', errors: { name: ['مطلوب', 'قصير'] } }, true],
      [{ message: 'خطأ', errors: {} }, true],
      [{ message: 3 }, false],
      [{ code: 'CONFLICT' }, false],
      [{ message: 'خطأ', code: 5 }, false],
      [{ message: 'خطأ', errors: { name: 'مطلوب' } }, false],
      [{ message: 'خطأ', errors: { name: [1] } }, false],
      [{ message: 'خطأ', errors: ['مطلوب'] }, false],
      [{ message: 'خطأ', errors: null }, false],
      [['خطأ'], false],
      [null, false],
      ['خطأ', false],
      [undefined, false],
    ];
    for (const [body, shaped] of bodies) {
      expect(errorBodyOf(body) !== undefined, JSON.stringify(body)).toBe(shaped);
      // The same verdict as the schema the server's error answers are written against.
      expect(apiErrorSchema.safeParse(body).success, JSON.stringify(body)).toBe(shaped);
    }
  });

  it('calls by route: the answer as sent without a schema, checked with the one given', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => answer(200, { data: { id: 'seven' } }));
    const loose = client(fetchMock);
    await expect(loose.callEntry(routes.getCourse, { params: { id: 7 } })).resolves.toEqual({
      data: { id: 'seven' },
    });
    expect(sent(fetchMock)).toMatchObject({ url: '/api/v1/courses/7', method: 'GET' });

    const asked: string[] = [];
    const checked = client(fetchMock, {
      responseSchema: async (name) => {
        asked.push(name);
        return name === 'getCourse' ? getCourseEndpoint.response : logoutEndpoint.response;
      },
    });
    await expect(checked.callEntry(routes.getCourse, { params: { id: 7 } })).rejects.toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
    });
    fetchMock.mockImplementation(async () => answer(200, { message: 'تم' }));
    await expect(checked.callEntry(routes.logout)).resolves.toEqual({ message: 'تم' });
    expect(asked).toEqual(['getCourse', 'logout']);
  });

  it("calls by route with the entry's schema untouched when the entry carries one", async () => {
    const responseSchema = vi.fn();
    const api = client(
      vi.fn<typeof fetch>(async () => answer(200, { data: { id: 'seven' } })),
      { responseSchema },
    );
    await expect(api.call(getCourseEndpoint, { params: { id: 7 } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expect(responseSchema).not.toHaveBeenCalled();
  });

  it('rejects with a failed schema load only after the call, not as an unhandled rejection', async () => {
    const api = client(
      vi.fn<typeof fetch>(async () => answer(200, { data: course })),
      { responseSchema: () => Promise.reject(new Error('chunk load failed')) },
    );
    await expect(api.callEntry(routes.getCourse, { params: { id: 7 } })).rejects.toThrow(
      'chunk load failed',
    );
  });

  it('tells onUnauthorized of a 401 before rejecting', async () => {
    const onUnauthorized = vi.fn();
    const api = client(
      vi.fn<typeof fetch>(async () => answer(401, { message: 'Unauthenticated.' })),
      {
        onUnauthorized,
      },
    );
    const error = await api.call(logoutEndpoint).catch((e: unknown) => e);
    expect(isUnauthorized(error)).toBe(true);
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('rejects a network failure with status 0, and passes an abort on as it is', async () => {
    const api = client(
      vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.call(logoutEndpoint)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
    const controller = new AbortController();
    controller.abort();
    const aborted = new DOMException('aborted', 'AbortError');
    const abortable = client(vi.fn<typeof fetch>(async () => Promise.reject(aborted)));
    await expect(abortable.call(logoutEndpoint, { signal: controller.signal })).rejects.toBe(
      aborted,
    );
  });

  it('refuses an answer that is not what the contract says', async () => {
    const api = client(vi.fn<typeof fetch>(async () => answer(200, { data: { id: 'seven' } })));
    await expect(api.call(getCourseEndpoint, { params: { id: 7 } })).rejects.toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
    });
  });

  it('rewrites an answer before the schema reads it', async () => {
    const api = client(
      vi.fn<typeof fetch>(async () => answer(200, { data: { message: 'تم' } })),
      {
        transformResponse: (json) => ({
          data: { message: `${(json as { data: { message: string } }).data.message}!` },
        }),
      },
    );
    await expect(api.call(staffEndpoints.staffLogout)).resolves.toEqual({
      data: { message: 'تم!' },
    });
  });

  it('sends at once with plain headers, and after awaiting headers given as a promise', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => answer(200, { data: { message: 'تم' } }));
    void client(fetchMock, { headers: () => ({ 'App-Version': '1.0.2' }) }).call(
      staffEndpoints.staffLogout,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);

    let resolve!: (headers: Record<string, string>) => void;
    const later = client(fetchMock, { headers: () => new Promise((r) => (resolve = r)) });
    const call = later.call(staffEndpoints.staffLogout);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    resolve({ 'App-Version': '2.0.0' });
    await call;
    expect(sent(fetchMock, 1).headers.get('App-Version')).toBe('2.0.0');
  });

  it('answers a file entry with its response, and rejects its error answer', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      answer(200, 'id,name\n1,سارة\n', { 'content-type': 'text/csv' }),
    );
    const api = client(fetchMock);
    const response = await api.send(staffEndpoints.staffExportStudents, { query: { q: 'سارة' } });
    expect(await response.text()).toBe('id,name\n1,سارة\n');
    expect(sent(fetchMock)).toMatchObject({
      url: '/api/v1/staff/students.csv?q=%D8%B3%D8%A7%D8%B1%D8%A9',
      method: 'GET',
    });

    fetchMock.mockResolvedValueOnce(
      answer(403, { message: 'ليس لديك صلاحية لهذا الإجراء', code: 'FORBIDDEN' }),
    );
    await expect(
      api.send(staffEndpoints.staffGetMobilePaymentReceipt, { params: { id: 4 } }),
    ).rejects.toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
      message: 'ليس لديك صلاحية لهذا الإجراء',
    });
    expect(sent(fetchMock, 1).url).toBe('/api/v1/staff/mobile-payments/4/receipt');
  });

  it('calls a path with a schema for the few calls without an entry', async () => {
    const api = client(vi.fn<typeof fetch>(async () => answer(200, { data: { message: 'تم' } })));
    await expect(
      api.request(staffEndpoints.staffLogout.path, {
        method: 'POST',
        schema: staffEndpoints.staffLogout.response,
      }),
    ).resolves.toEqual({ data: { message: 'تم' } });
  });

  it('calls an entry picked at run time with loose arguments, still checking the answer', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => answer(200, { data: course }));
    const api = client(fetchMock);
    const entry: JsonEndpointDef = staffEndpoints.staffGetCourse;
    await expect(api.callEntry(entry, { params: { id: 7 } })).resolves.toEqual({ data: course });
    expect(sent(fetchMock).url).toBe('/api/v1/staff/courses/7');

    fetchMock.mockResolvedValueOnce(answer(200, { data: { id: 7 } }));
    await expect(api.callEntry(entry, { params: { id: 7 } })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });

    fetchMock.mockResolvedValueOnce(answer(200, 'id\n', { 'content-type': 'text/csv' }));
    const file: FileEndpointDef = staffEndpoints.staffExportCourses;
    const response = await api.sendEntry(file, { query: { q: 'x', page: undefined } });
    expect(await response.text()).toBe('id\n');
    expect(sent(fetchMock, 2).url).toBe('/api/v1/staff/courses.csv?q=x');
  });

  it('does not compile a call the contract does not declare', () => {
    // Type checks only (tsc -p packages/contract runs over the tests); never called.
    const api = client(vi.fn<typeof fetch>());
    const _wrong = () => [
      // @ts-expect-error the course's id is required
      api.call(staffEndpoints.staffGetCourse),
      // @ts-expect-error the body has no such field
      api.call(staffEndpoints.staffLogin, { body: { login: 'a@b.c', password: 'x' } }),
      // @ts-expect-error an upload's body is a FormData
      api.call(staffEndpoints.staffUploadCourseImage, { params: { id: 1 }, body: { file: 'x' } }),
      // @ts-expect-error a file entry is sent, not called for JSON
      api.call(staffEndpoints.staffExportStudents),
    ];
    expect(typeof _wrong).toBe('function');
  });
});
