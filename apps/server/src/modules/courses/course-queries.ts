import { sql, type Kysely, type Selectable } from 'kysely';
import type { CoursesTable, DB, LecturesTable } from '../../db/schema';
import { searchKey } from '../../lib/search-key';

export type CourseRow = Selectable<CoursesTable>;
export type LectureRow = Selectable<LecturesTable>;

export type CourseFilter = {
  query?: string | undefined;
  gradeId?: number | undefined;
  categoryId?: number | undefined;
};

/** Escapes LIKE wildcards so a search for "100%" means the text, not a pattern. */
function likePattern(text: string): string {
  return `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Kysely<DB>, filter: CourseFilter) {
  let q = db.selectFrom('courses').where('courses.published', '=', 1);
  if (filter.query) {
    const pattern = likePattern(filter.query);
    q = q.where(sql<boolean>`courses.search_text like ${pattern} escape '\\'`);
  }
  if (filter.gradeId !== undefined) {
    const gradeId = filter.gradeId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('course_grades')
          .select(sql`1`.as('one'))
          .whereRef('course_grades.course_id', '=', 'courses.id')
          .where('course_grades.grade_id', '=', gradeId),
      ),
    );
  }
  if (filter.categoryId !== undefined) {
    const categoryId = filter.categoryId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('course_categories')
          .select(sql`1`.as('one'))
          .whereRef('course_categories.course_id', '=', 'courses.id')
          .where('course_categories.category_id', '=', categoryId),
      ),
    );
  }
  return q;
}

/**
 * One page of published courses, newest first. Reads one row past the page to learn whether
 * another page exists, instead of counting every match.
 */
export async function findCourses(
  db: Kysely<DB>,
  filter: CourseFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: CourseRow[]; hasMore: boolean }> {
  const rows = await filtered(db, filter)
    .selectAll('courses')
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id', 'desc')
    .limit(page.limit + 1)
    .offset(page.offset)
    .execute();
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

export async function findFeaturedCourses(db: Kysely<DB>, limit: number): Promise<CourseRow[]> {
  return db
    .selectFrom('courses')
    .selectAll()
    .where('published', '=', 1)
    .where('featured', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findLatestCourses(db: Kysely<DB>, limit: number): Promise<CourseRow[]> {
  return db
    .selectFrom('courses')
    .selectAll()
    .where('published', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** A teacher's published courses, newest first. */
export async function findTeacherCourses(db: Kysely<DB>, teacherId: number): Promise<CourseRow[]> {
  return db
    .selectFrom('courses')
    .innerJoin('course_teachers', 'course_teachers.course_id', 'courses.id')
    .selectAll('courses')
    .where('course_teachers.teacher_id', '=', teacherId)
    .where('courses.published', '=', 1)
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id', 'desc')
    .execute();
}

export async function findCourse(db: Kysely<DB>, id: number): Promise<CourseRow | undefined> {
  return db
    .selectFrom('courses')
    .selectAll()
    .where('id', '=', id)
    .where('published', '=', 1)
    .executeTakeFirst();
}

export type CourseRelations = {
  grades: Map<number, { id: number; name: string }[]>;
  categories: Map<number, { id: number; name: string }[]>;
  teachers: Map<number, { id: number; name: string; avatar_path: string | null }[]>;
  lecturesCount: Map<number, number>;
  usersCount: Map<number, number>;
  joined: Set<number>;
};

function groupBy<T extends { course_id: number }, V>(
  rows: T[],
  pick: (row: T) => V,
): Map<number, V[]> {
  const map = new Map<number, V[]>();
  for (const row of rows) {
    const list = map.get(row.course_id);
    if (list) list.push(pick(row));
    else map.set(row.course_id, [pick(row)]);
  }
  return map;
}

/**
 * Everything a course card needs besides its own row, for many courses in a fixed number of
 * queries (not one per course).
 */
export async function loadCourseRelations(
  db: Kysely<DB>,
  courseIds: number[],
  userId: number | null,
): Promise<CourseRelations> {
  if (courseIds.length === 0) {
    return {
      grades: new Map(),
      categories: new Map(),
      teachers: new Map(),
      lecturesCount: new Map(),
      usersCount: new Map(),
      joined: new Set(),
    };
  }
  const [grades, categories, teachers, lectures, users, joined] = await Promise.all([
    db
      .selectFrom('course_grades')
      .innerJoin('grades', 'grades.id', 'course_grades.grade_id')
      .select(['course_grades.course_id', 'grades.id', 'grades.name'])
      .where('course_grades.course_id', 'in', courseIds)
      .orderBy('grades.position')
      .orderBy('grades.id')
      .execute(),
    db
      .selectFrom('course_categories')
      .innerJoin('categories', 'categories.id', 'course_categories.category_id')
      .select(['course_categories.course_id', 'categories.id', 'categories.name'])
      .where('course_categories.course_id', 'in', courseIds)
      .orderBy('categories.position')
      .orderBy('categories.id')
      .execute(),
    db
      .selectFrom('course_teachers')
      .innerJoin('teachers', 'teachers.id', 'course_teachers.teacher_id')
      .select(['course_teachers.course_id', 'teachers.id', 'teachers.name', 'teachers.avatar_path'])
      .where('course_teachers.course_id', 'in', courseIds)
      .orderBy('course_teachers.position')
      .execute(),
    db
      .selectFrom('lectures')
      .select((eb) => ['course_id', eb.fn.countAll<number>().as('n')])
      .where('course_id', 'in', courseIds)
      .groupBy('course_id')
      .execute(),
    db
      .selectFrom('enrollments')
      .select((eb) => ['course_id', eb.fn.countAll<number>().as('n')])
      .where('course_id', 'in', courseIds)
      .groupBy('course_id')
      .execute(),
    userId === null
      ? Promise.resolve([])
      : db
          .selectFrom('enrollments')
          .select('course_id')
          .where('user_id', '=', userId)
          .where('course_id', 'in', courseIds)
          .execute(),
  ]);
  return {
    grades: groupBy(grades, ({ id, name }) => ({ id, name })),
    categories: groupBy(categories, ({ id, name }) => ({ id, name })),
    teachers: groupBy(teachers, ({ id, name, avatar_path }) => ({ id, name, avatar_path })),
    lecturesCount: new Map(lectures.map((r) => [r.course_id, Number(r.n)])),
    usersCount: new Map(users.map((r) => [r.course_id, Number(r.n)])),
    joined: new Set(joined.map((r) => r.course_id)),
  };
}

export async function findLectures(db: Kysely<DB>, courseId: number): Promise<LectureRow[]> {
  return db
    .selectFrom('lectures')
    .selectAll()
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The student's latest purchase of each of the given lectures. */
export async function findLatestLecturePurchases(
  db: Kysely<DB>,
  userId: number,
  lectureIds: number[],
): Promise<Map<number, { created_at: string; expires_at: string | null }>> {
  if (lectureIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('lecture_purchases')
    .select(['lecture_id', 'created_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('lecture_id', 'in', lectureIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  // Later rows overwrite earlier ones, leaving the latest purchase of each lecture.
  return new Map(
    rows.map((r) => [r.lecture_id, { created_at: r.created_at, expires_at: r.expires_at }]),
  );
}

/** Lectures that have an exam the student must take or pass before the videos open. */
export async function findLecturesWithMandatoryExams(
  db: Kysely<DB>,
  lectureIds: number[],
): Promise<Set<number>> {
  if (lectureIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('lecture_exams')
    .select('lecture_id')
    .distinct()
    .where('lecture_id', 'in', lectureIds)
    .where((eb) => eb.or([eb('must_pass', '=', 1), eb('must_take', '=', 1)]))
    .execute();
  return new Set(rows.map((r) => r.lecture_id));
}

export async function findEnrollment(db: Kysely<DB>, userId: number, courseId: number) {
  return db
    .selectFrom('enrollments')
    .select(['created_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
}
