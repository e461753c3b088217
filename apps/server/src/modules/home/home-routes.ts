import type { FastifyPluginAsync } from 'fastify';
import { getHomeResponseSchema, homeDataSchema } from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { ZodTypeProvider } from '../../plugins/zod';
import { requireAuth } from '../../plugins/auth';
import { findFeaturedCourses, findLatestCourses } from '../courses/course-queries';
import { toSummary } from '../courses/course-service';

/** Courses per home section; the page shows 4 at first on desktop, then the rest. */
const HOME_SECTION_LIMIT = 12;

export const homeRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = ctx;

    r.get(
      '/home',
      { onRequest: requireAuth, schema: { response: { 200: getHomeResponseSchema } } },
      async (request) => {
        const user = await request.requireUser();
        const [slides, featured, latest] = await Promise.all([
          db
            .selectFrom('settings')
            .select('value')
            .where('key', '=', 'header_images')
            .executeTakeFirst(),
          findFeaturedCourses(db, HOME_SECTION_LIMIT, user.id),
          findLatestCourses(db, HOME_SECTION_LIMIT, user.id),
        ]);
        return {
          data: homeDataSchema.parse({
            header_images: slides ? JSON.parse(slides.value) : [],
            featured_courses: featured.map(toSummary),
            latest_courses: latest.map(toSummary),
          }),
        };
      },
    );
  };
