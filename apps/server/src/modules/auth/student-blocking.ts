import type { StaffStudentDetail } from '@dars/contract';
import { STAFF_PEOPLE_MESSAGES as M } from '@dars/contract';
import { conflict, writeAudit, type Actor, type Db } from '../../db/audited-change';
import { getStudent, requireStudent } from '../users/student-admin';
import { setBlocked } from '../users/user-blocking';
import { revokeAllTokens } from './session-tokens';

// Blocking a student (issue 13, ADR 022 «People») is the users table's flag and the end of
// every session the student holds: auth's, as it owns the sessions and sits above users.

/**
 * Blocks a student: every session ends in the same transaction (so the next call of any of
 * their tokens is a 401), and sign-in is refused with an Arabic message until unblocked.
 */
export async function blockStudent(
  db: Db,
  actor: Actor,
  id: number,
  reason: string | null,
): Promise<StaffStudentDetail> {
  return changeBlock(db, actor, id, { by: actor.id, reason });
}

export async function unblockStudent(
  db: Db,
  actor: Actor,
  id: number,
): Promise<StaffStudentDetail> {
  return changeBlock(db, actor, id, null);
}

/**
 * Blocks (`{ by, reason }`) or unblocks (null) in one transaction with its audit row; 409 when
 * the student already was so.
 */
async function changeBlock(
  db: Db,
  actor: Actor,
  id: number,
  block: { by: number | null; reason: string | null } | null,
): Promise<StaffStudentDetail> {
  return db.transaction().execute(async (trx) => {
    const before = await requireStudent(trx, id);
    const done = await setBlocked(trx, id, block);
    if (!done) throw conflict(block ? M.alreadyBlocked : M.notBlocked);
    if (block) await revokeAllTokens(trx, id);
    const after = (await getStudent(trx, id))!;
    await writeAudit(trx, actor, {
      action: block ? 'block' : 'unblock',
      resource: 'students',
      resourceId: id,
      before,
      after,
    });
    return after;
  });
}
