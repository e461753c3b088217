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
    // Guests read the replica when there is one, the version included, so a cached answer is
    // never newer or older than the version it is kept under; a signed-in student reads the
    // primary and sees a purchase made a moment ago (ADR 024).
    const guestDb = ctx.readDb ?? ctx.db;
    const dbFor = (userId: number | null) => (userId === null ? guestDb : ctx.db);
    const { onRequest, onSend } = catalogAnswers(guestDb);
    const cached = { onRequest: [onRequest], onSend: [onSend] };
    const userIdOf = async (request: { currentUser(): Promise<{ id: number } | null> }) =>
      (await request.currentUser())?.id ?? null;

    serve(
      app,
      endpoints.getCourses,
      async (request) => {
        const userId = await userIdOf(request);
        return listCourses(dbFor(userId), request.query, userId);
      },
      cached,
    );

    serve(
      app,
      endpoints.getCourse,
      async (request) => {
        const userId = await userIdOf(request);
        return { data: await getCourse(dbFor(userId), request.params.id, userId) };
      },
      cached,
    );

    serve(
      app,
      endpoints.getWelcome,
      async (request) => {
        const userId = await userIdOf(request);
        return { featured_courses: await welcomeCourses(dbFor(userId), userId) };
      },
      cached,
    );
  };
