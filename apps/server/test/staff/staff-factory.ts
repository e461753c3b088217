import type { Kysely } from 'kysely';
import { STAFF_GROUP_IDS, type StaffRole } from '@dars/contract';
import type { DB } from '../../src/db/schema';
import { makeStudent, type TestStudent } from '../factories/students';

/**
 * A signed-in staff member: a new account with the role's group (ADR 022), as
 * `npm run staff -- create-admin` or an admin would make it.
 * @example const admin = await makeStaff(server.db, 'admin')
 */
export async function makeStaff(
  db: Kysely<DB>,
  role: StaffRole,
  options: { password?: string; name?: string } = {},
): Promise<TestStudent> {
  const member = await makeStudent(db, { gradeId: null, ...options });
  await db
    .updateTable('users')
    .set({ group_id: STAFF_GROUP_IDS[role] })
    .where('id', '=', member.userId)
    .execute();
  return member;
}
