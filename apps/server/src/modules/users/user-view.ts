import { sql, type Kysely } from 'kysely';
import { fromPiasters, type Grade, type User } from '@dars/contract';
import { precompile } from '../../db/precompiled';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { publicFileUrl } from '../../lib/public-url';
import {
  notificationView,
  recentQuery,
  unreadQuery,
  type NotificationRow,
} from '../notifications/notification-service';

/** The kinds of row userQuery answers: its one head row, a notification, a course. */
const HEAD = 0;
const NOTIFICATION = 1;
const COURSE = 2;

// Typed nulls, so the three parts of the union agree on their columns (PostgreSQL types an
// untyped null of the first two parts as text).
const nullText = sql<string | null>`cast(null as text)`;
const nullNumber = sql<number | null>`cast(null as integer)`;

/**
 * Everything the user view reads beside the user's own row, in one statement (it runs on every
 * screen: POST /auth/user): a head row with the grade's name (null without a grade) and the
 * unread count, then the newest notifications, then the course ids the student is enrolled in,
 * each row marked with its kind. The order of the rows is not the statement's: userView sorts
 * each kind itself.
 */
const userQuery = precompile((db, p: { userId: number; gradeId: number | null }) =>
  db
    .selectNoFrom([
      sql.lit(HEAD).as('kind'),
      p.gradeId === null
        ? nullText.as('grade_name')
        : db.selectFrom('grades').select('name').where('id', '=', p.gradeId).as('grade_name'),
      unreadQuery(db, p.userId).as('unread'),
      nullNumber.as('id'),
      nullText.as('type'),
      nullText.as('data'),
      nullText.as('read_at'),
      nullText.as('created_at'),
      nullNumber.as('course_id'),
    ])
    .unionAll(
      db
        .selectFrom(recentQuery(db, p.userId).as('n'))
        .select([
          sql.lit(NOTIFICATION).as('kind'),
          nullText.as('grade_name'),
          nullNumber.as('unread'),
          'n.id',
          'n.type',
          'n.data',
          'n.read_at',
          'n.created_at',
          nullNumber.as('course_id'),
        ]),
    )
    .unionAll(
      db
        .selectFrom('enrollments')
        .select([
          sql.lit(COURSE).as('kind'),
          nullText.as('grade_name'),
          nullNumber.as('unread'),
          nullNumber.as('id'),
          nullText.as('type'),
          nullText.as('data'),
          nullText.as('read_at'),
          'created_at',
          'course_id',
        ])
        .where('user_id', '=', p.userId),
    ),
);

/**
 * The signed-in student as the client sees them (spec §3). A profile is incomplete while it
 * lacks a grade (accounts created by staff), which sends the student to /profile. The
 * notifications are the newest first, the courses the latest enrolled first.
 * @example reply.send({ user: await userView(db, row) })
 */
export async function userView(db: Kysely<DB>, row: UserRow): Promise<User> {
  const rows = await userQuery.execute(db, { userId: row.id, gradeId: row.grade_id });
  let grade: Grade | null = null;
  let unread = 0;
  const notifications: NotificationRow[] = [];
  const courses: { course_id: number; created_at: string }[] = [];
  for (const r of rows) {
    const kind = Number(r.kind);
    if (kind === HEAD) {
      if (row.grade_id !== null && r.grade_name !== null) {
        grade = { id: row.grade_id, name: r.grade_name };
      }
      unread = Number(r.unread);
    } else if (kind === NOTIFICATION) {
      notifications.push(r as NotificationRow);
    } else {
      courses.push(r as { course_id: number; created_at: string });
    }
  }
  notifications.sort((a, b) => b.id - a.id);
  // Stable: enrollments of the same moment keep the order the database gave them.
  courses.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  return {
    id: row.id,
    name: row.name,
    // A student brought in without one (ADR 052): empty, which the profile asks them to fill.
    email: row.email ?? '',
    phone: row.phone,
    avatar: publicFileUrl(row.avatar_path),
    grade,
    groupId: row.group_id,
    balance: fromPiasters(row.balance),
    notifications: notifications.map(notificationView),
    notifications_count: unread,
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
