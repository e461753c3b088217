import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema';
import { COURSES } from '../src/db/seed/catalog-data';

/** The seeded course with this name (ids differ between SQLite and PostgreSQL runs). */
export async function courseNamed(db: Kysely<DB>, name: string) {
  return db.selectFrom('courses').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}

export async function lecturesOf(db: Kysely<DB>, courseId: number) {
  return db
    .selectFrom('lectures')
    .selectAll()
    .where('course_id', '=', courseId)
    .orderBy('position')
    .execute();
}

export const NAMES = {
  /** pay_type 'course', 350 pounds, show_preview, lecture 0 is a preview. */
  physics: COURSES[0]!.name,
  /** pay_type 'lectures': lecture 0 free, 1 preview 40, 2 expiry 30 days 50, 3 repurchasable 30/20, 4 paycard disabled. */
  organic: COURSES[1]!.name,
  /** pay_type 'course', free. */
  grammar: COURSES[3]!.name,
  /** pay_type 'lectures', nobody joined. */
  english: COURSES[4]!.name,
  /** pay_type 'course', 200 pounds. */
  biology: COURSES[5]!.name,
  /** pay_type 'course', 250 pounds. */
  calculus: COURSES[2]!.name,
  /** pay_type 'course', 99 pounds, users_limit 1. */
  lastNight: COURSES[15]!.name,
  /** pay_type 'course', 80 pounds. */
  story: COURSES[16]!.name,
  /** pay_type 'course', 120 pounds. */
  reading: COURSES[10]!.name,
  /** pay_type 'course', 180 pounds. */
  electro: COURSES[7]!.name,
};
