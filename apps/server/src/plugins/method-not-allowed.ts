import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { ApiErrorBody } from '@dars/contract';
import { messageFor } from '../lib/app-error';

/** The methods a route may be served by, in the order an `Allow` header lists them. */
const METHODS: HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * The methods the router serves at the request's url, found by asking it for each one
 * (`findRoute`), so every route counts, the contract's and the server's own alike.
 * @example allowedMethods(app, '/api/v1/courses') // ['GET', 'HEAD']
 */
export function allowedMethods(app: FastifyInstance, url: string): HTTPMethods[] {
  return METHODS.filter((method) => app.findRoute({ method, url }) !== null);
}

/**
 * For the not-found handler: a known path asked with a method it is not served by answers 405
 * with `Allow` (RFC 9110 §15.5.6) and the app's Arabic error shape, instead of a 404 that says
 * the path does not exist. Answers false when the path is unknown, or when its own method is
 * served there (a route that found nothing and called the not-found handler itself): a 404.
 * @example if (answerMethodNotAllowed(app, request, reply)) return reply
 */
export function answerMethodNotAllowed(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): boolean {
  const allowed = allowedMethods(app, request.url);
  if (allowed.length === 0 || allowed.includes(request.method as HTTPMethods)) return false;
  const body: ApiErrorBody = {
    message: messageFor('METHOD_NOT_ALLOWED'),
    code: 'METHOD_NOT_ALLOWED',
  };
  void reply.code(405).header('allow', allowed.join(', ')).send(body);
  return true;
}
