import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { catalogAnswers } from '../../plugins/http-cache';
import { serve } from '../../plugins/endpoint';
import { listTeachers, teacherProfile } from './teacher-service';

export const teacherRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Guests' answers are kept written, keyed by the catalogue's version (plugins/http-cache.ts).
    const { onRequest, onSend } = catalogAnswers(ctx.db);

    // The list page can be switched off (teachers_page); a teacher's own profile stays public.
    // Signed-in only, as the spec's route table and the contract say (ADR 007).
    serve(app, endpoints.getTeachers, async () => ({ data: await listTeachers(ctx.db) }));

    serve(
      app,
      endpoints.getTeacher,
      async (request) =>
        teacherProfile(ctx.db, request.params.id, (await request.currentUser())?.id ?? null),
      { onRequest: [onRequest], onSend: [onSend] },
    );
  };
