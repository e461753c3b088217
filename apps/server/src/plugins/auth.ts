import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { DB, UsersTable } from '../db/schema';
import { AppError } from '../lib/app-error';
import { hashToken } from '../lib/tokens';

export type UserRow = Selectable<UsersTable>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in student, or null for a guest. Looked up once per request. */
    currentUser(): Promise<UserRow | null>;
    /** The signed-in student; answers 401 for a guest or an unknown token. */
    requireUser(): Promise<UserRow>;
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
 * Recognises bearer tokens (stored hashed). Public routes call `currentUser()` and treat an
 * unknown token as a guest; protected routes call `requireUser()` and answer 401, which the
 * client turns into a logout.
 */
export function registerAuth(app: FastifyInstance, db: Kysely<DB>): void {
  const cache = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

  async function lookUp(request: FastifyRequest): Promise<UserRow | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const row = await db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .selectAll('users')
      .where('auth_tokens.token_hash', '=', hashToken(token))
      .executeTakeFirst();
    return row ?? null;
  }

  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    let pending = cache.get(this);
    if (!pending) {
      pending = lookUp(this);
      cache.set(this, pending);
    }
    return pending;
  });
  app.decorateRequest('requireUser', async function (this: FastifyRequest) {
    const user = await this.currentUser();
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  });
}
