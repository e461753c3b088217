import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { serve } from '../../plugins/endpoint';
import { livePlayerToken } from '../videos/video-service';
import { reportLimiter, studentCourseProgress } from './progress-service';

/** The student's progress calls (issue 28, ADR 054). */
export const progressRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const limit = reportLimiter(ctx.clock);

    // The player page's report of what played: the token checked as the view call checks it
    // (signature, expiry, its sign-in still live: ADR 051), then taken into the recorder, which
    // writes it with the next batch. The answer waits for no write.
    serve(app, endpoints.recordVideoProgress, async (request) => {
      const { vt, watched, position, duration } = request.body;
      if (!limit.take(vt)) throw new AppError('TOO_MANY_REQUESTS');
      const token = await livePlayerToken(ctx, vt);
      ctx.progress?.videoPlayed({ userId: token.u, videoId: token.v, watched, position, duration });
      return { accepted: true as const };
    });

    serve(app, endpoints.getCourseProgress, async (request) => {
      const { user } = await request.requireSession();
      return { data: await studentCourseProgress(ctx.db, user.id, request.params.id) };
    });
  };
