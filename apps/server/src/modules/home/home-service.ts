import type { Kysely } from 'kysely';
import { headerImageSchema, type CourseSummary, type HomeData } from '@dars/contract';
import { precompile } from '../../db/precompiled';
import type { DB } from '../../db/schema';
import { joinedFlags } from '../courses/course-service';

/** Courses per home section; the page shows 4 at first on desktop, then the rest. */
export const HOME_SECTION_LIMIT = 12;

const slidesQuery = precompile((db) =>
  db.selectFrom('settings').select('value').where('key', '=', 'header_images'),
);

const slidesSchema = headerImageSchema.array();

/**
 * GET /home: the carousel slides and the featured and latest courses with the student's joined
 * flags. `courses` is the part every reader shares (homeCourses for no one, kept per catalogue
 * version by the route, ADR 057); the slides and the flags are read per request. The slides are
 * checked as they are read (a stored slide cannot carry a `javascript:` link); the cards were
 * built by the server and are not parsed again.
 */
export async function homeData(
  db: Kysely<DB>,
  userId: number,
  courses: { featured: CourseSummary[]; latest: CourseSummary[] },
): Promise<HomeData> {
  const [slides, flag] = await Promise.all([
    slidesQuery.executeTakeFirst(db, {}),
    joinedFlags(db, userId),
  ]);
  return {
    header_images: slides ? slidesSchema.parse(JSON.parse(slides.value)) : [],
    featured_courses: flag(courses.featured),
    latest_courses: flag(courses.latest),
  };
}
