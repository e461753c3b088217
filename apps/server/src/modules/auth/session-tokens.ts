import type { Kysely, Selectable } from 'kysely';
import type { Platform } from '@dars/contract';
import { precompile } from '../../db/precompiled';
import type { DB, UsersTable } from '../../db/schema';
import { MINUTE } from '../../lib/rate-limit';
import { sessionCutoffs } from '../../lib/session-lifetime';
import { hashToken, newToken } from '../../lib/tokens';
import { nowIso } from '../../lib/time';
import type { SignInFrom } from '../../plugins/client-headers';
import { claimDevice } from './devices';

// Session lifetimes live in the base layer: push devices (notifications) ask whether a session
// is live without reaching up into auth.
export { SESSION_IDLE_MS, SESSION_MAX_MS, sessionCutoffs } from '../../lib/session-lifetime';
/** last_used_at is written at most this often per token, not on every request. */
export const LAST_USE_WRITE_EVERY_MS = 5 * MINUTE;

/**
 * Issues a bearer token for the account; only its hash is stored. Drops their dead sessions.
 * A student's sign-in is on a device (ADR 051): the device id the request sent, kept known, and
 * the school's limit of devices checked (403 DEVICE_LIMIT_REACHED), in one transaction; a staff
 * account has no devices. `from` is the request's `signInFrom()`; a bare platform is a client
 * that sent nothing else (no device id: the session counts as a device of its own).
 * @example const token = await issueToken(db, row.id, signInFrom(request))
 */
export async function issueToken(
  db: Kysely<DB>,
  userId: number,
  from: SignInFrom | Platform,
): Promise<string> {
  const client: SignInFrom =
    typeof from === 'string'
      ? { platform: from, version: null, device: null, userAgent: null, ip: null }
      : from;
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const cutoff = sessionCutoffs();
    await trx
      .deleteFrom('auth_tokens')
      .where('user_id', '=', userId)
      .where((eb) =>
        eb.or([eb('created_at', '<=', cutoff.created), eb('last_used_at', '<=', cutoff.used)]),
      )
      .execute();
    const account = await trx
      .selectFrom('users')
      .select('group_id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const deviceId = account.group_id === null ? await claimDevice(trx, userId, client, now) : null;
    await trx
      .insertInto('auth_tokens')
      .values({
        user_id: userId,
        token_hash: hashToken(token),
        platform: client.platform,
        created_at: now,
        last_used_at: now,
        device_id: deviceId,
        app_version: client.version,
        user_agent: client.userAgent,
        created_ip: client.ip,
        last_ip: client.ip,
      })
      .execute();
  });
  return token;
}

export type Session = { user: Selectable<UsersTable>; tokenId: number };

// Every signed-in call runs it: built and compiled once (db/precompiled.ts).
const sessionByHash = precompile((db, p: { hash: string }) =>
  db
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .selectAll('users')
    .select([
      'auth_tokens.id as token_id',
      'auth_tokens.created_at as token_created_at',
      'auth_tokens.last_used_at as token_last_used_at',
    ])
    .where('auth_tokens.token_hash', '=', p.hash)
    // A blocked student's tokens sign nobody in (ADR 029; blocking also deletes them).
    .where('users.blocked_at', 'is', null),
);

/**
 * The live session of a bearer token, or null when it is unknown, idle too long or too old
 * (a dead one is deleted, with the push devices it registered). Marks the token used, at most
 * once per LAST_USE_WRITE_EVERY_MS, with the address and app version it was used from (`seen`,
 * ADR 051: in the same statement, so no request writes more than before).
 * @example const session = await findSession(db, token)
 */
export async function findSession(
  db: Kysely<DB>,
  token: string,
  now: Date = new Date(),
  seen?: { ip: string | null; version: string | null },
): Promise<Session | null> {
  const row = await sessionByHash.executeTakeFirst(db, { hash: hashToken(token) });
  if (!row) return null;
  // The row is the user's, with its token's three columns beside them: handed on as it is (a
  // copy without them cost a quarter of this function on every signed-in request).
  const { token_id: tokenId, token_created_at: createdAt, token_last_used_at: usedAt } = row;
  const user: Selectable<UsersTable> = row;
  const cutoff = sessionCutoffs(now);
  if (createdAt <= cutoff.created || usedAt <= cutoff.used) {
    await db.deleteFrom('auth_tokens').where('id', '=', tokenId).execute();
    return null;
  }
  const stale = new Date(now.getTime() - LAST_USE_WRITE_EVERY_MS).toISOString();
  if (usedAt <= stale) {
    // Conditional, so parallel requests of one client write it once.
    await db
      .updateTable('auth_tokens')
      .set({
        last_used_at: now.toISOString(),
        ...(seen?.ip ? { last_ip: seen.ip } : {}),
        ...(seen?.version ? { app_version: seen.version } : {}),
      })
      .where('id', '=', tokenId)
      .where('last_used_at', '<=', stale)
      .execute();
  }
  return { user, tokenId };
}

/**
 * Ends one session (signing out on the device); the push devices it registered go with it
 * (foreign-key cascade). Its device stays known (ADR 051), with the session's last use.
 */
export async function revokeToken(db: Kysely<DB>, token: string): Promise<void> {
  const hash = hashToken(token);
  const session = await db
    .selectFrom('auth_tokens')
    .select(['device_id', 'last_used_at', 'last_ip'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (session?.device_id != null) {
    await db
      .updateTable('student_devices')
      .set({
        last_seen_at: session.last_used_at,
        ...(session.last_ip ? { last_ip: session.last_ip } : {}),
      })
      .where('id', '=', session.device_id)
      .where('last_seen_at', '<', session.last_used_at)
      .execute();
  }
  await db.deleteFrom('auth_tokens').where('token_hash', '=', hash).execute();
}

/**
 * Signs the student out everywhere, except on the device whose token is kept; every push
 * device registered by an ended session goes with it.
 */
export async function revokeAllTokens(
  db: Kysely<DB>,
  userId: number,
  keep?: string | null,
): Promise<void> {
  let q = db.deleteFrom('auth_tokens').where('user_id', '=', userId);
  if (keep) q = q.where('token_hash', '!=', hashToken(keep));
  await q.execute();
}
