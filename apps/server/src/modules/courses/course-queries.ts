import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { jsonListOf, type JsonList } from '../../db/json-list';
import { precompile } from '../../db/precompiled';
import type { CoursesTable, DB } from '../../db/schema';
import { searchKey } from '../../lib/search-key';
import { courseLectures, type CourseLectureRow } from '../lectures/lecture-queries';

type CourseRow = Selectable<CoursesTable>;

export type CourseFilter = {
  query?: string | undefined;
  gradeId?: number | undefined;
  categoryId?: number | undefined;
};

/** Escapes LIKE wildcards so a search for "100%" means the text, not a pattern. */
function likePattern(text: string): string {
  return `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Published courses matching the filters; `pattern` is a LIKE pattern from likePattern(). */
function filtered(
  db: Kysely<DB>,
  filter: {
    pattern: string | undefined;
    gradeId: number | undefined;
    categoryId: number | undefined;
  },
) {
  let q = db.selectFrom('courses').where('courses.published', '=', 1);
  if (filter.pattern !== undefined) {
    const pattern = filter.pattern;
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

/** Where a keyset page starts: just after this course in the list's order. */
export type CourseCursor = { createdAt: string; id: number };

/** `limit` rows from `offset` (page numbers), or from just after a course (`links.next`). */
export type CoursePageAt =
  { limit: number; offset: number } | { limit: number; after: CourseCursor };

/** A course's teacher, grade or category as a card lists it. */
export type CourseLink = { id: number; name: string; avatar_path?: string | null };

/**
 * The columns a course card needs, and no more (not `search_text`, the largest), with its
 * counts, the student's enrolment, and its teachers, grades and categories (JSON lists, in
 * display order) read in the same query instead of one query each.
 */
function selectCard(
  db: Kysely<DB>,
  q: SelectQueryBuilder<DB, 'courses', object>,
  userId: number | null,
): SelectQueryBuilder<DB, 'courses', CourseCardRow> {
  return q
    .select([
      'courses.id',
      'courses.name',
      'courses.description',
      'courses.image_path',
      'courses.featured',
      'courses.pay_type',
      'courses.price',
      'courses.show_preview',
      'courses.created_at',
    ])
    .select((eb) => [
      eb
        .selectFrom('lectures')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('lectures.course_id', '=', 'courses.id')
        .as('lectures_count'),
      eb
        .selectFrom('enrollments')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('enrollments.course_id', '=', 'courses.id')
        .as('users_count'),
      userId === null
        ? sql<string | null>`null`.as('enrolled_at')
        : eb
            .selectFrom('enrollments')
            .select('enrollments.created_at')
            .whereRef('enrollments.course_id', '=', 'courses.id')
            .where('enrollments.user_id', '=', userId)
            .as('enrolled_at'),
      jsonListOf<CourseLink>(
        db,
        { id: 't.id', name: 't.name', avatar_path: 't.avatar_path' },
        sql`from course_teachers as ct inner join teachers as t on t.id = ct.teacher_id
          where ct.course_id = courses.id`,
        'ct.position, t.id',
      ).as('teachers'),
      jsonListOf<CourseLink>(
        db,
        { id: 'g.id', name: 'g.name' },
        sql`from course_grades as cg inner join grades as g on g.id = cg.grade_id
          where cg.course_id = courses.id`,
        'g.position, g.id',
      ).as('grades'),
      jsonListOf<CourseLink>(
        db,
        { id: 'k.id', name: 'k.name' },
        sql`from course_categories as cc inner join categories as k on k.id = cc.category_id
          where cc.course_id = courses.id`,
        'k.position, k.id',
      ).as('categories'),
    ]) as SelectQueryBuilder<DB, 'courses', CourseCardRow>;
}

/** A course as cards and the course page read it (see selectCard). */
export type CourseCardRow = Pick<
  CourseRow,
  | 'id'
  | 'name'
  | 'description'
  | 'image_path'
  | 'featured'
  | 'pay_type'
  | 'price'
  | 'show_preview'
  | 'created_at'
> & {
  lectures_count: number | null;
  users_count: number | null;
  /** When the student joined; null for a guest or a student who has not. */
  enrolled_at: string | null;
  teachers: JsonList<CourseLink>;
  grades: JsonList<CourseLink>;
  categories: JsonList<CourseLink>;
};

/** Page sizes go into the SQL text: a LIMIT known when the statement is prepared is cheaper. */
const INLINE_LIMIT = { inline: ['limit' as const] };

type PageParams = {
  pattern: string | undefined;
  gradeId: number | undefined;
  categoryId: number | undefined;
  userId: number | null;
  limit: number;
  offset: number | undefined;
  afterCreatedAt: string | undefined;
  afterId: number | undefined;
};

const coursesPageQuery = precompile((db, p: PageParams) => {
  let q = filtered(db, { pattern: p.pattern, gradeId: p.gradeId, categoryId: p.categoryId });
  if (p.afterCreatedAt !== undefined && p.afterId !== undefined) {
    const createdAt = p.afterCreatedAt;
    const id = p.afterId;
    // (created_at, id) < (c, i), spelled so that SQLite seeks the listing index to c: written as
    // "created_at < c or (created_at = c and id < i)" it scanned the whole index (25x slower).
    q = q
      .where('courses.created_at', '<=', createdAt)
      .where((eb) => eb.or([eb('courses.created_at', '<', createdAt), eb('courses.id', '<', id)]));
  }
  if (p.offset !== undefined) {
    // A deep page by number: skip rows in the index alone, then read only the page's rows.
    const ids = q
      .select('courses.id')
      .orderBy('courses.created_at', 'desc')
      .orderBy('courses.id', 'desc')
      .limit(sql.lit(p.limit))
      .offset(p.offset);
    q = db.selectFrom('courses').where('courses.id', 'in', ids);
  }
  return selectCard(db, q, p.userId)
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id', 'desc')
    .limit(sql.lit(p.limit));
}, INLINE_LIMIT);

/**
 * One page of published courses, newest first. Reads one row past the page to learn whether
 * another page exists, instead of counting every match. A page that starts after a course
 * (keyset) costs the same however deep it is; an offset reads and skips every earlier row.
 */
export async function findCourses(
  db: Kysely<DB>,
  filter: CourseFilter,
  at: CoursePageAt,
  userId: number | null,
): Promise<{ rows: CourseCardRow[]; hasMore: boolean }> {
  const after = 'after' in at ? at.after : undefined;
  const rows = await coursesPageQuery.execute(db, {
    pattern: filter.query ? likePattern(filter.query) : undefined,
    gradeId: filter.gradeId,
    categoryId: filter.categoryId,
    userId,
    limit: at.limit + 1,
    offset: 'offset' in at && at.offset > 0 ? at.offset : undefined,
    afterCreatedAt: after?.createdAt,
    afterId: after?.id,
  });
  return { rows: rows.slice(0, at.limit), hasMore: rows.length > at.limit };
}

const featuredQuery = precompile(
  (db, p: { userId: number | null; limit: number }) =>
    selectCard(db, db.selectFrom('courses'), p.userId)
      .where('courses.published', '=', 1)
      .where('courses.featured', '=', 1)
      .orderBy('courses.created_at', 'desc')
      .orderBy('courses.id', 'desc')
      .limit(sql.lit(p.limit)),
  INLINE_LIMIT,
);

export async function findFeaturedCourses(
  db: Kysely<DB>,
  limit: number,
  userId: number | null,
): Promise<CourseCardRow[]> {
  return featuredQuery.execute(db, { userId, limit });
}

const latestQuery = precompile(
  (db, p: { userId: number | null; limit: number }) =>
    selectCard(db, db.selectFrom('courses'), p.userId)
      .where('courses.published', '=', 1)
      .orderBy('courses.created_at', 'desc')
      .orderBy('courses.id', 'desc')
      .limit(sql.lit(p.limit)),
  INLINE_LIMIT,
);

/** The most recently added published courses, newest first. */
export async function findLatestCourses(
  db: Kysely<DB>,
  limit: number,
  userId: number | null,
): Promise<CourseCardRow[]> {
  return latestQuery.execute(db, { userId, limit });
}

const teacherCoursesQuery = precompile((db, p: { teacherId: number; userId: number | null }) =>
  selectCard(
    db,
    db
      .selectFrom('courses')
      .innerJoin('course_teachers', 'course_teachers.course_id', 'courses.id')
      .where('course_teachers.teacher_id', '=', p.teacherId)
      .where('courses.published', '=', 1) as unknown as SelectQueryBuilder<DB, 'courses', object>,
    p.userId,
  )
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id', 'desc'),
);

/** A teacher's published courses, newest first. */
export async function findTeacherCourses(
  db: Kysely<DB>,
  teacherId: number,
  userId: number | null,
): Promise<CourseCardRow[]> {
  return teacherCoursesQuery.execute(db, { teacherId, userId });
}

const joinedQuery = precompile((db, p: { userId: number }) =>
  db.selectFrom('enrollments').select('course_id').where('user_id', '=', p.userId),
);

/** The courses a student joined (by the enrolments' key, which starts with the student). */
export async function findJoinedCourseIds(db: Kysely<DB>, userId: number): Promise<Set<number>> {
  return new Set((await joinedQuery.execute(db, { userId })).map((r) => r.course_id));
}

/** A course as its page reads it: the card and its lectures in order. */
export type CoursePageRow = CourseCardRow & { lectures: JsonList<CourseLectureRow> };

const coursePageQuery = precompile((db, p: { id: number; userId: number | null }) =>
  selectCard(db, db.selectFrom('courses'), p.userId)
    .select(courseLectures(db, p.userId).as('lectures'))
    .where('courses.id', '=', p.id)
    .where('courses.published', '=', 1),
);

/**
 * One published course as its page reads it, with the student's enrolment, its lectures and
 * the student's latest purchase of each, in one query (one round trip on PostgreSQL).
 */
export async function findCoursePage(
  db: Kysely<DB>,
  id: number,
  userId: number | null,
): Promise<CoursePageRow | undefined> {
  return coursePageQuery.executeTakeFirst(db, { id, userId });
}
