import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { catalogAnswers } from '../../plugins/http-cache';
import { homeCourses } from '../courses/course-service';
import { HOME_SECTION_LIMIT, homeData } from './home-service';

export const homeRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // The courses are the part every reader shares, kept per catalogue version (ADR 057).
    const guestDb = ctx.readDb ?? ctx.db;
    const answers = catalogAnswers(guestDb);
    serve(app, endpoints.getHome, async (request) => {
      const user = await request.requireUser();
      const courses = await answers.shared('home', () =>
        homeCourses(guestDb, HOME_SECTION_LIMIT, null),
      );
      return { data: await homeData(ctx.db, user.id, courses) };
    });
  };
