import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { hashToken, newToken } from '../src/lib/tokens';

/** A bearer token for an existing user, issued the way the server stores them (hashed). */
export async function tokenFor(db: Kysely<DB>, email: string): Promise<{ token: string; userId: number }> {
  const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const token = newToken();
  const now = new Date().toISOString();
  await db
    .insertInto('auth_tokens')
    .values({ user_id: user.id, token_hash: hashToken(token), platform: 'web', created_at: now, last_used_at: now })
    .execute();
  return { token, userId: user.id };
}
