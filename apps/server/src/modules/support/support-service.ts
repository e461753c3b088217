import type { Kysely } from 'kysely';
import {
  guestSupportTicketBodySchema,
  type Platform,
  type CreateSupportTicketBody,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import type { UserRow } from '../../plugins/auth';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { validate } from '../../lib/validate';

/**
 * POST /support-tickets: a student is known by the account; a guest must say who they are.
 * Rate-limited per account, or per address for guests. Answers the ticket's id.
 */
export async function createTicket(
  db: Kysely<DB>,
  from: { user: UserRow | null; ip: string; platform: Platform },
  input: CreateSupportTicketBody,
): Promise<number> {
  const { user } = from;
  await enforce(db, user ? `support:account:${user.id}` : `support:address:${from.ip}`, {
    limit: user ? 20 : 10,
    windowMs: HOUR,
  });
  const body = user ? input : validate(guestSupportTicketBodySchema, input);
  const { id } = await db
    .insertInto('support_tickets')
    .values({
      user_id: user?.id ?? null,
      title: body.title,
      content: body.content,
      name: user ? null : (body.name ?? null),
      email: user ? null : (body.email ?? null),
      phone: user ? null : (body.phone ?? null),
      platform: from.platform,
      status: 'open',
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
