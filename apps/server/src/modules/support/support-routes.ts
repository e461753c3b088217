import type { FastifyPluginAsync } from 'fastify';
import { endpoints, guestSupportTicketBodySchema } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { validate } from '../../lib/validate';

export const supportRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;

    serve(app, endpoints.createSupportTicket, async (request) => {
      const user = await request.currentUser();
      await enforce(db, user ? `support:account:${user.id}` : `support:address:${request.ip}`, {
        limit: user ? 20 : 10,
        windowMs: HOUR,
      });
      // A guest must say who they are; a student is known by the account.
      const body = user ? request.body : validate(guestSupportTicketBodySchema, request.body);
      const { id } = await db
        .insertInto('support_tickets')
        .values({
          user_id: user?.id ?? null,
          title: body.title,
          content: body.content,
          name: user ? null : (body.name ?? null),
          email: user ? null : (body.email ?? null),
          phone: user ? null : (body.phone ?? null),
          platform: request.client.platform,
          status: 'open',
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { data: { id } };
    });
  };
