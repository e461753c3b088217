import type { Kysely } from 'kysely';
import { homeDataSchema, type HomeData } from '@dars/contract';
import type { DB } from '../../db/schema';
import { homeCourses } from '../courses/course-service';

/** Courses per home section; the page shows 4 at first on desktop, then the rest. */
const HOME_SECTION_LIMIT = 12;

/** GET /home: the carousel slides and the featured and latest courses, with joined flags. */
export async function homeData(db: Kysely<DB>, userId: number): Promise<HomeData> {
  const [slides, courses] = await Promise.all([
    db.selectFrom('settings').select('value').where('key', '=', 'header_images').executeTakeFirst(),
    homeCourses(db, HOME_SECTION_LIMIT, userId),
  ]);
  return homeDataSchema.parse({
    header_images: slides ? JSON.parse(slides.value) : [],
    featured_courses: courses.featured,
    latest_courses: courses.latest,
  });
}
