import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { bearerToken } from '../../plugins/auth';
import { serve } from '../../plugins/endpoint';
import { userView } from '../users/user-view';
import { changeAvatar, changePassword, updateProfile } from './profile-service';
import { listDevices, signOutDevice, signOutOtherDevices } from '../auth/devices';

export const profileRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serve(app, endpoints.getProfile, async (request) => ({
      user: await userView(ctx.db, await request.requireUser()),
    }));

    serve(app, endpoints.updateProfile, async (request) => ({
      user: await updateProfile(ctx, await request.requireUser(), request.body),
    }));

    serve(app, endpoints.updateAvatar, async (request) => ({
      user: await changeAvatar(ctx, await request.requireUser(), request),
    }));

    // The student's devices and sessions (issue 28, ADR 051).
    serve(app, endpoints.getProfileDevices, async (request) => {
      const { user, tokenId } = await request.requireSession();
      return { data: await listDevices(ctx.db, user.id, tokenId) };
    });

    serve(app, endpoints.signOutProfileDevice, async (request) => {
      const { user, tokenId } = await request.requireSession();
      return signOutDevice(ctx.db, user.id, tokenId, request.body);
    });

    serve(app, endpoints.signOutOtherDevices, async (request) => {
      const { user, tokenId } = await request.requireSession();
      return signOutOtherDevices(ctx.db, user.id, tokenId);
    });

    serve(app, endpoints.changePassword, async (request) => {
      await changePassword(ctx, await request.requireUser(), request.body, bearerToken(request));
      return { message: 'تم تغيير كلمة المرور بنجاح' };
    });
  };
