import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { DB, UsersTable } from '../db/schema';
import { AppError } from '../lib/app-error';
import { findSession, type Session } from '../modules/auth/session-tokens';

export type UserRow = Selectable<UsersTable>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in student, or null for a guest. Looked up once per request. */
    currentUser(): Promise<UserRow | null>;
    /** The signed-in student; answers 401 for a guest or an unknown token. */
    requireUser(): Promise<UserRow>;
    /** The student and the id of the token in use; answers 401 like requireUser. */
    requireSession(): Promise<Session>;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

/**
 * An onRequest hook for protected routes: a guest gets the 401 before the body is even read,
 * so a signed-out client is told to sign in rather than how to fill the form.
 */
export async function requireAuth(request: FastifyRequest): Promise<void> {
  await request.requireUser();
}

/** Extracts the bearer token, or null when the header is absent or malformed. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header ? (BEARER.exec(header)?.[1] ?? null) : null;
}

/**
 * Recognises bearer tokens (stored hashed) of live sessions (session-tokens.ts: idle and
 * absolute lifetimes). Public routes call `currentUser()` and treat an unknown or expired
 * token as a guest; protected routes call `requireUser()` and answer 401, which the client
 * turns into a logout.
 */
export function registerAuth(app: FastifyInstance, db: Kysely<DB>): void {
  const cache = new WeakMap<FastifyRequest, Promise<Session | null>>();

  function session(request: FastifyRequest): Promise<Session | null> {
    let pending = cache.get(request);
    // Stryker disable next-line ConditionalExpression: the cache saves a second lookup of the same token, which answers the same
    if (!pending) {
      const token = bearerToken(request);
      // The address and app version go with the throttled last-use write (ADR 051).
      pending = token
        ? findSession(db, token, undefined, {
            ip: request.ip,
            // Stryker disable next-line OptionalChaining: the client plugin gives every request its client
            version: request.client?.version ?? null,
          })
        : Promise.resolve(null);
      cache.set(request, pending);
    }
    return pending;
  }

  app.decorateRequest('currentUser', async function (this: FastifyRequest) {
    return (await session(this))?.user ?? null;
  });
  app.decorateRequest('requireSession', async function (this: FastifyRequest) {
    const found = await session(this);
    if (!found) throw new AppError('UNAUTHENTICATED');
    return found;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    return (await this.requireSession()).user;
  });
}
