import { API_BASE, APP_VERSION, apiErrorSchema, type FieldErrors } from '@dars/contract';
import type { z } from 'zod';
import { platform } from '../platform/platform';
import { absolutiseServerPaths, serverOrigin } from '../platform/server-origin';
import { getToken } from './token-storage';

/** Transport failures that never reached a server answer. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';

/**
 * A failed API call. `status` is the HTTP status (0 when no answer arrived), `code` the
 * server's error code (spec §8) or a client transport code, `errors` the 422 field errors.
 * The caller decides what to show; the client never touches the UI.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldErrors | undefined;

  constructor(init: { status: number; message: string; code?: string; errors?: FieldErrors }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
  }

  /** The first field error message of a 422, as the spec shows it. */
  get firstFieldError(): string | undefined {
    return Object.values(this.errors ?? {})[0]?.[0];
  }
}

/**
 * Whether an error is the server saying the token is missing or no longer valid.
 * @example if (isUnauthorized(error)) clearToken()
 */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface ApiRequest<S extends z.ZodType> {
  /** Validates and types the answer. */
  schema: S;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Empty values (undefined, null, '') are left out of the query string. */
  query?: QueryParams;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * The URL of an API path: a path of the API (`/courses`) is put under `API_BASE`; a path
 * that already starts with it (a `links.next` such as `/api/v1/courses?page=2`) or a full
 * URL is used as it is. In the native apps, whose pages come from the app, a path is put under
 * the server's origin (`platform/server-origin.ts`).
 * @example apiUrl('/courses', { query: 'جبر', page: 2 }) // '/api/v1/courses?query=%D8%AC…&page=2'
 */
export function apiUrl(path: string, query?: QueryParams): string {
  const absolute = /^https?:\/\//.test(path);
  const local =
    absolute || path.startsWith(`${API_BASE}/`) || path === API_BASE ? path : `${API_BASE}${path}`;
  const base = absolute ? local : `${serverOrigin() ?? ''}${local}`;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  if (!qs) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${qs}`;
}

/** What carries the calls: the browser's fetch, or the server's own when it renders a page. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/**
 * Replaces how calls reach the API. Only the server's render of the public pages uses it
 * (`entry-server.tsx`): its calls go to the API in the same process, as a guest.
 * @example setApiTransport((input, init) => callApiInProcess(input, init))
 */
export function setApiTransport(fetchLike: typeof fetch): void {
  transport = fetchLike;
}

/**
 * The headers of every call (spec §7): App-Platform, and App-Version, which is the installed
 * app's own version on native (read once from the app) and the build's on the web.
 */
function requestHeaders(body: unknown, appVersion: string): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'App-Platform': platform.name,
    'App-Version': appVersion,
  });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined && !(body instanceof FormData))
    headers.set('Content-Type', 'application/json');
  return headers;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Calls the API with the platform, version and bearer headers; resolves with the answer
 * parsed by `schema`, or rejects with an {@link ApiError}.
 * @example const { data } = await apiFetch('/app', { schema: getAppResponseSchema })
 */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  request: ApiRequest<S>,
): Promise<z.infer<S>> {
  const { schema, method = 'GET', query, body, signal } = request;
  // On the web the call leaves at once (no await before it); the apps wait for their version.
  const appVersion = platform.isNative ? await platform.getAppVersion() : APP_VERSION;
  let response: Response;
  try {
    response = await transport(apiUrl(path, query), {
      method,
      headers: requestHeaders(body, appVersion),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed' });
  }

  const json = await readJson(response);
  if (!response.ok) {
    const parsed = apiErrorSchema.safeParse(json);
    throw new ApiError({
      status: response.status,
      message: parsed.success
        ? parsed.data.message
        : response.statusText || `HTTP ${response.status}`,
      code: parsed.success ? parsed.data.code : undefined,
      errors: parsed.success ? parsed.data.errors : undefined,
    });
  }

  const origin = serverOrigin();
  const parsed = schema.safeParse(origin ? absolutiseServerPaths(json, origin) : json);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'INVALID_RESPONSE',
      message: parsed.error.message,
    });
  }
  return parsed.data;
}
