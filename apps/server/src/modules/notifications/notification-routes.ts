import type { FastifyPluginAsync } from 'fastify';
import {
  markNotificationsReadResponseSchema,
  registerPushDeviceBodySchema,
  registerPushDeviceResponseSchema,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { ZodTypeProvider } from '../../plugins/zod';
import { requireAuth } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { bindPushDevice } from './push-devices';
import { markAllRead } from './notification-service';

export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRequest', requireAuth);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    r.post(
      '/notifications/read',
      { schema: { response: { 200: markNotificationsReadResponseSchema } } },
      async (request) => {
        const row = await request.requireUser();
        await markAllRead(db, row.id);
        return { notifications_count: 0 as const };
      },
    );

    r.post(
      '/notifications/create',
      {
        schema: {
          body: registerPushDeviceBodySchema,
          response: { 200: registerPushDeviceResponseSchema },
        },
      },
      async (request) => {
        const { user, tokenId } = await request.requireSession();
        if (
          !(await bindPushDevice(
            db,
            request.body.device_token,
            user.id,
            tokenId,
            request.client.platform,
          ))
        )
          throw new AppError('FORBIDDEN', 'هذا الجهاز مسجّل لحساب آخر، سجّل الخروج منه أولاً');
        return { message: 'تم تفعيل الإشعارات على هذا الجهاز' };
      },
    );
  };
