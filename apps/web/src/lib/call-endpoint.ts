import type { JsonEndpointDef } from '@dars/contract';
import type { ArgsOf } from '@dars/contract/client';
import type { z } from 'zod';
import { apiClient } from './api-client';

export type { EndpointArgs } from '@dars/contract/client';

/**
 * Calls the API as the contract's entry says: its method, its path with the params filled,
 * its query and body, and its response schema to check and type the answer. A fetcher built
 * on it cannot call a path, a method or a body the contract does not declare.
 * @example const { data } = await callEndpoint(getCourseEndpoint, { params: { id: 7 }, signal })
 */
export function callEndpoint<E extends JsonEndpointDef>(
  def: E,
  ...args: ArgsOf<E>
): Promise<z.output<E['response']>> {
  return apiClient.call(def, ...args);
}
