import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { API_BASE } from '@dars/contract';

// Crisp's live chat (features/support) is the one outside origin the app loads; its hosts
// are the ones Crisp documents as required (docs/decisions/007-security-hardening.md).
const CRISP = 'https://client.crisp.chat';
const CRISP_IMAGES = 'https://image.crisp.chat';
const CRISP_FILES = 'https://storage.crisp.chat';
const CRISP_SOCKET = 'wss://client.relay.crisp.chat';

/**
 * The SPA's policy: our own scripts, fonts, media and frames (the video player) only, plus
 * Crisp. Styles allow inline because MUI/emotion inserts <style> tags at run time.
 */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", CRISP],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'", CRISP],
  imgSrc: ["'self'", 'data:', 'blob:', CRISP, CRISP_IMAGES, CRISP_FILES],
  fontSrc: ["'self'", CRISP],
  connectSrc: ["'self'", CRISP, CRISP_FILES, CRISP_SOCKET],
  mediaSrc: ["'self'"],
  workerSrc: ["'self'", CRISP],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/** Origins to add to some directives of the app's policy (the configured payment gateways). */
export type CspSources = Partial<Record<keyof typeof APP_CSP_DIRECTIVES, string[]>>;

/**
 * The app's policy with `extra` origins added to their directives.
 * @example appCspDirectives({ scriptSrc: ['https://www.atfawry.com'] }).scriptSrc
 */
export function appCspDirectives(extra: CspSources = {}): typeof APP_CSP_DIRECTIVES {
  const directives = { ...APP_CSP_DIRECTIVES };
  for (const [name, origins] of Object.entries(extra) as [keyof CspSources, string[]][])
    directives[name] = [
      ...directives[name],
      ...origins.filter((o) => !directives[name].includes(o)),
    ];
  return directives;
}

/** JSON answers render nothing, so the API's policy allows nothing. */
export const API_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's policy as this server sends it (with the configured gateways' origins). */
    appCspDirectives: typeof APP_CSP_DIRECTIVES;
  }
  interface FastifyContextConfig {
    /**
     * The policy of a page served under /api (the API documents' page, ADR 015), sent in place
     * of API_CSP on this route's answers only. Declared on the route, so the hook that puts the
     * API's policy on everything else cannot overwrite it, and no other route gets it.
     */
    csp?: string;
  }
}

/**
 * The Cross-Origin-Resource-Policy of what any page may embed: public files and signed links
 * (the link is the credential). The native apps' pages come from `https://localhost` or
 * `capacitor://localhost`, so helmet's `same-origin` would keep their images and videos out.
 */
export const CORP_OPEN = 'cross-origin';

/** A year, the preload list's minimum; sent only on answers that went out over https. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const helmetOptions = (extra: CspSources): FastifyHelmetOptions => ({
  // Our own list, without helmet's upgrade-insecure-requests: plain http on localhost works.
  contentSecurityPolicy: { useDefaults: false, directives: appCspDirectives(extra) },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Sent only over https (below); helmet would send it on plain http too.
  strictTransportSecurity: false,
});

/**
 * The headers helmet writes with our options, read once from a throwaway instance. They depend
 * on nothing in the request, and @fastify/helmet rebuilt them (helmet's CSP parsing included)
 * on every request, an eighth of the server's CPU on a cached catalog answer (ADR 010).
 * @example const headers = await helmetHeaders() // { 'x-frame-options': 'SAMEORIGIN', … }
 */
export async function helmetHeaders(extra: CspSources = {}): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, helmetOptions(extra));
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (typeof value === 'string' && !NOT_SECURITY.has(name)) headers[name] = value;
  }
  return headers;
}

/**
 * helmetHeaders() for the answers Fastify writes by hand (431, 414, a bad url), so they carry
 * exactly the same set. They are JSON errors, so they get the API's policy and no-store.
 * @example const headers = await earlyAnswerHeaders() // { 'x-frame-options': 'SAMEORIGIN', … }
 */
export async function earlyAnswerHeaders(): Promise<Record<string, string>> {
  return {
    ...(await helmetHeaders()),
    'content-security-policy': API_CSP,
    'cache-control': 'no-store',
  };
}

const NOT_SECURITY = new Set([
  'content-type',
  'content-length',
  'date',
  'connection',
  'keep-alive',
]);

/** Whether the client reached us over https: directly, or per a trusted proxy's header. */
export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/**
 * Helmet's headers on every answer (the app's policy with `extra` origins: the configured
 * payment gateways'), the API's own policy under /api (or the one a route declares in its
 * `config.csp`), HSTS over https, and
 * `Cache-Control: no-store` on API answers that carry a token or personal data: every
 * authenticated one, and any that did not choose a cache policy (login, register…).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  extra: CspSources = {},
): Promise<void> {
  const headers = await helmetHeaders(extra);
  app.decorate('appCspDirectives', appCspDirectives(extra));
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Public files may be embedded by the native apps, whose pages are not ours (ADR 021).
    if (request.url.startsWith('/storage/'))
      reply.header('cross-origin-resource-policy', CORP_OPEN);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    if (isHttps(request)) reply.header('strict-transport-security', HSTS);
    if (!request.url.startsWith(`${API_BASE}/`)) return;
    reply.header('content-security-policy', request.routeOptions.config?.csp ?? API_CSP);
    if (request.headers.authorization !== undefined || !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
}
