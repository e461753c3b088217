import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { createTicket } from './support-service';

export const supportRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serve(app, endpoints.createSupportTicket, async (request) => {
      const from = {
        user: await request.currentUser(),
        ip: request.ip,
        platform: request.client.platform,
      };
      return { data: { id: await createTicket(ctx.db, from, request.body) } };
    });
  };
