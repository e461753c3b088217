import {
  sql,
  type Compilable,
  type Kysely,
  type Selectable,
  type SelectQueryBuilder,
} from 'kysely';
import { precompile } from '../../db/precompiled';
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

/**
 * The columns a course card needs, and no more (not `search_text`, the largest), with its
 * counts and the student's enrolment read in the same query instead of one query each.
 */
function selectCard(
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
};

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

const coursePageQuery = precompile((db, p: PageParams) => {
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
      .limit(p.limit)
      .offset(p.offset);
    q = db.selectFrom('courses').where('courses.id', 'in', ids);
  }
  return selectCard(q, p.userId)
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id', 'desc')
    .limit(p.limit);
});

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
  const rows = await coursePageQuery.execute(db, {
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

const featuredQuery = precompile((db, p: { userId: number | null; limit: number }) =>
  selectCard(db.selectFrom('courses'), p.userId)
    .where('courses.published', '=', 1)
    .where('courses.featured', '=', 1)
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id', 'desc')
    .limit(p.limit),
);

export async function findFeaturedCourses(
  db: Kysely<DB>,
  limit: number,
  userId: number | null,
): Promise<CourseCardRow[]> {
  return featuredQuery.execute(db, { userId, limit });
}

const latestQuery = precompile((db, p: { userId: number | null; limit: number }) =>
  selectCard(db.selectFrom('courses'), p.userId)
    .where('courses.published', '=', 1)
    .orderBy('courses.created_at', 'desc')
    .orderBy('courses.id', 'desc')
    .limit(p.limit),
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

const courseCardQuery = precompile((db, p: { id: number; userId: number | null }) =>
  selectCard(db.selectFrom('courses'), p.userId)
    .where('courses.id', '=', p.id)
    .where('courses.published', '=', 1),
);

/** One published course as its page reads it, with the student's enrolment. */
export async function findCourseCard(
  db: Kysely<DB>,
  id: number,
  userId: number | null,
): Promise<CourseCardRow | undefined> {
  return courseCardQuery.executeTakeFirst(db, { id, userId });
}

export async function findCourse(db: Kysely<DB>, id: number): Promise<CourseRow | undefined> {
  return db
    .selectFrom('courses')
    .selectAll()
    .where('id', '=', id)
    .where('published', '=', 1)
    .executeTakeFirst();
}

/** The grades, categories and teachers of many courses, each list in its display order. */
export type CourseLinks = {
  grades: Map<number, { id: number; name: string }[]>;
  categories: Map<number, { id: number; name: string }[]>;
  teachers: Map<number, { id: number; name: string; avatar_path: string | null }[]>;
};

type LinkRow = {
  kind: string;
  course_id: number;
  id: number;
  name: string;
  avatar_path: string | null;
  p1: number;
  p2: number;
};

// One query instead of three: the three link tables share a shape (course, id, name, order).
const courseLinksQuery = precompile(
  (db, p: { ids: number[] }) =>
    db
      .selectFrom('course_teachers')
      .innerJoin('teachers', 'teachers.id', 'course_teachers.teacher_id')
      .select([
        sql<string>`'t'`.as('kind'),
        'course_teachers.course_id',
        'teachers.id',
        'teachers.name',
        'teachers.avatar_path',
        'course_teachers.position as p1',
        'teachers.id as p2',
      ])
      .where('course_teachers.course_id', 'in', p.ids)
      .unionAll((eb) =>
        eb
          .selectFrom('course_grades')
          .innerJoin('grades', 'grades.id', 'course_grades.grade_id')
          .select([
            sql<string>`'g'`.as('kind'),
            'course_grades.course_id',
            'grades.id',
            'grades.name',
            sql<null>`null`.as('avatar_path'),
            'grades.position as p1',
            'grades.id as p2',
          ])
          .where('course_grades.course_id', 'in', p.ids),
      )
      .unionAll((eb) =>
        eb
          .selectFrom('course_categories')
          .innerJoin('categories', 'categories.id', 'course_categories.category_id')
          .select([
            sql<string>`'c'`.as('kind'),
            'course_categories.course_id',
            'categories.id',
            'categories.name',
            sql<null>`null`.as('avatar_path'),
            'categories.position as p1',
            'categories.id as p2',
          ])
          .where('course_categories.course_id', 'in', p.ids),
      )
      .orderBy('p1')
      .orderBy('p2') as unknown as Compilable<LinkRow>,
);

function push<V>(map: Map<number, V[]>, key: number, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The grades, categories and teachers of many courses in one query (not one per course, nor one
 * per kind).
 */
export async function loadCourseLinks(db: Kysely<DB>, courseIds: number[]): Promise<CourseLinks> {
  const links: CourseLinks = { grades: new Map(), categories: new Map(), teachers: new Map() };
  if (courseIds.length === 0) return links;
  for (const row of await courseLinksQuery.execute(db, { ids: courseIds })) {
    if (row.kind === 't') {
      push(links.teachers, row.course_id, {
        id: row.id,
        name: row.name,
        avatar_path: row.avatar_path,
      });
    } else {
      push(row.kind === 'g' ? links.grades : links.categories, row.course_id, {
        id: row.id,
        name: row.name,
      });
    }
  }
  return links;
}

/** A lecture as the course page reads it, with whether a mandatory exam holds its videos. */
export type CourseLectureRow = LectureRow & { mandatory_exam: number | boolean };

const courseLecturesQuery = precompile((db, p: { courseId: number }) =>
  db
    .selectFrom('lectures')
    .selectAll('lectures')
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('lecture_exams')
            .select(sql`1`.as('one'))
            .whereRef('lecture_exams.lecture_id', '=', 'lectures.id')
            .where((w) => w.or([w('must_pass', '=', 1), w('must_take', '=', 1)])),
        )
        .as('mandatory_exam'),
    )
    .where('lectures.course_id', '=', p.courseId)
    .orderBy('lectures.position')
    .orderBy('lectures.id'),
);

/** A course's lectures in order, each with its mandatory-exam flag, in one query. */
export async function findCourseLectures(
  db: Kysely<DB>,
  courseId: number,
): Promise<CourseLectureRow[]> {
  return courseLecturesQuery.execute(db, { courseId });
}

const latestPurchasesQuery = precompile((db, p: { userId: number; lectureIds: number[] }) =>
  db
    .selectFrom('lecture_purchases')
    .select(['lecture_id', 'created_at', 'expires_at'])
    .where('user_id', '=', p.userId)
    .where('lecture_id', 'in', p.lectureIds)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc'),
);

/** The student's latest purchase of each of the given lectures. */
export async function findLatestLecturePurchases(
  db: Kysely<DB>,
  userId: number,
  lectureIds: number[],
): Promise<Map<number, { created_at: string; expires_at: string | null }>> {
  if (lectureIds.length === 0) return new Map();
  const rows = await latestPurchasesQuery.execute(db, { userId, lectureIds });
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
