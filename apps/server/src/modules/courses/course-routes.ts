import type { FastifyPluginAsync } from 'fastify';
import {
  getCourseResponseSchema,
  getCoursesQuerySchema,
  getCoursesResponseSchema,
  getWelcomeResponseSchema,
  idParamsSchema,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import { guestCatalogCache } from '../../plugins/http-cache';
import type { ZodTypeProvider } from '../../plugins/zod';
import { getCourse, listCourses, welcomeCourses } from './course-service';

export const courseRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/courses',
      {
        onSend: guestCatalogCache,
        schema: { querystring: getCoursesQuerySchema, response: { 200: getCoursesResponseSchema } },
      },
      async (request) =>
        listCourses(ctx.db, request.query, (await request.currentUser())?.id ?? null),
    );

    r.get(
      '/courses/:id',
      {
        onSend: guestCatalogCache,
        schema: { params: idParamsSchema, response: { 200: getCourseResponseSchema } },
      },
      async (request) => ({
        data: await getCourse(ctx.db, request.params.id, (await request.currentUser())?.id ?? null),
      }),
    );

    r.get(
      '/welcome',
      { onSend: guestCatalogCache, schema: { response: { 200: getWelcomeResponseSchema } } },
      async (request) => ({
        featured_courses: await welcomeCourses(ctx.db, (await request.currentUser())?.id ?? null),
      }),
    );
  };
