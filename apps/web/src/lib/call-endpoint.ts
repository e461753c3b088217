import type { EndpointRoute, Endpoints, JsonEndpointDef, StudentCallName } from '@dars/contract';
import type { ArgsOf, LooseArgs } from '@dars/contract/client';
import type { z } from 'zod';
import { apiClient } from './api-client';

export type { EndpointArgs } from '@dars/contract/client';

/**
 * Calls the API as the contract's entry of that name says: its method, its path with the
 * params filled, its query and body, and its response type. A fetcher built on it cannot call
 * a path, a method or a body the contract does not declare. The call names its route
 * (`routes.getCourse`), which carries no schema, so that no screen loads zod to make a call
 * (ADR 041); the answer is checked against the entry's response schema in development and
 * tests (`api-client.ts`), and trusted from our own server in production.
 * @example const { data } = await callEndpoint(routes.getCourse, { params: { id: 7 }, signal })
 */
export function callEndpoint<N extends JsonCallName>(
  route: EndpointRoute<N>,
  ...args: ArgsOf<EntryOf<N>>
): Promise<AnswerOf<N>> {
  // The types above checked the arguments against the entry, and type its answer.
  return apiClient.callEntry(route, args[0] as LooseArgs | undefined) as Promise<AnswerOf<N>>;
}

/** The student's calls that answer JSON (not a file). */
type JsonCallName = {
  [N in StudentCallName]: Endpoints[N] extends JsonEndpointDef ? N : never;
}[StudentCallName];

/** The contract's entry of a call. */
type EntryOf<N extends JsonCallName> = Extract<Endpoints[N], JsonEndpointDef>;

/** What a call answers, as its entry's response schema types it. */
type AnswerOf<N extends JsonCallName> = z.output<EntryOf<N>['response']>;
