import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { createTicket } from './support-service';
import {
  followConversation,
  listOwnTickets,
  markOwnTicketRead,
  ownConversation,
  replyAsGuest,
  replyAsStudent,
} from './support-conversation';

export const supportRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serve(app, endpoints.createSupportTicket, async (request) => {
      const from = {
        user: await request.currentUser(),
        ip: request.ip,
        platform: request.client.platform,
      };
      return { data: await createTicket(ctx.db, from, request.body) };
    });

    // The conversation (issue 24, ADR 039): the student's own tickets by id…
    serve(app, endpoints.listSupportTickets, async (request) => {
      const user = await request.requireUser();
      return listOwnTickets(ctx.db, user.id, request.query.page);
    });
    serve(app, endpoints.getSupportTicket, async (request) => {
      const user = await request.requireUser();
      return { data: await ownConversation(ctx.db, user.id, request.params.id) };
    });
    serve(app, endpoints.replySupportTicket, async (request) => {
      const user = await request.requireUser();
      return {
        data: await replyAsStudent(ctx.db, user, request.params.id, request.body.content),
      };
    });
    serve(app, endpoints.markSupportTicketRead, async (request) => {
      const user = await request.requireUser();
      const count = await markOwnTicketRead(ctx.db, user.id, request.params.id);
      return {
        data: { id: request.params.id, unread: false as const },
        notifications_count: count,
      };
    });

    // …and a guest's by the token of a follow link, with or without an account.
    serve(app, endpoints.getGuestSupportTicket, async (request) => ({
      data: await followConversation(ctx.db, request.ip, request.params.token),
    }));
    serve(app, endpoints.replyGuestSupportTicket, async (request) => ({
      data: await replyAsGuest(ctx.db, request.ip, request.params.token, request.body.content),
    }));
  };
