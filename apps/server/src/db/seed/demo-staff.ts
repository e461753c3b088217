import type { Kysely } from 'kysely';
import { STAFF_GROUP_IDS } from '@dars/contract';
import type { DB } from '../schema';
import { insertUser } from '../../modules/auth/auth-service';

/** The README's staff logins (ADR 022): one admin, one leader; the demo password. */
export const DEMO_STAFF = [
  { name: 'مدير المنصة', email: 'admin@dars.test', phone: '01000000001', role: 'admin' },
  { name: 'مشرف المحتوى', email: 'leader@dars.test', phone: '01000000002', role: 'leader' },
] as const;

/** Adds the demo's admin and leader; they sign in to the staff console at /staff. */
export async function seedDemoStaff(
  db: Kysely<DB>,
  passwordHash: string,
  daysAgo: (days: number) => string,
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
    ids.push(user.id);
  }
  return ids;
}
