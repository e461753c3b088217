import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The origins the native apps' pages have (ADR 021): Capacitor serves the web build from
 * `capacitor://localhost` on iOS and `https://localhost` on Android.
 */
export const NATIVE_APP_ORIGINS = ['capacitor://localhost', 'https://localhost'] as const;

/**
 * What a client call may send (spec §7 headers, the bearer token, JSON and multipart bodies,
 * and the device id of ADR 051).
 */
const ALLOWED_HEADERS =
  'Accept, Authorization, Content-Type, App-Platform, App-Version, App-Device';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';

/**
 * An origin as browsers send it: scheme and host (and port), nothing else.
 * @example isOrigin('https://school.example') // true
 * @example isOrigin('https://school.example/') // false
 */
export function isOrigin(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[^/\s?#]+$/i.test(value);
}

function addVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const list = String(current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!list.some((v) => v.toLowerCase() === header.toLowerCase() || v === '*')) list.push(header);
  reply.header('vary', list.join(', '));
}

/**
 * Cross-origin calls from the native apps' origins and from `CORS_ORIGINS`, and from no one
 * else: an allowed origin gets Access-Control-Allow-Origin (its own, never `*`) and its
 * preflight a 204 with the methods and headers a client call uses; any other origin gets no
 * CORS header, so the browser keeps the answer from it. No cookies are involved (bearer
 * tokens), so credentials are never allowed.
 */
export function registerCors(app: FastifyInstance, configured: readonly string[]): void {
  const allowed = new Set<string>([...NATIVE_APP_ORIGINS, ...configured]);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    addVary(reply, 'Origin');
    if (!allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply.header('access-control-allow-methods', ALLOWED_METHODS);
      reply.header('access-control-allow-headers', ALLOWED_HEADERS);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
