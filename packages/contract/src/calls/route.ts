/**
 * A call's route without its schemas: what the browser needs to make the call (ADR 041). The
 * student app's first screen loads no zod: it calls through `routes` (`routes.ts`, written from
 * `endpoints.ts` by `npm run contract:routes`), typed by the entry of the same name.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call by its entry's name in `endpoints`, with the method and path of that entry. */
export interface EndpointRoute<N extends string = string> {
  readonly name: N;
  readonly method: HttpMethod;
  readonly path: `/${string}`;
}

/**
 * Fills the `:name` params of an endpoint path; values are URI-encoded.
 * @example fillPath(endpoints.getCourse.path, { id: 7 }) // '/courses/7'
 */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path param "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
