import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import {
  endpoints,
  toLatinDigits,
  VIDEO_WATCHED_PERCENT,
  type StaffCourseProgressQuery,
  type StaffProgressRow,
  type StaffStudentProgress,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import { notFound, type Db } from '../../db/audited-change';
import { likePattern, selectedPage, sortOf } from '../../db/list-page';
import { isInScope, teacherScopeOf, type TeacherScope } from '../../db/teacher-scope';
import { csvChunks, sendCsv, type CsvColumn } from '../../lib/csv-export';
import { serve } from '../../plugins/endpoint';
import {
  courseMembers,
  courseTree,
  studentCourses,
  progressOf,
  summaryOf,
  type CourseTree,
} from './course-progress';

// Staff's progress reports (issue 28, ADR 054): per course, the students who joined it with
// what they watched, opened and took (of the whole course or of one lecture), filtered to find
// who has not watched a lecture or missed its homework; per student, their courses. Reads: no
// audit row. A teacher's login (ADR 048) reads its own courses only: the course's scope rule
// answers another's 404 (teacher-scope-rules.ts), and a student's report keeps the teacher's
// courses (404 for a student of none of them).

/**
 * SQL true for the student under `u` by `status`, over the lectures `scope` selects. A video
 * counts as watched at VIDEO_WATCHED_PERCENT of a known length, as the student's page says.
 */
function statusSql(
  status: NonNullable<StaffCourseProgressQuery['status']>,
  scope: RawBuilder<unknown>,
) {
  const notWatched = sql<boolean>`exists (select 1 from videos as v where v.lecture_id in (${scope})
    and not exists (select 1 from video_progress as p where p.user_id = u.id and p.video_id = v.id
      and v.duration_seconds > 0
      and p.watched_seconds * 100 >= ${VIDEO_WATCHED_PERCENT} * v.duration_seconds))`;
  switch (status) {
    case 'not_watched':
      return notWatched;
    case 'watched':
      return sql<boolean>`not ${notWatched}`;
    case 'missed_exam':
      return sql<boolean>`exists (select 1 from lecture_exams as le where le.lecture_id in (${scope})
        and not exists (select 1 from exam_sessions as s where s.user_id = u.id
          and s.exam_id = le.exam_id and s.finished_at is not null))`;
    case 'no_activity':
      return sql<boolean>`(not exists (select 1 from video_progress as p
          where p.user_id = u.id and p.lecture_id in (${scope}))
        and not exists (select 1 from attachment_opens as o
          where o.user_id = u.id and o.lecture_id in (${scope}))
        and not exists (select 1 from exam_sessions as s inner join lecture_exams as le
          on le.exam_id = s.exam_id
          where s.user_id = u.id and s.finished_at is not null and le.lecture_id in (${scope})))`;
  }
}

/** The course's tree, 404 when there is none or `lecture_id` is not one of its lectures. */
async function treeFor(db: Db, courseId: number, lectureId: number | undefined) {
  const tree = await courseTree(db, courseId);
  if (!tree) throw notFound();
  if (lectureId !== undefined && !tree.lectures.some((l) => l.id === lectureId)) throw notFound();
  return tree;
}

/** A page of the course's students with their figures (of `lecture_id` when asked). */
export async function courseProgressPage(
  db: Db,
  tree: CourseTree,
  query: StaffCourseProgressQuery,
): Promise<{ data: StaffProgressRow[]; meta: { total: number } }> {
  const courseId = tree.course.id;
  const scope =
    query.lecture_id === undefined
      ? sql`select id from lectures where course_id = ${courseId}`
      : sql`select id from lectures where id = ${query.lecture_id}`;
  let base = db
    .selectFrom('users as u')
    .innerJoin(courseMembers(db, courseId).as('e'), 'e.user_id', 'u.id')
    .leftJoin('grades as g', 'g.id', 'u.grade_id')
    .where('u.group_id', 'is', null);
  if (query.grade_id !== undefined) base = base.where('u.grade_id', '=', query.grade_id);
  if (query.q) {
    const text = toLatinDigits(query.q).trim();
    base = base.where((eb) =>
      eb.or([
        sql<boolean>`lower(u.name) like ${likePattern(text)} escape '\\'`,
        sql<boolean>`u.phone like ${likePattern(text.replace(/[\s-]/g, ''))} escape '\\'`,
      ]),
    );
  }
  if (query.status !== undefined) base = base.where(statusSql(query.status, scope));
  const selected = base.select([
    'u.id',
    'u.name',
    'u.phone',
    'u.parent_phone',
    'g.id as grade_id',
    'g.name as grade_name',
    'e.created_at as joined_at',
  ]);
  const sort = sortOf(query, ['name', 'id', 'joined_at'] as const, 'name');
  const column = sort.column === 'joined_at' ? 'e.created_at' : (`u.${sort.column}` as const);
  const { rows, total } = await selectedPage(selected, query, [column, 'u.id'], sort.direction);
  const figures = await progressOf(
    db,
    tree,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r, i) => {
      const { progress, lastOpened } = figures[i]!;
      const lectures = progress.lectures.filter(
        (l) => query.lecture_id === undefined || l.id === query.lecture_id,
      );
      const videos = lectures.flatMap((l) => l.videos);
      const scores = lectures
        .flatMap((l) => l.exams)
        .map((x) => x.score_percent)
        .filter((s): s is number => s !== null);
      const times = [
        ...videos.map((v) => v.last_watched_at),
        ...lectures.flatMap((l) => l.attachments).map((a) => lastOpened.get(a.id) ?? null),
        ...lectures.flatMap((l) => l.exams).map((x) => x.finished_at),
      ].filter((t): t is string => t !== null);
      return {
        id: r.id,
        name: r.name,
        phone: r.phone,
        parent_phone: r.parent_phone,
        grade: r.grade_id === null ? null : { id: r.grade_id, name: r.grade_name ?? '' },
        summary: summaryOf(lectures),
        watched_minutes: Math.floor(videos.reduce((sum, v) => sum + v.watched_seconds, 0) / 60),
        average_score:
          scores.length === 0
            ? null
            : Math.round((scores.reduce((a, b) => a + b, 0) / scores.length) * 10) / 10,
        last_activity_at: times.length === 0 ? null : times.reduce((a, b) => (a > b ? a : b)),
        joined_at: r.joined_at,
      };
    }),
    meta: { total },
  };
}

/** The report's CSV (ADR 034): a student a row, Arabic headers, the same rows as the list. */
export const COURSE_PROGRESS_COLUMNS: readonly CsvColumn<StaffProgressRow>[] = [
  { header: 'رقم الطالب', value: (r) => r.id },
  { header: 'الاسم', value: (r) => r.name },
  { header: 'الهاتف', value: (r) => r.phone },
  { header: 'هاتف ولي الأمر', value: (r) => r.parent_phone ?? '' },
  { header: 'الصف', value: (r) => r.grade?.name ?? '' },
  { header: 'الفيديوهات المشاهدة', value: (r) => r.summary.videos.done },
  { header: 'عدد الفيديوهات', value: (r) => r.summary.videos.total },
  { header: 'الملفات المفتوحة', value: (r) => r.summary.attachments.done },
  { header: 'عدد الملفات', value: (r) => r.summary.attachments.total },
  { header: 'الامتحانات المحلولة', value: (r) => r.summary.exams.done },
  { header: 'عدد الامتحانات', value: (r) => r.summary.exams.total },
  { header: 'نسبة الإنجاز %', value: (r) => r.summary.percent },
  { header: 'دقائق المشاهدة', value: (r) => r.watched_minutes },
  { header: 'متوسط الدرجات %', value: (r) => r.average_score ?? '' },
  { header: 'آخر نشاط', value: (r) => r.last_activity_at ?? '' },
  { header: 'تاريخ الانضمام', value: (r) => r.joined_at },
];

/**
 * A student's courses as the student sees each: every course they joined for the school, a
 * teacher's own only for a teacher's login; 404 for no such student, or (for a teacher) a
 * student of none of their courses.
 */
export async function studentProgress(
  db: Db,
  studentId: number,
  scope: TeacherScope,
): Promise<StaffStudentProgress> {
  const student = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', '=', studentId)
    .where('group_id', 'is', null)
    .executeTakeFirst();
  if (!student) throw notFound();
  // The courses joined, and those of lectures held without joining, in the order first reached.
  const joined = await studentCourses(db, studentId);
  const courses: StaffStudentProgress['courses'] = [];
  for (const { course_id } of joined) {
    if (!(await isInScope(db, scope, 'course', course_id))) continue;
    const tree = await courseTree(db, course_id);
    if (tree) courses.push((await progressOf(db, tree, [studentId]))[0]!.progress);
  }
  if (scope !== null && courses.length === 0) throw notFound();
  return { student, courses };
}

/** The calls; staff-routes.ts serves them beside the other staff calls (their roles and scope). */
export function serveProgressReports(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // The course's scope rule (`id: 'course'`) has already answered a teacher's other course 404.
  serve(app, endpoints.staffListCourseProgress, async (request) =>
    courseProgressPage(
      db,
      await treeFor(db, request.params.id, request.query.lecture_id),
      request.query,
    ),
  );
  serve(app, endpoints.staffExportCourseProgress, async (request, reply) => {
    const tree = await treeFor(db, request.params.id, request.query.lecture_id);
    return sendCsv(
      reply,
      `course-${tree.course.id}-progress.csv`,
      csvChunks(
        COURSE_PROGRESS_COLUMNS,
        async (page, size) =>
          (await courseProgressPage(db, tree, { ...request.query, page, per_page: size })).data,
      ),
    );
  });
  serve(app, endpoints.staffGetStudentProgress, async (request) => ({
    data: await studentProgress(db, request.params.id, await teacherScopeOf(db, request)),
  }));
}
