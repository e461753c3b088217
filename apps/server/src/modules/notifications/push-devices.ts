import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { sessionCutoffs } from '../../lib/session-lifetime';

/**
 * Binds a push device to the session that registers it. A device stays with its first owner
 * until that owner's session ends (logout, logout everywhere, a password reset or expiry:
 * the row goes with the token by foreign-key cascade), so posting another student's
 * device_token cannot move their notifications to you. The same owner may re-register it
 * from a newer session. Returns false when the device belongs to someone else's live session.
 * @example if (!(await bindPushDevice(db, token, user.id, tokenId, 'android'))) throw …
 */
export async function bindPushDevice(
  db: Kysely<DB>,
  deviceToken: string,
  userId: number,
  tokenId: number,
  platform: string,
): Promise<boolean> {
  const cutoff = sessionCutoffs();
  const row = await db
    .insertInto('push_devices')
    .values({
      user_id: userId,
      platform,
      device_token: deviceToken,
      auth_token_id: tokenId,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc
        .column('device_token')
        .doUpdateSet({ user_id: userId, platform, auth_token_id: tokenId })
        // Atomic: the check and the move are one statement, so two claimants cannot both win.
        .where((eb) =>
          eb.or([
            eb('push_devices.user_id', '=', userId),
            eb('push_devices.auth_token_id', 'is', null),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('auth_tokens')
                  .select(sql<number>`1`.as('one'))
                  .whereRef('auth_tokens.id', '=', 'push_devices.auth_token_id')
                  .where('auth_tokens.created_at', '>', cutoff.created)
                  .where('auth_tokens.last_used_at', '>', cutoff.used),
              ),
            ),
          ]),
        ),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
