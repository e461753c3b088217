import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';
import { nowIso } from '../../lib/time';

/** Issues a bearer token for the student; only its hash is stored. */
export async function issueToken(
  db: Kysely<DB>,
  userId: number,
  platform: string,
): Promise<string> {
  const token = newToken();
  const now = nowIso();
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: userId,
      token_hash: hashToken(token),
      platform,
      created_at: now,
      last_used_at: now,
    })
    .execute();
  return token;
}

export async function revokeToken(db: Kysely<DB>, token: string): Promise<void> {
  await db.deleteFrom('auth_tokens').where('token_hash', '=', hashToken(token)).execute();
}

/** Signs the student out everywhere, except on the device whose token is kept. */
export async function revokeAllTokens(
  db: Kysely<DB>,
  userId: number,
  keep?: string | null,
): Promise<void> {
  let q = db.deleteFrom('auth_tokens').where('user_id', '=', userId);
  if (keep) q = q.where('token_hash', '!=', hashToken(keep));
  await q.execute();
}
