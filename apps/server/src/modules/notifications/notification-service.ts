import { sql, type Kysely, type Selectable } from 'kysely';
import type { Notification, NotificationData } from '@dars/contract';
import type { DB, NotificationsTable } from '../../db/schema';
import { nowIso } from '../../lib/time';

/** How many recent notifications travel with the user; the bell shows them 10 at a time. */
export const USER_NOTIFICATIONS_LIMIT = 50;

/**
 * Stores a notification for one student. `type` is the server's kind of record; `data.type`
 * is what the client shows (spec §3).
 * @example await notify(db, userId, { type: 'recharge', title: 'تم شحن رصيدك', content: '…', to: '/wallet' })
 */
export async function notify(
  db: Kysely<DB>,
  userId: number,
  data: NotificationData,
  type = 'default',
): Promise<string> {
  const { id } = await db
    .insertInto('notifications')
    .values({
      user_id: userId,
      type,
      data: JSON.stringify(data),
      read_at: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(id);
}

/** The student's newest notifications (at most USER_NOTIFICATIONS_LIMIT), newest first, as a query. */
export function recentQuery(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('notifications')
    .select(['id', 'type', 'data', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(sql.lit(USER_NOTIFICATIONS_LIMIT));
}

/** The count of the student's unread notifications, as a query (a scalar subquery elsewhere). */
export function unreadQuery(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
}

export type NotificationRow = Pick<
  Selectable<NotificationsTable>,
  'id' | 'type' | 'data' | 'read_at' | 'created_at'
>;

/** A stored notification as the client reads it (spec §3): the id a string, `read` a flag. */
export function notificationView(r: NotificationRow): Notification {
  return {
    id: String(r.id),
    type: r.type,
    data: JSON.parse(r.data) as NotificationData,
    read: r.read_at !== null,
    created_at: r.created_at,
  };
}

export async function unreadCount(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await unreadQuery(db, userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks every unread notification of the student read. */
export async function markAllRead(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/**
 * Marks read the student's unread notifications of a kind that lead to one page (a support
 * ticket's `ticket_reply` notifications lead to its conversation, ADR 039), when the student
 * has seen that page some other way than through the bell.
 * @example await markReadLeadingTo(db, userId, 'ticket_reply', '/messages/7')
 */
export async function markReadLeadingTo(
  db: Kysely<DB>,
  userId: number,
  type: string,
  to: string,
): Promise<void> {
  const unread = await db
    .selectFrom('notifications')
    .select(['id', 'data'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('read_at', 'is', null)
    .execute();
  const ids = unread
    .filter((r) => (JSON.parse(r.data) as Partial<NotificationData>).to === to)
    .map((r) => r.id);
  if (ids.length === 0) return;
  await db
    .updateTable('notifications')
    .set({ read_at: nowIso() })
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}
