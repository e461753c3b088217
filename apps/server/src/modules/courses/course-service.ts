import type { Kysely } from 'kysely';
import {
  API_BASE,
  COURSES_PAGE_SIZE,
  fromPiasters,
  type Course,
  type CourseSummary,
  type GetCoursesQuery,
  type GetCourseResponse,
  type GetCoursesResponse,
  type Lecture,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/public-url';
import { nowIso } from '../../lib/time';
import { jsonList } from '../../db/json-list';
import { lectureGrant } from '../lectures/lecture-access';
import {
  findCourseHoldings,
  type CourseHoldings,
  type CourseLectureRow,
} from '../lectures/lecture-queries';
import {
  findJoinedCourseIds,
  findCoursePage,
  findCourses,
  findFeaturedCourses,
  findLatestCourses,
  findTeacherCourses,
  type CourseCardRow,
  type CourseCursor,
  type CourseLink,
} from './course-queries';

export const WELCOME_FEATURED_LIMIT = 8;

const named = ({ id, name }: CourseLink) => ({ id, name });

/**
 * A course card as the contract shows it, from a row of the course queries (which read its
 * teachers, grades and categories with it).
 */
export function toSummary(row: CourseCardRow): CourseSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image_url: publicFileUrl(row.image_path),
    featured: row.featured === 1,
    pay_type: row.pay_type === 'course' ? 'course' : 'lectures',
    price: fromPiasters(row.price),
    free: row.price === 0,
    joined: row.enrolled_at !== null,
    show_preview: row.show_preview === 1,
    grades: jsonList(row.grades).map(named),
    categories: jsonList(row.categories).map(named),
    teachers: jsonList(row.teachers).map((t) => ({
      id: t.id,
      name: t.name,
      avatar: publicFileUrl(t.avatar_path ?? null),
    })),
    lectures_count: Number(row.lectures_count ?? 0),
    users_count: Number(row.users_count ?? 0),
  };
}

/**
 * `after` of `links.next`: the position of a page's last course, opaque to clients.
 * @example encodeCursor({ createdAt: '2026-11-22T10:00:00.000Z', id: 7 })
 */
export function encodeCursor(cursor: CourseCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`).toString('base64url');
}

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?Z)\|([1-9]\d{0,15})$/;

/** The position in an `after`, or undefined for anything we did not write (then `page` counts). */
export function decodeCursor(after: string | undefined): CourseCursor | undefined {
  if (!after) return undefined;
  const match = CURSOR.exec(Buffer.from(after, 'base64url').toString());
  if (!match) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { createdAt: match[1]!, id } : undefined;
}

/** The url of a courses page with the same filters, as `links.next` and `links.prev` carry it. */
export function coursesPageUrl(query: GetCoursesQuery, page: number, after?: CourseCursor): string {
  const params = new URLSearchParams();
  if (query.query) params.set('query', query.query);
  if (query.grade_id !== undefined) params.set('grade_id', String(query.grade_id));
  if (query.category_id !== undefined) params.set('category_id', String(query.category_id));
  params.set('page', String(page));
  if (after) params.set('after', encodeCursor(after));
  return `${API_BASE}/courses?${params.toString()}`;
}

/**
 * A page of the catalogue. `links.next` starts the next page after this page's last course
 * (keyset), so scrolling deep stays as fast as the first page and a course added meanwhile
 * neither repeats nor skips one; `page` still counts pages, and a link without `after` (handed
 * out before keyset paging) is served by its page number.
 */
export async function listCourses(
  db: Kysely<DB>,
  query: GetCoursesQuery,
  userId: number | null,
): Promise<GetCoursesResponse> {
  const perPage = COURSES_PAGE_SIZE;
  const after = decodeCursor(query.after);
  const { rows, hasMore } = await findCourses(
    db,
    { query: query.query, gradeId: query.grade_id, categoryId: query.category_id },
    after ? { limit: perPage, after } : { limit: perPage, offset: (query.page - 1) * perPage },
    userId,
  );
  const last = rows.at(-1);
  return {
    data: rows.map(toSummary),
    links: {
      next:
        hasMore && last
          ? coursesPageUrl(query, query.page + 1, { createdAt: last.created_at, id: last.id })
          : null,
      prev: query.page > 1 ? coursesPageUrl(query, query.page - 1) : null,
    },
    meta: { current_page: query.page, per_page: perPage },
  };
}

export async function welcomeCourses(
  db: Kysely<DB>,
  userId: number | null,
): Promise<CourseSummary[]> {
  return (await findFeaturedCourses(db, WELCOME_FEATURED_LIMIT, userId)).map(toSummary);
}

/** The home page's two sections: featured courses and the newest ones (`userId` null: no one's flags). */
export async function homeCourses(
  db: Kysely<DB>,
  limit: number,
  userId: number | null,
): Promise<{ featured: CourseSummary[]; latest: CourseSummary[] }> {
  const [featured, latest] = await Promise.all([
    findFeaturedCourses(db, limit, userId),
    findLatestCourses(db, limit, userId),
  ]);
  return { featured: featured.map(toSummary), latest: latest.map(toSummary) };
}

/** A teacher's published courses, with the student's joined flags when signed in. */
export async function teacherCourses(
  db: Kysely<DB>,
  teacherId: number,
  userId: number | null,
): Promise<CourseSummary[]> {
  return (await findTeacherCourses(db, teacherId, userId)).map(toSummary);
}

/**
 * What puts a signed-in student's own `joined` flags on cards every reader shares (a guest's,
 * `joined` false), read in one query by the student's key: cards the student joined are copied
 * with the flag; cards with none of them are handed back as they are (the same array, so that
 * an answer made of them can be written once, ADR 057).
 */
export async function joinedFlags(
  db: Kysely<DB>,
  userId: number,
): Promise<(cards: CourseSummary[]) => CourseSummary[]> {
  const joined = await findJoinedCourseIds(db, userId);
  return (cards) =>
    cards.some((c) => joined.has(c.id))
      ? cards.map((c) => (joined.has(c.id) ? { ...c, joined: true } : c))
      : cards;
}

/** joinedFlags for one list of cards. */
export async function withJoinedFlags(
  db: Kysely<DB>,
  cards: CourseSummary[],
  userId: number,
): Promise<CourseSummary[]> {
  return (await joinedFlags(db, userId))(cards);
}

type LectureContext = Omit<CourseHoldings, 'held'> & {
  payType: 'course' | 'lectures';
  now: string;
  /** Whether an exam still holds the lecture's videos for this reader. */
  holdsVideos: (lecture: CourseLectureRow) => boolean;
};

/** A lecture as one student sees it; the access rules themselves are lectureGrant's. */
function toLecture(row: CourseLectureRow, context: LectureContext): Lecture {
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
    enable_videos: !context.holdsVideos(row),
    repurchasable: row.repurchasable === 1,
    repurchase_price: row.repurchase_price === null ? null : fromPiasters(row.repurchase_price),
    paycard_disabled: row.paycard_disabled === 1,
  };
}

/** The course page's card and lectures, with what one reader holds of them. */
function coursePage(
  summary: CourseSummary,
  lectures: CourseLectureRow[],
  context: Omit<LectureContext, 'payType' | 'now'>,
): Course {
  const full: LectureContext = { ...context, payType: summary.pay_type, now: nowIso() };
  const joined = context.enrolledAt !== null;
  return {
    ...summary,
    joined,
    purchased: summary.pay_type === 'course' && joined,
    lectures: lectures.map((l) => toLecture(l, full)),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'الدورة غير موجودة');

/**
 * A course page for one student (or a guest): the card fields plus lectures with their states,
 * in one query.
 */
export async function getCourse(
  db: Kysely<DB>,
  id: number,
  userId: number | null,
): Promise<Course> {
  const row = await findCoursePage(db, id, userId);
  if (!row) throw notFound();
  const lectures = jsonList(row.lectures);
  const purchases: CourseHoldings['purchases'] = new Map();
  for (const l of lectures) {
    if (l.bought_at)
      purchases.set(l.id, { created_at: l.bought_at, expires_at: l.bought_until ?? null });
  }
  return coursePage(toSummary(row), lectures, {
    enrolledAt: row.enrolled_at,
    purchases,
    holdsVideos: (l) => Boolean(l.mandatory_exam),
  });
}

/**
 * What every reader of a course page shares: its card as a guest sees it, its lectures, and
 * the page a guest is answered (which is also the page of a student who holds nothing of it).
 */
export type SharedCoursePage = {
  summary: CourseSummary;
  lectures: CourseLectureRow[];
  guest: GetCourseResponse;
};

/** A course page as a guest reads it, kept by the routes for every reader (undefined: none). */
export async function findSharedCoursePage(
  db: Kysely<DB>,
  id: number,
): Promise<SharedCoursePage | undefined> {
  const row = await findCoursePage(db, id, null);
  if (!row) return undefined;
  const summary = toSummary(row);
  const lectures = jsonList(row.lectures);
  const guest = coursePage(summary, lectures, {
    enrolledAt: null,
    purchases: new Map(),
    holdsVideos: (l) => Boolean(l.mandatory_exam),
  });
  return { summary, lectures, guest: { data: guest } };
}

/**
 * A signed-in student's course page from the part every reader shares and what the student
 * holds of it, read in one query by the student's key (the enrolment, the lectures' latest
 * purchases, and the lectures whose videos wait for one of their exams). The same answer as
 * getCourse(db, id, userId), which reads it all with the course in one query per student; when
 * the student holds nothing of the course, it is the guest's page itself (`shared.guest`, the
 * same object, so that it can be written once).
 */
export async function studentCoursePage(
  db: Kysely<DB>,
  shared: SharedCoursePage | undefined,
  userId: number,
): Promise<GetCourseResponse> {
  if (!shared) throw notFound();
  const { held, ...holdings } = await findCourseHoldings(db, userId, shared.summary.id, {
    mandatoryExams: shared.lectures.some((l) => Boolean(l.mandatory_exam)),
  });
  const holdsVideos = (l: CourseLectureRow) => held.has(l.id);
  const asGuest =
    holdings.enrolledAt === null &&
    holdings.purchases.size === 0 &&
    shared.lectures.every((l) => Boolean(l.mandatory_exam) === holdsVideos(l));
  if (asGuest) return shared.guest;
  return { data: coursePage(shared.summary, shared.lectures, { ...holdings, holdsVideos }) };
}
