import type { FastifyPluginAsync } from 'fastify';
import { getAppResponseSchema } from '@dars/contract';
import type { ZodTypeProvider } from '../../plugins/zod';
import type { AppContext } from '../../app-context';
import { getSettings } from './settings-service';

export const settingsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/app', { schema: { response: { 200: getAppResponseSchema } } }, async () => ({
      data: await getSettings(ctx.db),
    }));
  };
