import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { hashToken, newToken } from '../src/lib/tokens';

/**
 * A bearer token for a user, issued the way the server stores them (hashed).
 * @example const token = await tokenForUser(db, student.userId)
 */
export async function tokenForUser(db: Kysely<DB>, userId: number): Promise<string> {
  const token = newToken();
  const now = new Date().toISOString();
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      platform: 'web',
      created_at: now,
      last_used_at: now,
    })
    .execute();
  return token;
}

/**
 * A bearer token for an existing user found by e-mail (the demo's logins, for tests about the demo).
 * @example const { token } = await tokenFor(db, 'student@dars.test')
 */
export async function tokenFor(
  db: Kysely<DB>,
  email: string,
): Promise<{ token: string; userId: number }> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { token: await tokenForUser(db, user.id), userId: user.id };
}
