import type { z } from 'zod';
import type { ApiErrorBody, FieldErrors } from './errors';
import type { FileEndpointDef, JsonEndpointDef } from './calls/endpoints';
import { fillPath, type EndpointRoute } from './calls/route';
import { isRecord } from './is-record';

/**
 * `@dars/contract/client`: the one typed client of the API, for the student app and the staff
 * console alike (issue 25). A call names its contract entry; the client fills the entry's path
 * params, puts its query in the URL, sends its body (JSON, or a FormData as multipart), and
 * checks and types the answer with the entry's response schema. An app wraps it with its own
 * headers, token and error presentation (apps/web/src/lib/api-client.ts, apps/staff/src/data/http.ts).
 * It loads no zod itself: a call checks its answer with the schema its entry carries, and the
 * student app calls by route (`routes`, ADR 041) with the schema given by `responseSchema`.
 */

/** Transport failures that never reached a server answer, or an answer the contract refuses. */
export type ClientErrorCode = 'NETWORK_ERROR' | 'INVALID_RESPONSE';

/**
 * A failed API call. `status` is the HTTP status (0 when no answer arrived), `code` the
 * server's error code (spec §8) or a client transport code, `errors` the 422 field errors,
 * `body` the server's error answer when it had the shape of one. The caller decides what to
 * show; the client never touches the UI.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: FieldErrors | undefined;
  readonly body: ApiErrorBody | undefined;

  constructor(init: {
    status: number;
    message: string;
    code?: string;
    errors?: FieldErrors;
    body?: ApiErrorBody;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.body = init.body;
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

/**
 * What a call needs besides its entry: exactly the parts its contract entry declares. `url` is
 * a link the server gave for this same call (`links.next`, the reset url) in place of the path.
 */
export type EndpointArgs<E extends JsonEndpointDef | FileEndpointDef> =
  (E['params'] extends z.ZodType
    ? { params: z.input<E['params']>; url?: undefined } | { url: string; params?: undefined }
    : { params?: undefined; url?: string }) &
    (E['query'] extends z.ZodType ? { query?: Partial<z.input<E['query']>> } : { query?: never }) &
    (E['multipart'] extends true
      ? { body: FormData }
      : E['body'] extends z.ZodType
        ? { body: z.input<E['body']> }
        : { body?: never }) & {
      signal?: AbortSignal;
    };

/** Whether a call's arguments may be left out (it declares no params and no body). */
export type ArgsOptional<E extends JsonEndpointDef | FileEndpointDef> =
  E['params'] extends z.ZodType
    ? false
    : E['multipart'] extends true
      ? false
      : E['body'] extends z.ZodType
        ? false
        : true;

/** The arguments after the entry: optional when the entry needs none. */
export type ArgsOf<E extends JsonEndpointDef | FileEndpointDef> =
  ArgsOptional<E> extends true ? [EndpointArgs<E>?] : [EndpointArgs<E>];

export interface ApiClientOptions {
  /**
   * Where the API is: `/api/v1` (same origin) or `https://dars.example/api/v1`; a function is
   * read at each call (the native apps learn the server's origin from their page).
   */
  baseUrl: string | (() => string);
  /** The bearer token, read at each call; none for a guest. */
  getToken?: () => string | null | undefined;
  /**
   * Headers of every call besides Accept, Authorization and Content-Type (the web's
   * App-Platform and App-Version). A promise is awaited; a plain object lets the call leave
   * at once.
   */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** Told of every 401 before the call rejects (a console signs out). */
  onUnauthorized?: (error: ApiError) => void;
  /** What carries the calls; the global fetch (read at each call) when left out. */
  fetch?: typeof fetch;
  /** Rewrites a 2xx answer's JSON before the response schema reads it (the apps' absolute links). */
  transformResponse?: (json: unknown) => unknown;
  /**
   * The schema that checks the answer of a call made by route (`routes`, which carry none);
   * without it, or when it gives none, such an answer is used as the server sent it. The student
   * app gives it in development and tests only (ADR 041).
   */
  responseSchema?: (name: string) => z.ZodType | undefined | Promise<z.ZodType | undefined>;
}

export interface ApiClient {
  /**
   * Calls the API as the contract's entry says and resolves with the answer its response
   * schema parsed; rejects with an {@link ApiError}.
   * @example const { data } = await client.call(getCourseEndpoint, { params: { id: 7 } })
   */
  call<E extends JsonEndpointDef>(entry: E, ...args: ArgsOf<E>): Promise<z.output<E['response']>>;
  /**
   * {@link ApiClient.call} for a caller that picks the entry at run time from a table of
   * entries (the staff console's data provider): the types cannot check the arguments (the
   * server does), and the answer, still checked by the entry's schema, is typed `unknown`.
   * @example await client.callEntry(resources[name].get, { params: { id } })
   */
  callEntry(entry: JsonEndpointDef | EndpointRoute, args?: LooseArgs): Promise<unknown>;
  /**
   * Calls an entry whose answer is a file (an export, a receipt) and resolves with the
   * response once it is a 2xx; rejects with an {@link ApiError} otherwise.
   * @example const blob = await (await client.send(endpoints.staffExportStudents, { query })).blob()
   */
  send<E extends FileEndpointDef>(entry: E, ...args: ArgsOf<E>): Promise<Response>;
  /** {@link ApiClient.send} for an entry picked at run time (see {@link ApiClient.callEntry}). */
  sendEntry(entry: FileEndpointDef, args?: LooseArgs): Promise<Response>;
  /**
   * A call by path, for the few that have no entry; `schema` checks the answer.
   * @example await client.request('/app', { schema: getAppResponseSchema })
   */
  request<S extends z.ZodType>(path: string, request: PathRequest<S>): Promise<z.output<S>>;
  /**
   * The URL of a path of the API (`/courses`), with the query; a path already under the API
   * base (a `links.next`) or a full URL is kept.
   * @example client.url('/courses', { page: 2 }) // '/api/v1/courses?page=2'
   */
  url(path: string, query?: QueryParams): string;
}

/** The arguments of a call whose entry is chosen at run time ({@link ApiClient.callEntry}). */
export interface LooseArgs {
  params?: Record<string, string | number>;
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  url?: string;
}

export interface PathRequest<S extends z.ZodType> {
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
 * The path of an entry with its params filled, relative to the API base.
 * @example entryPath(endpoints.staffGetCourse, { id: 7 }) // '/staff/courses/7'
 */
export function entryPath(
  entry: Pick<JsonEndpointDef | FileEndpointDef, 'path'>,
  params?: Record<string, string | number>,
): string {
  return params ? fillPath(entry.path, params) : entry.path;
}

/**
 * `base` + `path` + `query`. A full URL is kept as it is; a path that already starts with the
 * base's path (`/api/v1/…`, as the server writes its links) is put under the base's origin only.
 * @example joinUrl('/api/v1', '/courses', { q: 'جبر', page: '' }) // '/api/v1/courses?q=%D8%AC%D8%A8%D8%B1'
 */
export function joinUrl(base: string, path: string, query?: QueryParams): string {
  let url: string;
  if (/^https?:\/\//.test(path)) url = path;
  else {
    const origin = /^https?:\/\/[^/]+/.exec(base)?.[0] ?? '';
    const basePath = base.slice(origin.length);
    url =
      path.startsWith(`${basePath}/`) || path === basePath ? `${origin}${path}` : `${base}${path}`;
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
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
 * An error answer's body when it has the shape of one (`apiErrorSchema`: a string `message`,
 * an optional string `code`, optional field errors as lists of strings), read without zod; its
 * other keys are kept, as the schema keeps them.
 */
export function errorBodyOf(json: unknown): ApiErrorBody | undefined {
  if (!isRecord(json) || typeof json.message !== 'string') return undefined;
  if (json.code !== undefined && typeof json.code !== 'string') return undefined;
  const { errors } = json;
  if (errors !== undefined) {
    if (!isRecord(errors)) return undefined;
    const lists = Object.values(errors);
    if (!lists.every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string')))
      return undefined;
  }
  return json as ApiErrorBody;
}

/** The ApiError of a non-2xx answer: the server's message, code and field errors. */
async function failure(response: Response): Promise<ApiError> {
  const body = errorBodyOf(await readJson(response));
  return new ApiError({
    status: response.status,
    message: body ? body.message : response.statusText || `HTTP ${response.status}`,
    code: body?.code,
    errors: body?.errors,
    body,
  });
}

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | undefined)?.then === 'function';

/**
 * A client of the API.
 * @example
 * const client = createApiClient({ baseUrl: API_BASE, getToken: () => session.token() })
 * const { data } = await client.call(endpoints.staffGetCourse, { params: { id: 7 } })
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = () => (typeof options.baseUrl === 'function' ? options.baseUrl() : options.baseUrl);
  const url = (path: string, query?: QueryParams) => joinUrl(base(), path, query);

  function headersOf(body: unknown, extra: Record<string, string> | undefined): Headers {
    const headers = new Headers({ Accept: 'application/json', ...extra });
    const token = options.getToken?.();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (body !== undefined && !(body instanceof FormData))
      headers.set('Content-Type', 'application/json');
    return headers;
  }

  /** Sends a call; resolves with its 2xx response, else rejects with an ApiError. */
  async function send(
    target: string,
    init: { method: string; body?: unknown; signal?: AbortSignal | undefined },
  ): Promise<Response> {
    // No await before the call leaves unless the headers must be waited for.
    const pending = options.headers?.();
    const extra = isPromise(pending) ? await pending : pending;
    const { method, body, signal } = init;
    let response: Response;
    try {
      const transport = options.fetch ?? ((input, request) => fetch(input, request));
      response = await transport(target, {
        method,
        headers: headersOf(body, extra),
        body:
          body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed' });
    }
    if (response.ok) return response;
    const error = await failure(response);
    if (error.status === 401) options.onUnauthorized?.(error);
    throw error;
  }

  async function parsed<S extends z.ZodType>(
    response: Response,
    schema: S | undefined,
  ): Promise<z.output<S>> {
    const raw = await readJson(response);
    const json = options.transformResponse ? options.transformResponse(raw) : raw;
    // A call by route with no schema to check it (the student app in production, ADR 041).
    if (!schema) return json as z.output<S>;
    const answer = schema.safeParse(json);
    if (!answer.success) {
      throw new ApiError({
        status: response.status,
        code: 'INVALID_RESPONSE',
        message: answer.error.message,
      });
    }
    return answer.data;
  }

  /** The URL of an entry's call: the server's link when given, else its path and query. */
  const target = (entry: Pick<JsonEndpointDef, 'path'>, args: LooseArgs) =>
    args.url ? url(args.url) : url(entryPath(entry, args.params), args.query);

  /** The schema of a call's answer: its entry's, or for a route the one `responseSchema` gives. */
  const schemaOf = (entry: JsonEndpointDef | EndpointRoute) =>
    'response' in entry ? entry.response : options.responseSchema?.(entry.name);

  async function callEntry<E extends JsonEndpointDef>(
    entry: E | EndpointRoute,
    args: LooseArgs = {},
  ): Promise<z.output<E['response']>> {
    // Asked for beside the call, not after it: a schema loaded on demand arrives meanwhile.
    // A failed load is read after the call (the await below), not left unhandled meanwhile.
    const schema = Promise.resolve(schemaOf(entry));
    schema.catch(() => undefined);
    const response = await send(target(entry, args), {
      method: entry.method,
      body: args.body,
      signal: args.signal,
    });
    return parsed(response, (await schema) as z.ZodType<z.output<E['response']>> | undefined);
  }

  async function sendEntry(entry: FileEndpointDef, args: LooseArgs = {}): Promise<Response> {
    return send(target(entry, args), { method: entry.method, signal: args.signal });
  }

  return {
    url,
    async request(path, { schema, method = 'GET', query, body, signal }) {
      return parsed(await send(url(path, query), { method, body, signal }), schema);
    },
    async call(entry, ...[args]) {
      // The types above checked the arguments against the entry.
      return callEntry(entry, args as LooseArgs | undefined);
    },
    callEntry,
    async send(entry, ...[args]) {
      // The types above checked the arguments against the entry.
      return sendEntry(entry, args as LooseArgs | undefined);
    },
    sendEntry,
  };
}
