import type { FastifyPluginAsync } from 'fastify';
import {
  fromPiasters,
  idParamsSchema,
  joinCourseResponseSchema,
  purchaseCourseBodySchema,
  purchaseCourseResponseSchema,
  purchaseLectureBodySchema,
  purchaseLectureResponseSchema,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { ZodTypeProvider } from '../../plugins/zod';
import { requireAuth } from '../../plugins/auth';
import { getCourse } from '../courses/course-service';
import { balanceOf } from '../wallet/ledger';
import { joinCourse, purchaseCourse, purchaseLecture } from './purchase-service';

export const purchaseRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    app.addHook('onRequest', requireAuth);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    r.post(
      '/courses/:id/join',
      { schema: { params: idParamsSchema, response: { 200: joinCourseResponseSchema } } },
      async (request) => {
        const user = await request.requireUser();
        await joinCourse(db, request.params.id, user.id);
        return { data: await getCourse(db, request.params.id, user.id) };
      },
    );

    r.post(
      '/courses/:id/purchase',
      {
        schema: {
          params: idParamsSchema,
          body: purchaseCourseBodySchema,
          response: { 200: purchaseCourseResponseSchema },
        },
      },
      async (request) => {
        const user = await request.requireUser();
        await purchaseCourse(db, request.params.id, user.id, request.body);
        return { data: await getCourse(db, request.params.id, user.id) };
      },
    );

    r.post(
      '/lectures/:id/purchase',
      {
        schema: {
          params: idParamsSchema,
          body: purchaseLectureBodySchema,
          response: { 200: purchaseLectureResponseSchema },
        },
      },
      async (request) => {
        const user = await request.requireUser();
        await purchaseLecture(db, request.params.id, user.id, request.body);
        const lecture = await db
          .selectFrom('lectures')
          .select('course_id')
          .where('id', '=', request.params.id)
          .executeTakeFirstOrThrow();
        const course = await getCourse(db, lecture.course_id, user.id);
        return {
          data: course.lectures.find((l) => l.id === request.params.id)!,
          balance: fromPiasters(await balanceOf(db, user.id)),
        };
      },
    );
  };
