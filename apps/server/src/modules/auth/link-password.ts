import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/time';

/**
 * The last step of a set-password link (a staff invitation, a student's link): uses the link's
 * one-time code up and sets the account's password, in the caller's transaction. The use is
 * conditional, so of two tabs racing with one link only one sets the password; false (and no
 * password set) for the other, which the caller answers as a used link.
 * @example if (!(await consumeLinkSettingPassword(trx, live.id, live.user_id, hash))) throw invalid();
 */
export async function consumeLinkSettingPassword(
  trx: Transaction<DB>,
  codeId: number,
  userId: number,
  passwordHash: string,
): Promise<boolean> {
  const used = await trx
    .updateTable('one_time_codes')
    .set({ used_at: nowIso() })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) !== 1) return false;
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  return true;
}
