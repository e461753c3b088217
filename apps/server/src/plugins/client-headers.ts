import type { FastifyInstance } from 'fastify';
import { PLATFORMS, type Platform } from '@dars/contract';

export type ClientInfo = { platform: Platform; version: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    client: ClientInfo;
  }
}

const VERSION = /^\d{1,4}(\.\d{1,4}){0,3}$/;

/**
 * Reads App-Platform and App-Version on every call. An unknown platform counts as web and a
 * malformed version as absent, so a stray header never breaks a request.
 * @example readClient({ 'app-platform': 'android', 'app-version': '1.0.2' })
 */
export function readClient(headers: Record<string, string | string[] | undefined>): ClientInfo {
  const rawPlatform = String(headers['app-platform'] ?? '').toLowerCase();
  const rawVersion = String(headers['app-version'] ?? '').trim();
  return {
    platform: (PLATFORMS as readonly string[]).includes(rawPlatform)
      ? (rawPlatform as Platform)
      : 'web',
    version: VERSION.test(rawVersion) ? rawVersion : null,
  };
}

export function registerClientHeaders(app: FastifyInstance): void {
  app.decorateRequest('client', null as unknown as ClientInfo);
  app.addHook('onRequest', async (request) => {
    request.client = readClient(request.headers);
  });
}
