import { fillPath, type JsonEndpointDef } from '@dars/contract';
import type { z } from 'zod';
import { apiFetch, type QueryParams } from './api-client';

/**
 * What a call needs besides its entry: exactly the parts its contract entry declares. `url` is
 * a link the server gave for this same call (`links.next`, the reset url) in place of the path.
 */
export type EndpointArgs<E extends JsonEndpointDef> = (E['params'] extends z.ZodType
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
type Optional<E extends JsonEndpointDef> = E['params'] extends z.ZodType
  ? false
  : E['multipart'] extends true
    ? false
    : E['body'] extends z.ZodType
      ? false
      : true;

/**
 * Calls the API as the contract's entry says: its method, its path with the params filled,
 * its query and body, and its response schema to check and type the answer. A fetcher built
 * on it cannot call a path, a method or a body the contract does not declare.
 * @example const { data } = await callEndpoint(getCourseEndpoint, { params: { id: 7 }, signal })
 */
export function callEndpoint<E extends JsonEndpointDef>(
  def: E,
  ...[args]: Optional<E> extends true ? [EndpointArgs<E>?] : [EndpointArgs<E>]
): Promise<z.output<E['response']>> {
  const { params, query, body, signal, url } = (args ?? {}) as {
    params?: Record<string, string | number>;
    query?: QueryParams;
    body?: unknown;
    signal?: AbortSignal;
    url?: string;
  };
  const path = url ?? (params ? fillPath(def.path, params) : def.path);
  return apiFetch(path, {
    schema: def.response as z.ZodType<z.output<E['response']>>,
    method: def.method,
    ...(url ? {} : { query }),
    body,
    signal,
  });
}
