import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { catalogAnswers } from '../../plugins/http-cache';
import { replyShared, serve } from '../../plugins/endpoint';
import { withJoinedFlags } from '../courses/course-service';
import { cardsAnswer } from '../courses/joined-bytes';
import { requireTeachersPage, teacherList, teacherProfile } from './teacher-service';

export const teacherRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Guests' answers are kept written, keyed by the catalogue's version (plugins/http-cache.ts);
    // a student's are the same shared answers with the student's own joined flags (ADR 057).
    const answers = catalogAnswers(ctx.db);

    // The list page can be switched off (teachers_page); a teacher's own profile stays public.
    // Signed-in only, as the spec's route table and the contract say (ADR 007).
    serve(app, endpoints.getTeachers, async (_request, reply) => {
      await requireTeachersPage(ctx.db);
      const shared = await answers.shared('teachers', async () => ({
        data: await teacherList(ctx.db),
      }));
      return replyShared(reply, shared);
    });

    serve(
      app,
      endpoints.getTeacher,
      async (request, reply) => {
        const { id } = request.params;
        const userId = (await request.currentUser())?.id ?? null;
        if (userId === null) return teacherProfile(ctx.db, id, null);
        const shared = await answers.shared(`teacher:${id}`, () =>
          teacherProfile(ctx.db, id, null),
        );
        const courses = await withJoinedFlags(ctx.db, shared.courses, userId);
        return cardsAnswer(reply, shared, shared.courses, courses, { ...shared, courses });
      },
      { onRequest: [answers.onRequest], onSend: [answers.onSend] },
    );
  };
