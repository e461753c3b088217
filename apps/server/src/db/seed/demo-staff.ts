import type { Kysely } from 'kysely';
import { STAFF_GROUP_IDS } from '@dars/contract';
import type { DB } from '../schema';
import { insertUser } from '../../modules/auth/auth-service';

/**
 * The README's staff logins (ADR 022, ADR 048): one admin, one leader, and one teacher working as
 * the demo's first teacher (`teacher`: their index among the demo teachers), whose courses sit
 * beside other teachers'; the demo password.
 */
export const DEMO_STAFF = [
  { name: 'مدير المنصة', email: 'admin@dars.test', phone: '01000000001', role: 'admin' },
  { name: 'مشرف المحتوى', email: 'leader@dars.test', phone: '01000000002', role: 'leader' },
  {
    name: 'أ. محمد عبد الحميد',
    email: 'teacher@dars.test',
    phone: '01000000003',
    role: 'teacher',
    teacher: 0,
  },
] as const;

/** Adds the demo's staff; they sign in to the staff console at /staff. */
export async function seedDemoStaff(
  db: Kysely<DB>,
  passwordHash: string,
  daysAgo: (days: number) => string,
  teacherIds: readonly number[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const member of DEMO_STAFF) {
    const user = await insertUser(db, {
      name: member.name,
      email: member.email,
      phone: member.phone,
      passwordHash,
      gradeId: null,
      emailVerifiedAt: daysAgo(90),
      createdAt: daysAgo(90),
    });
    await db
      .updateTable('users')
      .set({ group_id: STAFF_GROUP_IDS[member.role] })
      .where('id', '=', user.id)
      .execute();
    if ('teacher' in member) {
      await db
        .insertInto('teacher_logins')
        .values({ user_id: user.id, teacher_id: teacherIds[member.teacher]! })
        .execute();
    }
    ids.push(user.id);
  }
  return ids;
}
