import type { IncomingMessage } from 'node:http';
import { errorCodes, type FastifyInstance } from 'fastify';

/**
 * Answers `Expect: 100-continue` ourselves. Node writes `100 Continue` as soon as such a request
 * arrives unless the server handles 'checkContinue', so a client that declared a body over the
 * limit was told to send it, sent megabytes, and was then cut off with a reset connection. Here
 * the request is routed first: a Content-Length over the route's body limit (Fastify's
 * `bodyLimit`; a multipart call's is its file's limit and room for its fields) gets the error
 * handler's Arabic 413 before any byte of the body is asked for; otherwise `100 Continue` goes
 * out just before the body is read (preParsing: after the token and role checks, which may
 * refuse first, also without the body). Without `Expect` nothing changes: the limits hold as
 * the body arrives.
 * @example registerExpectContinue(app) // before the routes
 */
export function registerExpectContinue(app: FastifyInstance): void {
  /** Requests whose client waits for our `100 Continue` before sending the body. */
  const waiting = new WeakSet<IncomingMessage>();
  // With this listener Node leaves the interim answer to us; the request goes on as any other.
  app.server.on('checkContinue', (req: IncomingMessage, res) => {
    waiting.add(req);
    app.server.emit('request', req, res);
  });
  app.addHook('onRequest', async (request) => {
    if (!waiting.has(request.raw)) return;
    if (Number(request.headers['content-length']) > request.routeOptions.bodyLimit) {
      throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
    }
  });
  app.addHook('preParsing', async (request, reply, payload) => {
    if (waiting.delete(request.raw)) reply.raw.writeContinue();
    return payload;
  });
}
