import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { catalogAnswers } from '../../plugins/http-cache';
import { serve } from '../../plugins/endpoint';
import { getCourse, listCourses, welcomeCourses } from './course-service';

export const courseRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Guests' answers are kept written, keyed by the catalogue's version (plugins/http-cache.ts).
    const { onRequest, onSend } = catalogAnswers(ctx.db);
    const cached = { onRequest: [onRequest], onSend: [onSend] };

    serve(
      app,
      endpoints.getCourses,
      async (request) =>
        listCourses(ctx.db, request.query, (await request.currentUser())?.id ?? null),
      cached,
    );

    serve(
      app,
      endpoints.getCourse,
      async (request) => ({
        data: await getCourse(ctx.db, request.params.id, (await request.currentUser())?.id ?? null),
      }),
      cached,
    );

    serve(
      app,
      endpoints.getWelcome,
      async (request) => ({
        featured_courses: await welcomeCourses(ctx.db, (await request.currentUser())?.id ?? null),
      }),
      cached,
    );
  };
