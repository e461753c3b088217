import type { z } from 'zod';
import {
  STAFF_SUPPORT_MESSAGES,
  supportConversationPath,
  supportFollowPath,
  supportReference,
  type StaffSupportReply,
  type StaffSupportTicket,
  type StaffSupportTicketDetail,
  type staffSupportTicketListQuerySchema,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { notify } from '../notifications/notification-service';
import { issueFollowToken, stateOf } from './support-service';
import { conflict, writeAudit, type Actor, type Db, type Trx } from '../../db/audited-change';
import { matches, selectedPage, sortOf, type RowOf } from '../../db/list-page';
import { inScope, type TeacherScope } from '../../db/teacher-scope';

// The support inbox for leaders and admins (issue 13, ADR 031): student and guest tickets, the
// thread (the sender's messages and the staff replies, ADR 039), close and reopen. A student is
// told of a reply by a `ticket_reply` notification that opens the conversation in «رسائلي»; a
// guest has no account, so the reply is e-mailed with a follow link to the conversation.

const M = STAFF_SUPPORT_MESSAGES;

function notFoundTicket(): AppError {
  return new AppError('NOT_FOUND', M.notFound);
}

function ticketsQuery(db: Db | Trx) {
  return db
    .selectFrom('support_tickets as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('users as c', 'c.id', 't.closed_by')
    .leftJoin('courses as course', 'course.id', 't.course_id')
    .select((eb) => [
      'course.id as course_id',
      'course.name as course_name',
      't.id',
      't.title',
      't.content',
      't.status',
      't.user_id',
      't.platform',
      't.created_at',
      't.closed_at',
      't.name as guest_name',
      't.email as guest_email',
      't.phone as guest_phone',
      'u.name as user_name',
      'u.email as user_email',
      'u.phone as user_phone',
      'c.id as closer_id',
      'c.name as closer_name',
      eb
        .selectFrom('support_ticket_replies as r')
        .select((x) => x.fn.countAll<number>().as('n'))
        .whereRef('r.ticket_id', '=', 't.id')
        .as('replies_count'),
      eb
        .selectFrom('support_ticket_replies as r')
        .select((x) => x.fn.max('r.created_at').as('m'))
        .whereRef('r.ticket_id', '=', 't.id')
        .as('last_reply_at'),
    ]);
}

type TicketRow = RowOf<typeof ticketsQuery>;

function ticketView(r: TicketRow): StaffSupportTicket {
  // A guest's ticket carries what they typed; a student's is read from the account.
  const guest = r.user_id === null;
  return {
    id: r.id,
    reference: supportReference(r.id),
    title: r.title,
    content: r.content,
    status: stateOf(r.status),
    kind: guest ? 'guest' : 'student',
    user_id: r.user_id,
    name: guest ? r.guest_name : r.user_name,
    email: guest ? r.guest_email : r.user_email,
    phone: guest ? r.guest_phone : r.user_phone,
    platform: r.platform,
    replies_count: Number(r.replies_count ?? 0),
    last_reply_at: (r.last_reply_at as string | null) ?? null,
    created_at: r.created_at,
    closed_at: r.closed_at,
    closed_by: r.closer_id === null ? null : { id: r.closer_id, name: r.closer_name ?? '' },
    course: r.course_id === null ? null : { id: r.course_id, name: r.course_name ?? '' },
  };
}

/**
 * The inbox by status, kind, course and text; by id unless asked otherwise (`order=desc`:
 * newest first). A teacher's (`scope`, ADR 048) holds the tickets about their courses only.
 */
export async function listTickets(
  db: Db,
  query: z.output<typeof staffSupportTicketListQuerySchema>,
  scope: TeacherScope = null,
) {
  let base = ticketsQuery(db);
  if (scope !== null) base = base.where(inScope('support-ticket', scope, 't.id'));
  if (query.course_id !== undefined) base = base.where('t.course_id', '=', query.course_id);
  if (query.status !== undefined) base = base.where('t.status', '=', query.status);
  if (query.kind === 'guest') base = base.where('t.user_id', 'is', null);
  if (query.kind === 'student') base = base.where('t.user_id', 'is not', null);
  if (query.q) {
    const q = query.q;
    // A reference as the sender quotes it: `S-00042`, `s42` or `42`.
    const reference = /^\s*(?:S-?)?0*(\d{1,9})\s*$/i.exec(q)?.[1];
    base = base.where((eb) =>
      eb.or([
        ...(reference === undefined ? [] : [eb('t.id', '=', Number(reference))]),
        matches('t.title', q),
        matches('t.content', q),
        matches('t.name', q),
        matches('t.email', q),
        matches('t.phone', q),
        matches('u.name', q),
        matches('u.email', q),
        matches('u.phone', q),
      ]),
    );
  }
  const sort = sortOf(query, ['id', 'created_at'] as const, 'id');
  const direction = sort.direction;
  const { rows, total } = await selectedPage(base, query, [`t.${sort.column}`, 't.id'], direction);
  return { data: rows.map(ticketView), meta: { total } };
}

/** One ticket with its replies, oldest first; undefined when there is none. */
export async function getTicket(
  db: Db | Trx,
  id: number,
): Promise<StaffSupportTicketDetail | undefined> {
  const row = await ticketsQuery(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const replies = await db
    .selectFrom('support_ticket_replies')
    .selectAll()
    .where('ticket_id', '=', id)
    .orderBy('id', 'asc')
    .execute();
  return {
    ...ticketView(row),
    replies: replies.map((r): StaffSupportReply => ({
      id: r.id,
      author: r.author === 'student' || r.author === 'guest' ? r.author : 'staff',
      name: r.author_name,
      staff: r.author === 'staff' ? { id: r.staff_user_id, name: r.author_name } : null,
      content: r.content,
      emailed_to: r.emailed_to,
      created_at: r.created_at,
    })),
  };
}

async function requireTicket(db: Db | Trx, id: number): Promise<StaffSupportTicketDetail> {
  const ticket = await getTicket(db, id);
  if (!ticket) throw notFoundTicket();
  return ticket;
}

/**
 * Closes a ticket that is not closed, or reopens a closed one (to `open`, waiting for staff):
 * one conditional update, so two closes close once.
 */
async function setStatus(
  trx: Trx,
  actor: Actor,
  id: number,
  status: 'open' | 'closed',
): Promise<boolean> {
  const result = await trx
    .updateTable('support_tickets')
    .set(
      status === 'closed'
        ? { status, closed_at: nowIso(), closed_by: actor.id }
        : { status, closed_at: null, closed_by: null },
    )
    .where('id', '=', id)
    .where('status', status === 'closed' ? '!=' : '=', 'closed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Stores a reply, tells the sender (a student's notification in the same transaction, leading
 * to the conversation; a guest's e-mail with a fresh follow link once it is stored), marks the
 * ticket answered (or closes it when asked; a closed one stays closed), and audits it.
 * `origin` is the school's address the console was reached at, for the guest's link.
 */
export async function replyToTicket(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'background'>,
  actor: Actor,
  id: number,
  body: { content: string; close?: boolean | undefined },
  origin: string,
): Promise<StaffSupportTicketDetail> {
  const { db } = ctx;
  const before = await requireTicket(db, id);
  const guestEmail = before.kind === 'guest' ? before.email : null;
  let followToken: string | null = null;
  const after = await db.transaction().execute(async (trx) => {
    const { id: replyId } = await trx
      .insertInto('support_ticket_replies')
      .values({
        ticket_id: id,
        author: 'staff',
        staff_user_id: actor.id,
        author_name: actor.name,
        content: body.content,
        emailed_to: guestEmail,
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (before.user_id !== null) {
      await notify(
        trx,
        before.user_id,
        {
          type: 'ticket_reply',
          title: `${M.replyTitle}: ${before.title}`,
          content: body.content,
          to: supportConversationPath(id),
        },
        'ticket_reply',
      );
    }
    // The server keeps only hashes, so each mail carries a link of its own.
    if (guestEmail) followToken = await issueFollowToken(trx, id);
    await trx
      .updateTable('support_tickets')
      .set({ status: 'answered' })
      .where('id', '=', id)
      .where('status', '!=', 'closed')
      .execute();
    if (body.close) await setStatus(trx, actor, id, 'closed');
    const now = (await getTicket(trx, id))!;
    await writeAudit(trx, actor, {
      action: 'reply',
      resource: 'support-tickets',
      resourceId: id,
      before: { status: before.status },
      after: { status: now.status, reply_id: replyId, content: body.content },
    });
    return now;
  });
  if (guestEmail && followToken) {
    const link = `${origin}${supportFollowPath(followToken)}`;
    const closedNote = after.status === 'closed' ? `\n${M.mailClosedNote}` : '';
    ctx.background.run('support reply mail', () =>
      ctx.mailer.send({
        to: guestEmail,
        subject: `${M.replyMailSubject}: ${before.title} (${before.reference})`,
        text: `${before.name ? `مرحباً ${before.name}،\n\n` : ''}${body.content}\n\n— ${
          actor.name
        }\n\n${M.mailFollow}\n${link}${closedNote}\n\n${M.mailReference}: ${before.reference}\nرسالتك: ${before.title}\n${before.content}`,
      }),
    );
  }
  return after;
}

/** Closes or reopens a ticket: 409 when it already is so; audited. */
export async function setTicketStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: 'open' | 'closed',
): Promise<StaffSupportTicketDetail> {
  await requireTicket(db, id);
  return db.transaction().execute(async (trx) => {
    if (!(await setStatus(trx, actor, id, status))) {
      throw conflict(status === 'closed' ? M.alreadyClosed : M.alreadyOpen);
    }
    await writeAudit(trx, actor, {
      action: status === 'closed' ? 'close' : 'reopen',
      resource: 'support-tickets',
      resourceId: id,
      before: { status: status === 'closed' ? 'open' : 'closed' },
      after: { status },
    });
    return (await getTicket(trx, id))!;
  });
}
