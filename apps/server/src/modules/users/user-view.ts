import type { Kysely } from 'kysely';
import { fromPiasters, type User } from '@dars/contract';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { publicFileUrl } from '../../lib/public-url';
import { recentNotifications, unreadCount } from '../notifications/notification-service';

/**
 * The signed-in student as the client sees them (spec §3). A profile is incomplete while it
 * lacks a grade (accounts created by staff), which sends the student to /profile.
 * @example reply.send({ user: await userView(db, row) })
 */
export async function userView(db: Kysely<DB>, row: UserRow): Promise<User> {
  const [grade, notifications, notificationsCount, courses] = await Promise.all([
    row.grade_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('grades')
          .select(['id', 'name'])
          .where('id', '=', row.grade_id)
          .executeTakeFirst(),
    recentNotifications(db, row.id),
    unreadCount(db, row.id),
    db
      .selectFrom('enrollments')
      .select('course_id')
      .where('user_id', '=', row.id)
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  return {
    id: row.id,
    name: row.name,
    // A student brought in without one (ADR 052): empty, which the profile asks them to fill.
    email: row.email ?? '',
    phone: row.phone,
    avatar: publicFileUrl(row.avatar_path),
    grade: grade ?? null,
    groupId: row.group_id,
    balance: fromPiasters(row.balance),
    notifications,
    notifications_count: notificationsCount,
    email_verified_at: row.email_verified_at,
    profile_not_completed: row.grade_id === null,
    my_courses: courses.map((c) => c.course_id),
    profile_qr_code: row.profile_qr_code,
    center_name: row.center_name,
  };
}

export async function findUserRow(db: Kysely<DB>, id: number): Promise<UserRow> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
