import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  staffLectureCreateSchema,
  staffLectureListQuerySchema,
  staffLectureUpdateSchema,
} from '@dars/contract';
import {
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  type StaffLecture,
  type StaffListQuery,
  fromPiasters,
  toPiasters,
} from '@dars/contract';
import type { LecturesTable } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import {
  auditedRows,
  conflict,
  maySetPrices,
  notFound,
  writeAudit,
  type Actor,
  type Db,
  type Trx,
} from '../../db/audited-change';
import { bool, defined, flagOf, viewedRows } from '../../db/list-page';
import type { TeacherScope } from '../../db/teacher-scope';

type Row = Selectable<LecturesTable>;

async function countBy(
  db: Db | Trx,
  table: 'videos' | 'attachments' | 'lecture_exams',
  ids: number[],
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom(table)
    .select(['lecture_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('lecture_id', 'in', ids)
    .groupBy('lecture_id')
    .execute();
  return new Map(rows.map((r) => [r.lecture_id, Number(r.n)]));
}

async function views(db: Db | Trx, rows: Row[]): Promise<StaffLecture[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [videos, attachments, exams] = await Promise.all([
    countBy(db, 'videos', ids),
    countBy(db, 'attachments', ids),
    countBy(db, 'lecture_exams', ids),
  ]);
  return rows.map((r) => ({
    id: r.id,
    course_id: r.course_id,
    name: r.name,
    position: r.position,
    free: bool(r.free),
    price: fromPiasters(r.price),
    preview: bool(r.preview),
    expiry_days: r.expiry_days,
    repurchasable: bool(r.repurchasable),
    repurchase_price: r.repurchase_price === null ? null : fromPiasters(r.repurchase_price),
    paycard_disabled: bool(r.paycard_disabled),
    videos_count: videos.get(r.id) ?? 0,
    attachments_count: attachments.get(r.id) ?? 0,
    exams_count: exams.get(r.id) ?? 0,
    created_at: r.created_at,
  }));
}

const lectureItems = viewedRows('lectures', views);

export const getLecture = lectureItems.get;

export async function listLectures(
  db: Db,
  query: StaffListQuery & z.output<typeof staffLectureListQuerySchema>,
  teacher: TeacherScope = null,
) {
  return lectureItems.list(db, query, {
    scope: { resource: 'lecture', teacher },
    search: ['name'],
    equal: ['course_id'],
    sortable: ['id', 'name', 'position', 'price', 'created_at', 'course_id'],
    fallback: 'position',
  });
}

type Fields = z.output<typeof staffLectureUpdateSchema>;

function columns(body: Fields) {
  return defined({
    name: body.name,
    position: body.position,
    free: body.free === undefined ? undefined : flagOf(body.free),
    price: body.price === undefined ? undefined : toPiasters(body.price),
    preview: body.preview === undefined ? undefined : flagOf(body.preview),
    expiry_days: body.expiry_days,
    repurchasable: body.repurchasable === undefined ? undefined : flagOf(body.repurchasable),
    repurchase_price:
      body.repurchase_price === undefined
        ? undefined
        : body.repurchase_price === null
          ? null
          : toPiasters(body.repurchase_price),
    paycard_disabled:
      body.paycard_disabled === undefined ? undefined : flagOf(body.paycard_disabled),
  });
}

/**
 * Prices are the admin's (ADR 022): a leader may not change a lecture's price, its repurchase
 * price or its free flag (a free lecture costs nothing).
 */
function checkPrices(actor: Actor, body: Fields, current: StaffLecture | null): void {
  if (maySetPrices(actor)) return;
  const now = current ?? { price: 0, repurchase_price: null, free: false };
  const changed =
    (body.price !== undefined && toPiasters(body.price) !== toPiasters(now.price)) ||
    (body.repurchase_price !== undefined &&
      (body.repurchase_price === null ? null : toPiasters(body.repurchase_price)) !==
        (now.repurchase_price === null ? null : toPiasters(now.repurchase_price))) ||
    (body.free !== undefined && body.free !== now.free);
  if (changed) throw new AppError('FORBIDDEN', STAFF_MESSAGES.pricesForbidden);
}

const lectureRows = auditedRows('lectures', 'lectures', getLecture);

export function createLecture(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffLectureCreateSchema>,
): Promise<StaffLecture> {
  checkPrices(actor, body, null);
  return lectureRows.create(db, actor, async (trx) => {
    const course = await trx
      .selectFrom('courses')
      .select('id')
      .where('id', '=', body.course_id)
      .executeTakeFirst();
    if (!course) throw fieldError('course_id', VALIDATION_MESSAGES.choice);
    const last = await trx
      .selectFrom('lectures')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('course_id', '=', body.course_id)
      .executeTakeFirst();
    return {
      free: 0,
      price: 0,
      preview: 0,
      expiry_days: null,
      repurchasable: 0,
      repurchase_price: null,
      paycard_disabled: 0,
      ...columns(body),
      position: body.position ?? Number(last?.p ?? 0) + 1,
      course_id: body.course_id,
      name: body.name,
      created_at: nowIso(),
    };
  });
}

export function updateLecture(db: Db, actor: Actor, id: number, body: Fields) {
  return lectureRows.update(db, actor, id, (_trx, before) => {
    checkPrices(actor, body, before);
    return columns(body);
  });
}

/** Deletes a lecture unless students bought it (409). */
export function deleteLecture(db: Db, actor: Actor, id: number): Promise<void> {
  return lectureRows.remove(db, actor, id, async (trx) => {
    const bought = await trx
      .selectFrom('lecture_purchases')
      .select('id')
      .where('lecture_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (bought) throw conflict(STAFF_MESSAGES.lectureHasPurchases);
  });
}

/** 422 on `lecture_id` when it names no lecture (a video, attachment or exam is added to it). */
export async function lectureExists(trx: Trx, id: number): Promise<void> {
  const row = await trx.selectFrom('lectures').select('id').where('id', '=', id).executeTakeFirst();
  if (!row) throw fieldError('lecture_id', VALIDATION_MESSAGES.choice);
}

/**
 * The position after the last of a lecture's videos, attachments or exams (1 for the first).
 * @example position: body.position ?? (await nextPosition(trx, 'videos', body.lecture_id))
 */
export async function nextPosition(
  trx: Trx,
  table: 'videos' | 'attachments' | 'lecture_exams',
  lectureId: number,
): Promise<number> {
  const last = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('p'))
    .where('lecture_id', '=', lectureId)
    .executeTakeFirst();
  return Number(last?.p ?? 0) + 1;
}

/**
 * Puts a course's lectures in the order given (drag to reorder): `ids` must hold every lecture
 * of the course once. Positions become 1, 2, 3…; one audit row names the course (its record,
 * and its name in the states, for once it is deleted) and holds both orders.
 */
export async function orderLectures(
  db: Db,
  actor: Actor,
  courseId: number,
  ids: number[],
): Promise<StaffLecture[]> {
  return db.transaction().execute(async (trx) => {
    const course = await trx
      .selectFrom('courses')
      .select('name')
      .where('id', '=', courseId)
      .executeTakeFirst();
    if (!course) throw notFound();
    const current = await trx
      .selectFrom('lectures')
      .select(['id', 'position'])
      .where('course_id', '=', courseId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const known = new Set(current.map((l) => l.id));
    if (
      ids.length !== current.length ||
      new Set(ids).size !== ids.length ||
      ids.some((id) => !known.has(id))
    ) {
      throw fieldError('ids', STAFF_MESSAGES.orderIds);
    }
    for (const [index, id] of ids.entries()) {
      await trx
        .updateTable('lectures')
        .set({ position: index + 1 })
        .where('id', '=', id)
        .execute();
    }
    await writeAudit(trx, actor, {
      action: 'reorder',
      resource: 'courses',
      resourceId: courseId,
      before: { name: course.name, lecture_ids: current.map((l) => l.id) },
      after: { name: course.name, lecture_ids: ids },
    });
    const rows = await trx
      .selectFrom('lectures')
      .selectAll()
      .where('course_id', '=', courseId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    return views(trx, rows);
  });
}
