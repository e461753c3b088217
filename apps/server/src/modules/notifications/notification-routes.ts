import type { FastifyPluginAsync } from 'fastify';
import {
  markNotificationsReadResponseSchema,
  registerPushDeviceBodySchema,
  registerPushDeviceResponseSchema,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { ZodTypeProvider } from '../../plugins/zod';
import { requireAuth } from '../../plugins/auth';
import { nowIso } from '../../lib/time';
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
        const row = await request.requireUser();
        // A device that changes hands follows its new owner.
        await db
          .insertInto('push_devices')
          .values({
            user_id: row.id,
            platform: request.client.platform,
            device_token: request.body.device_token,
            created_at: nowIso(),
          })
          .onConflict((oc) =>
            oc
              .column('device_token')
              .doUpdateSet({ user_id: row.id, platform: request.client.platform }),
          )
          .execute();
        return { message: 'تم تفعيل الإشعارات على هذا الجهاز' };
      },
    );
  };
