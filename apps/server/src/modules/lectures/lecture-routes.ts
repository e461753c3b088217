import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { AppError } from '../../lib/app-error';
import { lectureAccess } from './lecture-access';
import { lectureContents } from './lecture-contents';

export const lectureRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;

    serve(app, endpoints.getLectureContents, async (request) => {
      const user = await request.requireUser();
      const access = await lectureAccess(db, request.params.id, user.id);
      if (!access.hasAccess)
        throw new AppError(
          'FORBIDDEN',
          access.expired ? 'انتهت صلاحية المحاضرة' : 'اشترِ المحاضرة أولاً للوصول إلى محتواها',
        );
      return lectureContents(db, access, user.id, ctx.secret);
    });
  };
