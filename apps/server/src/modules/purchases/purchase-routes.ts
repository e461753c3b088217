import type { FastifyPluginAsync } from 'fastify';
import { endpoints, fromPiasters } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { getCourse } from '../courses/course-service';
import { balanceOf } from '../wallet/ledger';
import { joinCourse, purchaseCourse, purchaseLecture } from './purchase-service';

export const purchaseRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;

    serve(app, endpoints.joinCourse, async (request) => {
      const user = await request.requireUser();
      await joinCourse(db, request.params.id, user.id);
      return { data: await getCourse(db, request.params.id, user.id) };
    });

    serve(app, endpoints.purchaseCourse, async (request) => {
      const user = await request.requireUser();
      await purchaseCourse(db, request.params.id, user.id, request.body);
      return { data: await getCourse(db, request.params.id, user.id) };
    });

    serve(app, endpoints.purchaseLecture, async (request) => {
      const user = await request.requireUser();
      const { courseId } = await purchaseLecture(db, request.params.id, user.id, request.body);
      const course = await getCourse(db, courseId, user.id);
      return {
        data: course.lectures.find((l) => l.id === request.params.id)!,
        balance: fromPiasters(await balanceOf(db, user.id)),
      };
    });
  };
