import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { jsonListOf, type JsonList } from '../../db/json-list';
import { precompile } from '../../db/precompiled';
import type { CoursesTable, DB, LecturesTable } from '../../db/schema';
import { examHoldsVideos, examIsMandatory } from './lecture-exam-gate';

// What a student holds of a lecture is read here, below the catalog, purchases, videos and
// attachments (ADR 015): the lecture, the published course it hangs from, the student's
// enrolment and latest purchases, and whether a mandatory exam holds its videos.

export type LectureRow = Selectable<LecturesTable>;
export type CourseRow = Selectable<CoursesTable>;

// Every lecture call reads these: built and compiled once (db/precompiled.ts).
const lectureById = precompile((db, p: { id: number }) =>
  db.selectFrom('lectures').selectAll().where('id', '=', p.id),
);
const publishedCourseById = precompile((db, p: { id: number }) =>
  db.selectFrom('courses').selectAll().where('id', '=', p.id).where('published', '=', 1),
);

export async function findLecture(db: Kysely<DB>, id: number): Promise<LectureRow | undefined> {
  return lectureById.executeTakeFirst(db, { id });
}

/** A published course (a lecture of a hidden course is not found either). */
export async function findCourse(db: Kysely<DB>, id: number): Promise<CourseRow | undefined> {
  return publishedCourseById.executeTakeFirst(db, { id });
}

export async function findEnrollment(db: Kysely<DB>, userId: number, courseId: number) {
  return db
    .selectFrom('enrollments')
    .select(['created_at'])
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
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

/**
 * What one student holds of one course: the enrolment, the latest purchase of each lecture, and
 * the lectures whose videos an exam still holds for them (ADR 016).
 */
export type CourseHoldings = {
  enrolledAt: string | null;
  purchases: Map<number, { created_at: string; expires_at: string | null }>;
  held: Set<number>;
};

// One round trip for all three: the enrolment row (kind 'joined'), the lectures an exam holds
// ('held'), then the purchases of the course's lectures, oldest first, so that later rows
// overwrite earlier ones.
const courseHoldingsQuery = precompile(
  // `exams` undefined: the course has no mandatory exam, so nothing can hold its videos.
  (db, p: { userId: number; courseId: number; exams: true | undefined }) => {
    const joined = db
      .selectFrom('enrollments')
      .select([
        sql<string>`'joined'`.as('kind'),
        sql<number | null>`null`.as('lecture_id'),
        'enrollments.created_at',
        sql<string | null>`null`.as('expires_at'),
        sql<number>`0`.as('id'),
      ])
      .where('enrollments.user_id', '=', p.userId)
      .where('enrollments.course_id', '=', p.courseId);
    const held =
      p.exams === undefined
        ? joined
        : joined.unionAll(
            db
              .selectFrom('lecture_exams as e')
              .innerJoin('lectures as l', 'l.id', 'e.lecture_id')
              .select([
                sql<string>`'held'`.as('kind'),
                'e.lecture_id',
                sql<string>`''`.as('created_at'),
                sql<string | null>`null`.as('expires_at'),
                sql<number>`0`.as('id'),
              ])
              .where('l.course_id', '=', p.courseId)
              .where(examHoldsVideos(p.userId, 'e')),
          );
    return held
      .unionAll(
        db
          .selectFrom('lecture_purchases as p')
          .innerJoin('lectures as l', 'l.id', 'p.lecture_id')
          .select([
            sql<string>`'bought'`.as('kind'),
            'p.lecture_id',
            'p.created_at',
            'p.expires_at',
            'p.id',
          ])
          .where('p.user_id', '=', p.userId)
          .where('l.course_id', '=', p.courseId),
      )
      .orderBy('created_at')
      .orderBy('id');
  },
);

/**
 * The student's enrolment in a course, latest purchase of each of its lectures and the lectures
 * an exam holds, in one query (what a course page adds to the answer every reader shares). The
 * exams are asked about only when the course has a mandatory one (`mandatoryExams`, which a
 * guest's page already knows): otherwise nothing can hold its videos.
 */
export async function findCourseHoldings(
  db: Kysely<DB>,
  userId: number,
  courseId: number,
  { mandatoryExams }: { mandatoryExams: boolean },
): Promise<CourseHoldings> {
  const rows = await courseHoldingsQuery.execute(db, {
    userId,
    courseId,
    exams: mandatoryExams ? true : undefined,
  });
  const holdings: CourseHoldings = { enrolledAt: null, purchases: new Map(), held: new Set() };
  for (const r of rows) {
    if (r.kind === 'joined') holdings.enrolledAt = r.created_at;
    else if (r.kind === 'held') holdings.held.add(Number(r.lecture_id));
    else
      holdings.purchases.set(Number(r.lecture_id), {
        created_at: r.created_at,
        expires_at: r.expires_at,
      });
  }
  return holdings;
}

/** What one student holds of one lecture (ADR 015), and whether the student is blocked. */
export type LectureHoldings = {
  enrolledAt: string | null;
  latestPurchase: { created_at: string; expires_at: string | null } | undefined;
  blocked: boolean;
};

// One round trip: the enrolment in the lecture's course ('joined'), the purchases of the
// lecture oldest first ('bought', the last one wins), and the student's block ('blocked').
const lectureHoldingsQuery = precompile(
  (db, p: { userId: number; courseId: number; lectureId: number }) =>
    db
      .selectFrom('enrollments')
      .select([
        sql<string>`'joined'`.as('kind'),
        'enrollments.created_at',
        sql<string | null>`null`.as('expires_at'),
        sql<number>`0`.as('id'),
      ])
      .where('enrollments.user_id', '=', p.userId)
      .where('enrollments.course_id', '=', p.courseId)
      .unionAll(
        db
          .selectFrom('lecture_purchases as lp')
          .select([sql<string>`'bought'`.as('kind'), 'lp.created_at', 'lp.expires_at', 'lp.id'])
          .where('lp.user_id', '=', p.userId)
          .where('lp.lecture_id', '=', p.lectureId),
      )
      .unionAll(
        db
          .selectFrom('users as u')
          .select([
            sql<string>`'blocked'`.as('kind'),
            sql<string>`''`.as('created_at'),
            sql<string | null>`null`.as('expires_at'),
            sql<number>`0`.as('id'),
          ])
          .where('u.id', '=', p.userId)
          .where('u.blocked_at', 'is not', null),
      )
      .orderBy('created_at')
      .orderBy('id'),
);

/**
 * The student's enrolment in the lecture's course, latest purchase of the lecture, and block,
 * in one query.
 */
export async function findLectureHoldings(
  db: Kysely<DB>,
  userId: number,
  courseId: number,
  lectureId: number,
): Promise<LectureHoldings> {
  const rows = await lectureHoldingsQuery.execute(db, { userId, courseId, lectureId });
  const holdings: LectureHoldings = { enrolledAt: null, latestPurchase: undefined, blocked: false };
  for (const r of rows) {
    if (r.kind === 'joined') holdings.enrolledAt = r.created_at;
    else if (r.kind === 'blocked') holdings.blocked = true;
    else holdings.latestPurchase = { created_at: r.created_at, expires_at: r.expires_at };
  }
  return holdings;
}

/**
 * Lectures whose videos wait for the student to take or pass one of their exams (ADR 016:
 * Homework and mandatory exams).
 */
export async function findLecturesHeldByExams(
  db: Kysely<DB>,
  userId: number,
  lectureIds: number[],
): Promise<Set<number>> {
  if (lectureIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('lecture_exams as e')
    .select('e.lecture_id')
    .distinct()
    .where('e.lecture_id', 'in', lectureIds)
    .where(examHoldsVideos(userId, 'e'))
    .execute();
  return new Set(rows.map((r) => r.lecture_id));
}

/** A lecture as the course page reads it, with whether a mandatory exam holds its videos. */
export type CourseLectureRow = Pick<
  LectureRow,
  | 'id'
  | 'course_id'
  | 'name'
  | 'free'
  | 'price'
  | 'preview'
  | 'expiry_days'
  | 'repurchasable'
  | 'repurchase_price'
  | 'paycard_disabled'
> & {
  /**
   * Whether an exam holds the videos (for a guest: whether any is mandatory). SQLite answers
   * EXISTS with 1 or 0, PostgreSQL with true or false.
   */
  mandatory_exam: number | boolean;
  /** The student's latest purchase of the lecture (absent for a guest, null if none). */
  bought_at?: string | null;
  bought_until?: string | null;
};

/**
 * A column of the student's latest purchase of lecture `l` (the latest by time, then by id, as
 * findLatestLecturePurchases keeps it).
 */
const latestPurchase = (column: 'created_at' | 'expires_at', userId: number) =>
  sql`(select p.${sql.raw(column)} from lecture_purchases as p
    where p.user_id = ${userId} and p.lecture_id = l.id
    order by p.created_at desc, p.id desc limit 1)`;

/**
 * The lectures of the course in the enclosing query's `courses` row, in order, with the
 * student's latest purchase of each (`userId` null for a guest): a JSON list column, so the
 * course page reads its course and lectures in one query.
 * @example selectFrom('courses').select(courseLectures(db, userId).as('lectures'))
 */
export function courseLectures(
  db: Kysely<DB>,
  userId: number | null,
): RawBuilder<JsonList<CourseLectureRow>> {
  return jsonListOf<CourseLectureRow>(
    db,
    {
      id: 'l.id',
      course_id: 'l.course_id',
      name: 'l.name',
      free: 'l.free',
      price: 'l.price',
      preview: 'l.preview',
      expiry_days: 'l.expiry_days',
      repurchasable: 'l.repurchasable',
      repurchase_price: 'l.repurchase_price',
      paycard_disabled: 'l.paycard_disabled',
      mandatory_exam: sql`exists (select 1 from lecture_exams as e where e.lecture_id = l.id
            and ${userId === null ? examIsMandatory('e') : examHoldsVideos(userId, 'e')})`,
      ...(userId === null
        ? {}
        : {
            bought_at: latestPurchase('created_at', userId),
            bought_until: latestPurchase('expires_at', userId),
          }),
    },
    sql`from lectures as l where l.course_id = courses.id`,
    'l.position, l.id',
  );
}
