import type { Kysely } from 'kysely';
import {
  API_BASE,
  COURSES_PAGE_SIZE,
  fromPiasters,
  type Course,
  type CourseSummary,
  type GetCoursesQuery,
  type GetCoursesResponse,
  type Lecture,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/public-url';
import { nowIso } from '../../lib/time';
import { lectureGrant } from '../lectures/lecture-access';
import {
  findCourse,
  findCourses,
  findEnrollment,
  findFeaturedCourses,
  findLatestLecturePurchases,
  findLectures,
  findLecturesWithMandatoryExams,
  loadCourseRelations,
  type CourseRelations,
  type CourseRow,
  type LectureRow,
} from './course-queries';

export const WELCOME_FEATURED_LIMIT = 8;

function toSummary(row: CourseRow, rel: CourseRelations): CourseSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: publicFileUrl(row.image_path),
    featured: row.featured === 1,
    pay_type: row.pay_type === 'course' ? 'course' : 'lectures',
    price: fromPiasters(row.price),
    free: row.price === 0,
    joined: rel.joined.has(row.id),
    show_preview: row.show_preview === 1,
    grades: rel.grades.get(row.id) ?? [],
    categories: rel.categories.get(row.id) ?? [],
    teachers: (rel.teachers.get(row.id) ?? []).map((t) => ({
      id: t.id,
      name: t.name,
      avatar: publicFileUrl(t.avatar_path),
    })),
    lectures_count: rel.lecturesCount.get(row.id) ?? 0,
    users_count: rel.usersCount.get(row.id) ?? 0,
  };
}

/** Shapes a list of course rows for one student (or a guest) in a fixed number of queries. */
export async function summarise(
  db: Kysely<DB>,
  rows: CourseRow[],
  userId: number | null,
): Promise<CourseSummary[]> {
  const rel = await loadCourseRelations(
    db,
    rows.map((r) => r.id),
    userId,
  );
  return rows.map((row) => toSummary(row, rel));
}

/** The url of a courses page with the same filters, as `links.next` carries it. */
export function coursesPageUrl(query: GetCoursesQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.query) params.set('query', query.query);
  if (query.grade_id !== undefined) params.set('grade_id', String(query.grade_id));
  if (query.category_id !== undefined) params.set('category_id', String(query.category_id));
  params.set('page', String(page));
  return `${API_BASE}/courses?${params.toString()}`;
}

export async function listCourses(
  db: Kysely<DB>,
  query: GetCoursesQuery,
  userId: number | null,
): Promise<GetCoursesResponse> {
  const perPage = COURSES_PAGE_SIZE;
  const { rows, hasMore } = await findCourses(
    db,
    { query: query.query, gradeId: query.grade_id, categoryId: query.category_id },
    { limit: perPage, offset: (query.page - 1) * perPage },
  );
  return {
    data: await summarise(db, rows, userId),
    links: {
      next: hasMore ? coursesPageUrl(query, query.page + 1) : null,
      prev: query.page > 1 ? coursesPageUrl(query, query.page - 1) : null,
    },
    meta: { current_page: query.page, per_page: perPage },
  };
}

export async function welcomeCourses(
  db: Kysely<DB>,
  userId: number | null,
): Promise<CourseSummary[]> {
  return summarise(db, await findFeaturedCourses(db, WELCOME_FEATURED_LIMIT), userId);
}

type LectureContext = {
  payType: 'course' | 'lectures';
  enrolledAt: string | null;
  purchases: Map<number, { created_at: string; expires_at: string | null }>;
  mandatory: Set<number>;
  now: string;
};

/** A lecture as one student sees it; the access rules themselves are lectureGrant's. */
function toLecture(row: LectureRow, context: LectureContext): Lecture {
  const { purchased, expired } = lectureGrant(
    row,
    context.payType,
    context.enrolledAt,
    context.purchases.get(row.id),
    context.now,
  );
  return {
    id: row.id,
    course_id: row.course_id,
    name: row.name,
    free: row.free === 1 || row.price === 0,
    price: fromPiasters(row.price),
    preview: row.preview === 1,
    purchased,
    expired,
    expiry_days: row.expiry_days,
    enable_videos: !context.mandatory.has(row.id),
    repurchasable: row.repurchasable === 1,
    repurchase_price: row.repurchase_price === null ? null : fromPiasters(row.repurchase_price),
    paycard_disabled: row.paycard_disabled === 1,
  };
}

/** A course page for one student (or a guest): the card fields plus lectures with their states. */
export async function getCourse(
  db: Kysely<DB>,
  id: number,
  userId: number | null,
): Promise<Course> {
  const row = await findCourse(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'الدورة غير موجودة');
  const [[summary], lectures, enrollment] = await Promise.all([
    summarise(db, [row], userId),
    findLectures(db, id),
    userId === null ? Promise.resolve(undefined) : findEnrollment(db, userId, id),
  ]);
  const lectureIds = lectures.map((l) => l.id);
  const [purchases, mandatory] = await Promise.all([
    userId === null
      ? Promise.resolve(new Map())
      : findLatestLecturePurchases(db, userId, lectureIds),
    findLecturesWithMandatoryExams(db, lectureIds),
  ]);
  const context: LectureContext = {
    payType: summary!.pay_type,
    enrolledAt: enrollment?.created_at ?? null,
    purchases,
    mandatory,
    now: nowIso(),
  };
  return {
    ...summary!,
    purchased: summary!.pay_type === 'course' && enrollment !== undefined,
    lectures: lectures.map((l) => toLecture(l, context)),
  };
}
