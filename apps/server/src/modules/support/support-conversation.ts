import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import {
  API_BASE,
  SUPPORT_MESSAGES,
  SUPPORT_TICKETS_PAGE_SIZE,
  supportConversationPath,
  supportReference,
  type GuestSupportConversation,
  type ListSupportTicketsResponse,
  type SupportConversation,
  type SupportMessage,
  type SupportTicketSummary,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { HOUR, enforce, hit, isExhausted } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { hashToken } from '../../lib/tokens';
import { markReadLeadingTo, unreadCount } from '../notifications/notification-service';
import { stateOf } from './support-service';
import type { RowOf } from '../../db/list-page';

// A ticket's conversation for its sender (issue 24, ADR 039): the opening message (the ticket's
// own content), then the thread of `support_ticket_replies`, staff and sender alike, oldest
// first. A student reaches their own tickets by id; a guest reaches theirs by a follow link's
// random token, of which only the hash is stored.

type Conn = Kysely<DB> | Transaction<DB>;

/** The longest preview of the newest message in «رسائلي». */
const PREVIEW_LENGTH = 140;
/** Wrong follow tokens one address may try in an hour before it waits (ADR 039: Limits). */
export const WRONG_FOLLOW_TOKENS = { limit: 20, windowMs: HOUR };
/** Messages one student, or one guest address, may write in an hour. */
const REPLIES = { limit: 30, windowMs: HOUR };

function notFound(): AppError {
  return new AppError('NOT_FOUND', SUPPORT_MESSAGES.notFound);
}

function closed(): AppError {
  return new AppError('CONFLICT', SUPPORT_MESSAGES.closed);
}

/** When the newest message was written: the newest reply's time, else the ticket's. */
function lastActivity(eb: ExpressionBuilder<DB & { t: DB['support_tickets'] }, 't'>) {
  return eb.fn.coalesce(
    eb
      .selectFrom('support_ticket_replies as r')
      .select((x) => x.fn.max('r.created_at').as('m'))
      .whereRef('r.ticket_id', '=', 't.id'),
    eb.ref('t.created_at'),
  );
}

function ticketsQuery(db: Conn) {
  return db.selectFrom('support_tickets as t').select((eb) => [
    't.id',
    't.user_id',
    't.title',
    't.content',
    't.status',
    't.created_at',
    't.closed_at',
    lastActivity(eb).as('last_activity_at'),
    eb
      .selectFrom('support_ticket_replies as r')
      .select('r.content')
      .whereRef('r.ticket_id', '=', 't.id')
      .orderBy('r.id', 'desc')
      .limit(1)
      .as('last_content'),
    // A staff message after the last one the student opened.
    eb
      .exists(
        eb
          .selectFrom('support_ticket_replies as r')
          .select('r.id')
          .whereRef('r.ticket_id', '=', 't.id')
          .where('r.author', '=', 'staff')
          .where('r.id', '>', eb.fn.coalesce('t.student_seen_reply_id', eb.lit(0))),
      )
      .as('unread'),
  ]);
}

type TicketRow = RowOf<typeof ticketsQuery>;

function previewOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
}

function summaryView(r: TicketRow): SupportTicketSummary {
  return {
    id: r.id,
    reference: supportReference(r.id),
    title: r.title,
    preview: previewOf(r.last_content ?? r.content),
    state: stateOf(r.status),
    // SQLite answers 0/1, PostgreSQL a boolean.
    unread: Number(r.unread) === 1,
    created_at: r.created_at,
    last_activity_at: String(r.last_activity_at),
  };
}

async function messagesOf(db: Conn, ticketId: number): Promise<SupportMessage[]> {
  const rows = await db
    .selectFrom('support_ticket_replies')
    .select(['id', 'author', 'author_name', 'content', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map((r) => {
    const staff = r.author === 'staff';
    return {
      id: r.id,
      from: staff ? 'staff' : 'sender',
      staff_name: staff ? r.author_name : null,
      content: r.content,
      created_at: r.created_at,
    };
  });
}

async function conversationView(db: Conn, r: TicketRow): Promise<SupportConversation> {
  return {
    ...summaryView(r),
    content: r.content,
    messages: await messagesOf(db, r.id),
    closed_at: r.closed_at,
  };
}

// ---------------------------------------------------------------------------------------------
// The signed-in student

/** The student's own ticket, or 404 (another student's reads exactly like an unknown id). */
async function ownTicket(db: Conn, userId: number, id: number): Promise<TicketRow> {
  const row = await ticketsQuery(db)
    .where('t.id', '=', id)
    .where('t.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * GET /support-tickets: a page of the student's tickets, newest activity first. Pages by
 * number: a ticket that gets a message while the student scrolls moves to the top, and the
 * client keeps each ticket once.
 */
export async function listOwnTickets(
  db: Kysely<DB>,
  userId: number,
  page: number,
): Promise<ListSupportTicketsResponse> {
  const perPage = SUPPORT_TICKETS_PAGE_SIZE;
  const rows = await ticketsQuery(db)
    .where('t.user_id', '=', userId)
    .orderBy((eb) => lastActivity(eb), 'desc')
    .orderBy('t.id', 'desc')
    .limit(perPage + 1)
    .offset((page - 1) * perPage)
    .execute();
  return {
    data: rows.slice(0, perPage).map(summaryView),
    links: {
      next: rows.length > perPage ? `${API_BASE}/support-tickets?page=${page + 1}` : null,
      prev: page > 1 ? `${API_BASE}/support-tickets?page=${page - 1}` : null,
    },
    meta: { current_page: page, per_page: perPage },
  };
}

/** GET /support-tickets/:id: the student's own ticket and its conversation. */
export async function ownConversation(
  db: Kysely<DB>,
  userId: number,
  id: number,
): Promise<SupportConversation> {
  return conversationView(db, await ownTicket(db, userId, id));
}

/**
 * Adds the sender's message: refused (409) on a closed ticket, and an answered ticket is open
 * again. One conditional update decides, so a close that lands first wins and nothing is kept.
 */
async function addSenderMessage(
  trx: Transaction<DB>,
  ticketId: number,
  author: 'student' | 'guest',
  name: string,
  content: string,
): Promise<number> {
  const reopened = await trx
    .updateTable('support_tickets')
    .set({ status: 'open' })
    .where('id', '=', ticketId)
    .where('status', '!=', 'closed')
    .executeTakeFirst();
  if (Number(reopened.numUpdatedRows) !== 1) throw closed();
  const { id } = await trx
    .insertInto('support_ticket_replies')
    .values({
      ticket_id: ticketId,
      author,
      staff_user_id: null,
      author_name: name,
      content,
      emailed_to: null,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** POST /support-tickets/:id/messages: the student writes in their own ticket. */
export async function replyAsStudent(
  db: Kysely<DB>,
  user: UserRow,
  id: number,
  content: string,
): Promise<SupportConversation> {
  await ownTicket(db, user.id, id);
  await enforce(db, `support-reply:account:${user.id}`, REPLIES);
  return db.transaction().execute(async (trx) => {
    const messageId = await addSenderMessage(trx, id, 'student', user.name, content);
    // Writing, the student has seen everything before.
    await trx
      .updateTable('support_tickets')
      .set({ student_seen_reply_id: messageId })
      .where('id', '=', id)
      .execute();
    return conversationView(trx, await ownTicket(trx, user.id, id));
  });
}

/**
 * POST /support-tickets/:id/read: the student has seen the whole thread; the notifications of
 * its staff replies are read with it. Answers the bell's new count.
 */
export async function markOwnTicketRead(
  db: Kysely<DB>,
  userId: number,
  id: number,
): Promise<number> {
  await ownTicket(db, userId, id);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('support_tickets')
      .set((eb) => ({
        student_seen_reply_id: eb
          .selectFrom('support_ticket_replies as r')
          .select((x) => x.fn.max('r.id').as('m'))
          .where('r.ticket_id', '=', id),
      }))
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
    await markReadLeadingTo(trx, userId, 'ticket_reply', supportConversationPath(id));
  });
  return unreadCount(db, userId);
}

// ---------------------------------------------------------------------------------------------
// Guests, by follow link

function guestView(conversation: SupportConversation): GuestSupportConversation {
  const { unread: _unread, ...rest } = conversation;
  return rest;
}

/**
 * The guest ticket a follow token opens. An address that has tried too many wrong tokens in
 * the hour waits (429), whatever it sends now; each wrong one counts (404).
 */
async function followedTicket(db: Conn, ip: string, token: string): Promise<TicketRow> {
  const key = `support-follow:address:${ip}`;
  if (await isExhausted(db, key, WRONG_FOLLOW_TOKENS))
    throw new AppError('TOO_MANY_REQUESTS', SUPPORT_MESSAGES.tooManyFollow);
  const row = await ticketsQuery(db)
    .innerJoin('support_follow_tokens as f', 'f.ticket_id', 't.id')
    .where('f.token_hash', '=', hashToken(token))
    .where('t.user_id', 'is', null)
    .executeTakeFirst();
  if (!row) {
    await hit(db, key, WRONG_FOLLOW_TOKENS);
    throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.followNotFound);
  }
  return row;
}

/** GET /support/follow/:token: the guest's conversation. */
export async function followConversation(
  db: Kysely<DB>,
  ip: string,
  token: string,
): Promise<GuestSupportConversation> {
  return guestView(await conversationView(db, await followedTicket(db, ip, token)));
}

/** POST /support/follow/:token/messages: the guest writes in their ticket. */
export async function replyAsGuest(
  db: Kysely<DB>,
  ip: string,
  token: string,
  content: string,
): Promise<GuestSupportConversation> {
  const ticket = await followedTicket(db, ip, token);
  await enforce(db, `support-reply:address:${ip}`, REPLIES);
  const sender = await db
    .selectFrom('support_tickets')
    .select('name')
    .where('id', '=', ticket.id)
    .executeTakeFirstOrThrow();
  return db.transaction().execute(async (trx) => {
    await addSenderMessage(trx, ticket.id, 'guest', sender.name ?? '', content);
    const row = await ticketsQuery(trx).where('t.id', '=', ticket.id).executeTakeFirstOrThrow();
    return guestView(await conversationView(trx, row));
  });
}
