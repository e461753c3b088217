import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { getSettings } from './settings-service';

export const settingsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serve(app, endpoints.getApp, async () => ({ data: await getSettings(ctx.db) }));
  };
