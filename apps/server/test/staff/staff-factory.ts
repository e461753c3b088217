import type { Kysely } from 'kysely';
import { STAFF_GROUP_IDS, type StaffMemberRole } from '@dars/contract';
import type { DB } from '../../src/db/schema';
import { makeStudent, type TestStudent } from '../factories/students';

/**
 * A signed-in staff member: a new account with the role's group (ADR 022), as
 * `npm run staff -- create-admin` or an admin would make it.
 * @example const admin = await makeStaff(server.db, 'admin')
 */
export async function makeStaff(
  db: Kysely<DB>,
  role: StaffMemberRole,
  options: { password?: string; name?: string; teacherId?: number } = {},
): Promise<TestStudent> {
  const { teacherId, ...student } = options;
  const member = await makeStudent(db, { gradeId: null, ...student });
  await db
    .updateTable('users')
    .set({ group_id: STAFF_GROUP_IDS[role] })
    .where('id', '=', member.userId)
    .execute();
  // A teacher's login works as one teacher profile (ADR 048).
  if (teacherId !== undefined) {
    await db
      .insertInto('teacher_logins')
      .values({ user_id: member.userId, teacher_id: teacherId })
      .execute();
  }
  return member;
}

/**
 * A student's mobile-wallet recharge waiting for review (ADR 018), claiming `piasters`; its id.
 * @example const id = await makePendingRecharge(server.db, student.userId, 4_000)
 */
export async function makePendingRecharge(
  db: Kysely<DB>,
  userId: number,
  piasters: number,
): Promise<number> {
  const row = await db
    .insertInto('mobile_payments')
    .values({
      user_id: userId,
      amount: piasters,
      payer_number: '01112345678',
      message: null,
      receipt_path: 'receipts/none.png',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
