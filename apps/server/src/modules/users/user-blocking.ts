import type { Trx } from '../../db/audited-change';
import { nowIso } from '../../lib/time';

/**
 * Blocks (`{ by, reason }`) or unblocks (null) an account with one conditional update, so two
 * blocks block once: false when it already was so. Sign-in refuses a blocked account (auth).
 */
export async function setBlocked(
  trx: Trx,
  id: number,
  block: { by: number | null; reason: string | null } | null,
): Promise<boolean> {
  const now = nowIso();
  const done = await trx
    .updateTable('users')
    .set(
      block
        ? { blocked_at: now, blocked_reason: block.reason, blocked_by: block.by, updated_at: now }
        : { blocked_at: null, blocked_reason: null, blocked_by: null, updated_at: now },
    )
    .where('id', '=', id)
    .where('blocked_at', block ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}
