import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { homeData } from './home-service';

export const homeRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serve(app, endpoints.getHome, async (request) => ({
      data: await homeData(ctx.db, (await request.requireUser()).id),
    }));
  };
