import type { Kysely, Transaction } from 'kysely';
import {
  guestSupportTicketBodySchema,
  SUPPORT_MESSAGES,
  supportFollowPath,
  supportReference,
  type Platform,
  type CreateSupportTicketBody,
  type CreateSupportTicketResponse,
  type SupportTicketState,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { validate } from '../../lib/validate';
import { hashToken, newToken } from '../../lib/tokens';

/**
 * POST /support-tickets: a student is known by the account; a guest must say who they are.
 * Rate-limited per account, or per address for guests. Answers the ticket's id, its reference
 * and, for a guest, the follow link with a fresh token (ADR 039).
 */
export async function createTicket(
  db: Kysely<DB>,
  from: { user: UserRow | null; ip: string; platform: Platform },
  input: CreateSupportTicketBody,
): Promise<CreateSupportTicketResponse['data']> {
  const { user } = from;
  await enforce(db, user ? `support:account:${user.id}` : `support:address:${from.ip}`, {
    limit: user ? 20 : 10,
    windowMs: HOUR,
  });
  const body = user ? input : validate(guestSupportTicketBodySchema, input);
  // A student's ticket may be about one of their courses (its teachers see it, ADR 048).
  const courseId = user ? (input.course_id ?? null) : null;
  if (courseId !== null) {
    const joined = await db
      .selectFrom('enrollments')
      .select('course_id')
      .where('user_id', '=', user!.id)
      .where('course_id', '=', courseId)
      .executeTakeFirst();
    if (!joined) {
      throw new AppError('VALIDATION_FAILED', SUPPORT_MESSAGES.courseNotYours, {
        course_id: [SUPPORT_MESSAGES.courseNotYours],
      });
    }
  }
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('support_tickets')
      .values({
        user_id: user?.id ?? null,
        title: body.title,
        content: body.content,
        name: user ? null : (body.name ?? null),
        email: user ? null : (body.email ?? null),
        phone: user ? null : (body.phone ?? null),
        platform: from.platform,
        course_id: courseId,
        status: 'open',
        created_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = user ? null : await issueFollowToken(trx, id);
    return {
      id,
      reference: supportReference(id),
      follow_path: token === null ? null : supportFollowPath(token),
    };
  });
}

/** A stored status as a state; anything unknown is a ticket waiting for staff. */
export function stateOf(status: string): SupportTicketState {
  return status === 'answered' || status === 'closed' ? status : 'open';
}

/**
 * Stores a new follow token for a ticket and returns the token itself (never stored): the
 * only moment it exists in the clear.
 */
export async function issueFollowToken(
  db: Kysely<DB> | Transaction<DB>,
  ticketId: number,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('support_follow_tokens')
    .values({ ticket_id: ticketId, token_hash: hashToken(token), created_at: nowIso() })
    .execute();
  return token;
}
