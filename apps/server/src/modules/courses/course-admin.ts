import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  staffCourseCreateSchema,
  staffCourseListQuerySchema,
  staffCourseUpdateSchema,
} from '@dars/contract';
import {
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  type StaffCourse,
  type StaffListQuery,
  fromPiasters,
  toPiasters,
} from '@dars/contract';
import type { CoursesTable } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/public-url';
import { courseSearchText } from '../../lib/search-key';
import { nowIso } from '../../lib/time';
import {
  auditedRows,
  conflict,
  isAdmin,
  maySetPrices,
  type Actor,
  type Db,
  type Trx,
} from '../../db/audited-change';
import { bool, defined, flagOf, viewedRows } from '../../db/list-page';
import type { TeacherScope } from '../../db/teacher-scope';

type Row = Selectable<CoursesTable>;

async function views(db: Db | Trx, rows: Row[]): Promise<StaffCourse[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [grades, categories, teachers, lectures, users] = await Promise.all([
    db.selectFrom('course_grades').selectAll().where('course_id', 'in', ids).execute(),
    db.selectFrom('course_categories').selectAll().where('course_id', 'in', ids).execute(),
    db
      .selectFrom('course_teachers')
      .selectAll()
      .where('course_id', 'in', ids)
      .orderBy('position')
      .orderBy('teacher_id')
      .execute(),
    db
      .selectFrom('lectures')
      .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('course_id', 'in', ids)
      .groupBy('course_id')
      .execute(),
    db
      .selectFrom('enrollments')
      .select(['course_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('course_id', 'in', ids)
      .groupBy('course_id')
      .execute(),
  ]);
  const lectureCount = new Map(lectures.map((l) => [l.course_id, Number(l.n)]));
  const userCount = new Map(users.map((u) => [u.course_id, Number(u.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    image_url: publicFileUrl(r.image_path),
    featured: bool(r.featured),
    pay_type: r.pay_type === 'course' ? 'course' : 'lectures',
    price: fromPiasters(r.price),
    free: r.price === 0,
    show_preview: bool(r.show_preview),
    users_limit: r.users_limit,
    published: bool(r.published),
    grade_ids: grades
      .filter((g) => g.course_id === r.id)
      .map((g) => g.grade_id)
      .sort((a, b) => a - b),
    category_ids: categories
      .filter((c) => c.course_id === r.id)
      .map((c) => c.category_id)
      .sort((a, b) => a - b),
    teacher_ids: teachers.filter((t) => t.course_id === r.id).map((t) => t.teacher_id),
    teacher_shares: teachers
      .filter((t) => t.course_id === r.id)
      .map((t) => ({ teacher_id: t.teacher_id, share_percent: t.share_percent })),
    lectures_count: lectureCount.get(r.id) ?? 0,
    users_count: userCount.get(r.id) ?? 0,
    created_at: r.created_at,
  }));
}

const courseItems = viewedRows('courses', views);

export const getCourse = courseItems.get;

export async function listCourses(
  db: Db,
  query: StaffListQuery & z.output<typeof staffCourseListQuerySchema>,
  teacher: TeacherScope = null,
) {
  const sortable = ['id', 'name', 'price', 'created_at', 'featured', 'published'] as const;
  const scope = { resource: 'course' as const, teacher };
  return courseItems.list(
    db,
    query,
    { search: ['name'], sortable, fallback: 'id', scope },
    (base) => {
      if (query.grade_id !== undefined) {
        const id = query.grade_id;
        base = base.where('id', 'in', (eb) =>
          eb.selectFrom('course_grades').select('course_id').where('grade_id', '=', id),
        );
      }
      if (query.category_id !== undefined) {
        const id = query.category_id;
        base = base.where('id', 'in', (eb) =>
          eb.selectFrom('course_categories').select('course_id').where('category_id', '=', id),
        );
      }
      if (query.teacher_id !== undefined) {
        const id = query.teacher_id;
        base = base.where('id', 'in', (eb) =>
          eb.selectFrom('course_teachers').select('course_id').where('teacher_id', '=', id),
        );
      }
      if (query.featured !== undefined) base = base.where('featured', '=', flagOf(query.featured));
      if (query.published !== undefined)
        base = base.where('published', '=', flagOf(query.published));
      return base;
    },
  );
}

type Fields = z.output<typeof staffCourseUpdateSchema>;

/** 422 on the field naming an id that does not exist. */
async function checkLinks(trx: Trx, body: Fields): Promise<void> {
  const lists = [
    ['grade_ids', 'grades', body.grade_ids, VALIDATION_MESSAGES.grade],
    ['category_ids', 'categories', body.category_ids, VALIDATION_MESSAGES.category],
    ['teacher_ids', 'teachers', body.teacher_ids, VALIDATION_MESSAGES.choice],
  ] as const;
  for (const [field, table, ids, message] of lists) {
    if (!ids || ids.length === 0) continue;
    const unique = [...new Set(ids)];
    const found = await trx.selectFrom(table).select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) throw fieldError(field, message);
  }
}

async function writeLinks(trx: Trx, courseId: number, body: Fields): Promise<void> {
  if (body.grade_ids) {
    await trx.deleteFrom('course_grades').where('course_id', '=', courseId).execute();
    const ids = [...new Set(body.grade_ids)];
    if (ids.length > 0) {
      await trx
        .insertInto('course_grades')
        .values(ids.map((grade_id) => ({ course_id: courseId, grade_id })))
        .execute();
    }
  }
  if (body.category_ids) {
    await trx.deleteFrom('course_categories').where('course_id', '=', courseId).execute();
    const ids = [...new Set(body.category_ids)];
    if (ids.length > 0) {
      await trx
        .insertInto('course_categories')
        .values(ids.map((category_id) => ({ course_id: courseId, category_id })))
        .execute();
    }
  }
  if (body.teacher_ids) {
    // A teacher who stays keeps this course's own share (ADR 048).
    const kept = new Map(
      (
        await trx
          .selectFrom('course_teachers')
          .select(['teacher_id', 'share_percent'])
          .where('course_id', '=', courseId)
          .execute()
      ).map((t) => [t.teacher_id, t.share_percent]),
    );
    await trx.deleteFrom('course_teachers').where('course_id', '=', courseId).execute();
    const ids = [...new Set(body.teacher_ids)];
    if (ids.length > 0) {
      await trx
        .insertInto('course_teachers')
        .values(
          ids.map((teacher_id, position) => ({
            course_id: courseId,
            teacher_id,
            position,
            share_percent: kept.get(teacher_id) ?? null,
          })),
        )
        .execute();
    }
  }
  for (const { teacher_id, share_percent } of body.teacher_shares ?? []) {
    const set = await trx
      .updateTable('course_teachers')
      .set({ share_percent })
      .where('course_id', '=', courseId)
      .where('teacher_id', '=', teacher_id)
      .executeTakeFirst();
    // A share for someone who does not teach the course.
    if (Number(set.numUpdatedRows) === 0)
      throw fieldError('teacher_shares', VALIDATION_MESSAGES.choice);
  }
}

/**
 * A course's own shares are the admin's (ADR 048): anyone else sending a share other than the
 * `current` one (the course's `teacher_shares`; none for a new course) is refused (403); the
 * same shares sent back are no change.
 */
function checkShares(actor: Actor, current: StaffCourse['teacher_shares'], body: Fields) {
  if (isAdmin(actor) || !body.teacher_shares?.length) return;
  const changed = body.teacher_shares.some(
    (s) => current.find((c) => c.teacher_id === s.teacher_id)?.share_percent !== s.share_percent,
  );
  if (changed) throw new AppError('FORBIDDEN', STAFF_MESSAGES.teacherTermsForbidden);
}

function columns(body: Fields) {
  return defined({
    name: body.name,
    description: body.description,
    featured: body.featured === undefined ? undefined : flagOf(body.featured),
    pay_type: body.pay_type,
    price: body.price === undefined ? undefined : toPiasters(body.price),
    show_preview: body.show_preview === undefined ? undefined : flagOf(body.show_preview),
    users_limit: body.users_limit,
    published: body.published === undefined ? undefined : flagOf(body.published),
  });
}

/**
 * Prices are the admin's (ADR 022), and a teacher's the admin allowed (ADR 048): a leader may
 * not set or change one.
 */
function checkPrice(actor: Actor, body: Fields, current: number): void {
  if (maySetPrices(actor) || body.price === undefined) return;
  if (toPiasters(body.price) !== current) {
    throw new AppError('FORBIDDEN', STAFF_MESSAGES.pricesForbidden);
  }
}

const courseRows = auditedRows('courses', 'courses', getCourse);

/**
 * A teacher's login (ADR 048) makes courses that list its own profile, and cannot change who
 * teaches a course (that decides whose console sees it): 403 on any other list.
 */
function checkTeachers(teacher: TeacherScope, given: number[] | undefined, current: number[]) {
  if (teacher === null || given === undefined) return;
  const same = (a: number[], b: number[]) =>
    new Set(a).size === new Set(b).size && a.every((id) => b.includes(id));
  if (!same(given, current))
    throw new AppError('FORBIDDEN', STAFF_MESSAGES.courseTeachersForbidden);
}

export function createCourse(
  db: Db,
  actor: Actor,
  given: z.output<typeof staffCourseCreateSchema>,
  teacher: TeacherScope = null,
): Promise<StaffCourse> {
  checkTeachers(teacher, given.teacher_ids, teacher === null ? [] : [teacher]);
  const body = teacher === null ? given : { ...given, teacher_ids: [teacher] };
  checkPrice(actor, body, 0);
  const description = body.description ?? '';
  return courseRows.create(
    db,
    actor,
    async (trx) => {
      await checkLinks(trx, body);
      checkShares(actor, [], body);
      return {
        featured: 0,
        price: 0,
        show_preview: 0,
        users_limit: null,
        published: 1,
        ...columns(body),
        name: body.name,
        description,
        pay_type: body.pay_type,
        search_text: courseSearchText({ name: body.name, description }),
        image_path: null,
        created_at: nowIso(),
      };
    },
    (trx, id) => writeLinks(trx, id, body),
  );
}

export function updateCourse(
  db: Db,
  actor: Actor,
  id: number,
  body: Fields,
  teacher: TeacherScope = null,
) {
  return courseRows.update(
    db,
    actor,
    id,
    async (trx, before) => {
      checkPrice(actor, body, toPiasters(before.price));
      checkShares(actor, before.teacher_shares, body);
      checkTeachers(teacher, body.teacher_ids, before.teacher_ids);
      await checkLinks(trx, body);
      const values = columns(body);
      if (body.name === undefined && body.description === undefined) return values;
      const text = {
        name: body.name ?? before.name,
        description: body.description ?? before.description,
      };
      return { ...values, search_text: courseSearchText(text) };
    },
    (trx) => writeLinks(trx, id, body),
  );
}

export function setCourseImage(db: Db, actor: Actor, id: number, path: string) {
  return courseRows.upload(db, actor, id, { image_path: path });
}

/**
 * Deletes a course with its lectures, unless students joined it or bought one of its lectures
 * (409): their purchases and ledgers point at it.
 */
export function deleteCourse(db: Db, actor: Actor, id: number): Promise<void> {
  return courseRows.remove(db, actor, id, async (trx) => {
    const joined = await trx
      .selectFrom('enrollments')
      .select('user_id')
      .where('course_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    const bought = await trx
      .selectFrom('lecture_purchases')
      .innerJoin('lectures', 'lectures.id', 'lecture_purchases.lecture_id')
      .select('lecture_purchases.id')
      .where('lectures.course_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (joined || bought) throw conflict(STAFF_MESSAGES.courseHasPurchases);
  });
}
