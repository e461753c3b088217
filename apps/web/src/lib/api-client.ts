import type { EndpointDef } from '@dars/contract';
import { API_BASE, APP_VERSION, DEVICE_HEADER } from '@dars/contract/plain';
import { createApiClient, type PathRequest, type QueryParams } from '@dars/contract/client';
import type { z } from 'zod';
import { platform } from '../platform/platform';
import { absolutiseServerPaths, serverOrigin } from '../platform/server-origin';
import { deviceId } from './device-id';
import { getToken } from './token-storage';

// The error type and its checks are the shared client's (`@dars/contract/client`).
export {
  ApiError,
  isUnauthorized,
  type ClientErrorCode,
  type QueryParams,
} from '@dars/contract/client';

export type ApiRequest<S extends z.ZodType> = PathRequest<S>;

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
 * The student app's client of the API (spec §7): the platform, version, device id and bearer
 * headers on every call. App-Version is the installed app's own version on native (read once from the
 * app) and the build's on the web, where the call leaves at once (no await before it). In the
 * native apps, whose pages come from the app, the API is under the server's origin and an
 * answer's server paths are made absolute (`platform/server-origin.ts`).
 */
export const apiClient = createApiClient({
  baseUrl: () => `${serverOrigin() ?? ''}${API_BASE}`,
  getToken,
  headers: () =>
    platform.isNative
      ? platform.getAppVersion().then((version) => versionHeaders(version))
      : versionHeaders(APP_VERSION),
  fetch: (input, init) => transport(input, init),
  transformResponse: (json) => {
    const origin = serverOrigin();
    return origin ? absolutiseServerPaths(json, origin) : json;
  },
  // Answers are checked against the contract in development and tests, where the contract's
  // schemas are loaded on demand; the production build trusts its own server's answers and
  // loads no zod to call (ADR 041).
  responseSchema: import.meta.env.DEV ? checkedResponse : undefined,
});

/** The response schema of a call by its entry's name, loaded with the contract on demand. */
async function checkedResponse(name: string): Promise<z.ZodType | undefined> {
  const { endpoints } = await import('@dars/contract');
  const entries: Record<string, EndpointDef> = endpoints;
  return Object.hasOwn(entries, name) ? entries[name]?.response : undefined;
}

function versionHeaders(appVersion: string): Record<string, string> {
  const device = deviceId();
  return {
    'App-Platform': platform.name,
    'App-Version': appVersion,
    // The device id of the school's device limit (ADR 051).
    ...(device ? { [DEVICE_HEADER]: device } : {}),
  };
}

/**
 * The URL of an API path: a path of the API (`/courses`) is put under `API_BASE`; a path
 * that already starts with it (a `links.next` such as `/api/v1/courses?page=2`) or a full
 * URL is used as it is. In the native apps, whose pages come from the app, a path is put under
 * the server's origin (`platform/server-origin.ts`).
 * @example apiUrl('/courses', { query: 'جبر', page: 2 }) // '/api/v1/courses?query=%D8%AC…&page=2'
 */
export function apiUrl(path: string, query?: QueryParams): string {
  return apiClient.url(path, query);
}

/**
 * Calls the API with the platform, version and bearer headers; resolves with the answer
 * parsed by `schema`, or rejects with an {@link ApiError}.
 * @example const { data } = await apiFetch('/app', { schema: getAppResponseSchema })
 */
export function apiFetch<S extends z.ZodType>(
  path: string,
  request: ApiRequest<S>,
): Promise<z.infer<S>> {
  return apiClient.request(path, request);
}
