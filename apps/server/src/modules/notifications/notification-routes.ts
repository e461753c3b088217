import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { AppError } from '../../lib/app-error';
import { bindPushDevice } from './push-devices';
import { markAllRead } from './notification-service';

export const notificationRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;

    serve(app, endpoints.markNotificationsRead, async (request) => {
      const row = await request.requireUser();
      await markAllRead(db, row.id);
      return { notifications_count: 0 as const };
    });

    serve(app, endpoints.registerPushDevice, async (request) => {
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
    });
  };
