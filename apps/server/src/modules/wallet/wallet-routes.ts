import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { walletPage } from './wallet-service';

export const walletRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serve(app, endpoints.getWallet, async (request) =>
      walletPage(ctx.db, await request.requireUser(), request.query.page),
    );
  };
