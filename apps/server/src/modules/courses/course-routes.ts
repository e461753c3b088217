import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { catalogAnswers } from '../../plugins/http-cache';
import { replyShared, serve } from '../../plugins/endpoint';
import {
  findSharedCoursePage,
  getCourse,
  listCourses,
  studentCoursePage,
  welcomeCourses,
  withJoinedFlags,
} from './course-service';
import { cardsAnswer } from './joined-bytes';

export const courseRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Guests' answers are kept written, keyed by the catalogue's version (plugins/http-cache.ts).
    // Guests read the replica when there is one, the version included, so a cached answer is
    // never newer or older than the version it is kept under; a signed-in student's own state
    // is read on the primary, so a purchase made a moment ago shows (ADR 024, ADR 057).
    const guestDb = ctx.readDb ?? ctx.db;
    const answers = catalogAnswers(guestDb);
    const cached = { onRequest: [answers.onRequest], onSend: [answers.onSend] };
    const userIdOf = async (request: { currentUser(): Promise<{ id: number } | null> }) =>
      (await request.currentUser())?.id ?? null;

    // A signed-in student's answer is the one every reader shares, kept per catalogue version
    // like a guest's (built from the same reads), with the student's own state put on it from
    // one query by the student's key on the primary: a course joined or a lecture bought a
    // moment ago shows at once. When nothing of the student's is on it, it is the shared answer
    // itself, written once (ADR 057).
    serve(
      app,
      endpoints.getCourses,
      async (request, reply) => {
        const userId = await userIdOf(request);
        const { query } = request;
        const build = () => listCourses(guestDb, query, null);
        if (userId === null) return build();
        const key = JSON.stringify([
          query.query,
          query.grade_id,
          query.category_id,
          query.page,
          query.after,
        ]);
        const shared = await answers.shared(`courses${key}`, build);
        const data = await withJoinedFlags(ctx.db, shared.data, userId);
        return cardsAnswer(reply, shared, shared.data, data, { ...shared, data });
      },
      cached,
    );

    serve(
      app,
      endpoints.getCourse,
      async (request, reply) => {
        const userId = await userIdOf(request);
        const { id } = request.params;
        if (userId === null) return { data: await getCourse(guestDb, id, null) };
        const shared = await answers.shared(`course:${id}`, () =>
          findSharedCoursePage(guestDb, id),
        );
        const mine = await studentCoursePage(ctx.db, shared, userId);
        return mine === shared?.guest ? replyShared(reply, mine) : mine;
      },
      cached,
    );

    serve(
      app,
      endpoints.getWelcome,
      async (request, reply) => {
        const userId = await userIdOf(request);
        const build = async () => ({ featured_courses: await welcomeCourses(guestDb, null) });
        if (userId === null) return build();
        const shared = await answers.shared('welcome', build);
        const cards = await withJoinedFlags(ctx.db, shared.featured_courses, userId);
        return cardsAnswer(reply, shared, shared.featured_courses, cards, {
          featured_courses: cards,
        });
      },
      cached,
    );
  };
