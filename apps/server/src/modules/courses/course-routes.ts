import type { FastifyPluginAsync } from 'fastify';
import {
  getCourseResponseSchema,
  getCoursesQuerySchema,
  getCoursesResponseSchema,
  getWelcomeResponseSchema,
  idParamsSchema,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import { catalogAnswers } from '../../plugins/http-cache';
import type { ZodTypeProvider } from '../../plugins/zod';
import { getCourse, listCourses, welcomeCourses } from './course-service';

export const courseRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    // Guests' answers are kept written, keyed by the catalogue's version (plugins/http-cache.ts).
    const { onRequest, onSend } = catalogAnswers(ctx.db);

    r.get(
      '/courses',
      {
        onRequest,
        onSend,
        schema: { querystring: getCoursesQuerySchema, response: { 200: getCoursesResponseSchema } },
      },
      async (request) =>
        listCourses(ctx.db, request.query, (await request.currentUser())?.id ?? null),
    );

    r.get(
      '/courses/:id',
      {
        onRequest,
        onSend,
        schema: { params: idParamsSchema, response: { 200: getCourseResponseSchema } },
      },
      async (request) => ({
        data: await getCourse(ctx.db, request.params.id, (await request.currentUser())?.id ?? null),
      }),
    );

    r.get(
      '/welcome',
      { onRequest, onSend, schema: { response: { 200: getWelcomeResponseSchema } } },
      async (request) => ({
        featured_courses: await welcomeCourses(ctx.db, (await request.currentUser())?.id ?? null),
      }),
    );
  };
