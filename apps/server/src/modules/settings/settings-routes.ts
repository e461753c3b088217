import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { offeredMethods } from '../payments/payment-methods';
import { getSettings } from './settings-service';

export const settingsRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serve(app, endpoints.getApp, async () => {
      const data = await getSettings(ctx.db);
      // Only what can really be used here: a gateway without credentials is not offered.
      data.recharge_info.supported_methods = await offeredMethods(
        ctx,
        data.recharge_info.supported_methods,
      );
      return { data };
    });
  };
