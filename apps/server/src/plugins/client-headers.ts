import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEVICE_ID_PATTERN, PLATFORMS, type Platform } from '@dars/contract';

export type ClientInfo = {
  platform: Platform;
  version: string | null;
  /** The App-Device id the app keeps on the device (ADR 051); null when absent or malformed. */
  device: string | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    client: ClientInfo;
  }
}

const VERSION = /^\d{1,4}(\.\d{1,4}){0,3}$/;

/**
 * Reads App-Platform, App-Version and App-Device on every call. An unknown platform counts as
 * web, and a malformed version or device id as absent, so a stray header never breaks a request.
 * @example readClient({ 'app-platform': 'android', 'app-version': '1.0.2' })
 */
export function readClient(headers: Record<string, string | string[] | undefined>): ClientInfo {
  const rawPlatform = String(headers['app-platform'] ?? '').toLowerCase();
  const rawVersion = String(headers['app-version'] ?? '').trim();
  const rawDevice = String(headers['app-device'] ?? '').trim();
  return {
    platform: (PLATFORMS as readonly string[]).includes(rawPlatform)
      ? (rawPlatform as Platform)
      : 'web',
    version: VERSION.test(rawVersion) ? rawVersion : null,
    device: DEVICE_ID_PATTERN.test(rawDevice) ? rawDevice : null,
  };
}

/** The User-Agent kept with a sign-in, at most this long. */
export const USER_AGENT_MAX = 400;

/** Where a sign-in comes from, as a session keeps it (ADR 051). */
export interface SignInFrom {
  platform: Platform;
  version: string | null;
  device: string | null;
  userAgent: string | null;
  ip: string | null;
}

/**
 * The client of a sign-in request: its headers, its User-Agent (cut) and its address.
 * @example issueToken(db, user.id, signInFrom(request))
 */
export function signInFrom(request: FastifyRequest): SignInFrom & { ip: string } {
  const agent = request.headers['user-agent'];
  return {
    ...request.client,
    userAgent: typeof agent === 'string' && agent ? agent.slice(0, USER_AGENT_MAX) : null,
    ip: request.ip,
  };
}

export function registerClientHeaders(app: FastifyInstance): void {
  app.decorateRequest('client', null as unknown as ClientInfo);
  app.addHook('onRequest', async (request) => {
    request.client = readClient(request.headers);
  });
}
