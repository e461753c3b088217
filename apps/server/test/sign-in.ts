import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { hashToken, newToken } from '../src/lib/tokens';

/** A bearer token for an existing user, issued the way the server stores them (hashed). */
export async function tokenFor(
  db: Kysely<DB>,
  email: string,
): Promise<{ token: string; userId: number }> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  const token = newToken();
  const now = new Date().toISOString();
  await db
    .insertInto('auth_tokens')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      platform: 'web',
      created_at: now,
      last_used_at: now,
    })
    .execute();
  return { token, userId: user.id };
}

let created = 0;

/** A brand-new student (no courses, empty wallet) with a bearer token, for tests that need a clean slate. */
export async function newStudent(db: Kysely<DB>): Promise<{ token: string; userId: number }> {
  created += 1;
  const now = new Date().toISOString();
  const grade = await db.selectFrom('grades').select('id').executeTakeFirstOrThrow();
  const tag = `${Date.now()}${created}`;
  await db
    .insertInto('users')
    .values({
      name: `طالب ${created}`,
      email: `fresh${tag}@dars.test`,
      phone: `015${tag.slice(-8)}`,
      password_hash: 'x',
      grade_id: grade.id,
      avatar_path: null,
      group_id: null,
      email_verified_at: now,
      balance: 0,
      wallet_address: `DWT${tag}`,
      center_name: null,
      profile_qr_code: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return tokenFor(db, `fresh${tag}@dars.test`);
}
