import type { Kysely } from 'kysely';
import { toPiasters } from '@dars/contract';
import type { DB } from '../schema';
import { courseSearchText } from '../../lib/search-key';
import { insertLecture, type LectureBuild } from './lectures';
import type { SeedFiles } from './seed-files';

export interface CourseBuild {
  name: string;
  description: string;
  /** A stored public file, or null for no cover. */
  imagePath: string | null;
  featured: boolean;
  payType: 'course' | 'lectures';
  /** pounds */
  price: number;
  showPreview: boolean;
  usersLimit: number | null;
  published: boolean;
  createdAt: string;
  gradeIds: readonly number[];
  categoryIds: readonly number[];
  /** In the order the course page lists them. */
  teacherIds: readonly number[];
  lectures: readonly LectureBuild[];
}

async function insertLinks(db: Kysely<DB>, courseId: number, course: CourseBuild) {
  if (course.gradeIds.length > 0)
    await db
      .insertInto('course_grades')
      .values(course.gradeIds.map((grade_id) => ({ course_id: courseId, grade_id })))
      .execute();
  if (course.categoryIds.length > 0)
    await db
      .insertInto('course_categories')
      .values(course.categoryIds.map((category_id) => ({ course_id: courseId, category_id })))
      .execute();
  if (course.teacherIds.length > 0)
    await db
      .insertInto('course_teachers')
      .values(
        course.teacherIds.map((teacher_id, position) => ({
          course_id: courseId,
          teacher_id,
          position,
        })),
      )
      .execute();
}

/**
 * Adds a course, its grades, categories and teachers, and its lectures with everything in
 * them; returns the course's id and its lectures' ids in order.
 * @example const { id, lectureIds } = await insertCourse(db, files, course)
 */
export async function insertCourse(
  db: Kysely<DB>,
  files: SeedFiles,
  course: CourseBuild,
): Promise<{ id: number; lectureIds: number[] }> {
  const { id } = await db
    .insertInto('courses')
    .values({
      name: course.name,
      description: course.description,
      search_text: courseSearchText(course),
      image_path: course.imagePath,
      featured: course.featured ? 1 : 0,
      pay_type: course.payType,
      price: toPiasters(course.price),
      show_preview: course.showPreview ? 1 : 0,
      users_limit: course.usersLimit,
      published: course.published ? 1 : 0,
      created_at: course.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertLinks(db, id, course);
  const lectureIds: number[] = [];
  for (const [position, lecture] of course.lectures.entries()) {
    lectureIds.push(
      await insertLecture(db, files, lecture, {
        courseId: id,
        position,
        createdAt: course.createdAt,
      }),
    );
  }
  return { id, lectureIds };
}
