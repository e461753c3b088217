import type { FastifyPluginAsync } from 'fastify';
import { getLectureContentsResponseSchema, idParamsSchema } from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { ZodTypeProvider } from '../../plugins/zod';
import { requireAuth } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { hasMandatoryExams, lectureAccess } from './lecture-access';
import { lectureContents } from './lecture-contents';

export const lectureRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    r.get(
      '/lectures/:id/contents',
      {
        onRequest: requireAuth,
        schema: { params: idParamsSchema, response: { 200: getLectureContentsResponseSchema } },
      },
      async (request) => {
        const user = await request.requireUser();
        const access = await lectureAccess(db, request.params.id, user.id);
        if (!access.hasAccess)
          throw new AppError(
            'FORBIDDEN',
            access.expired ? 'انتهت صلاحية المحاضرة' : 'اشترِ المحاضرة أولاً للوصول إلى محتواها',
          );
        return lectureContents(
          db,
          access,
          user.id,
          await hasMandatoryExams(db, access.lecture.id),
          ctx.secret,
        );
      },
    );
  };
