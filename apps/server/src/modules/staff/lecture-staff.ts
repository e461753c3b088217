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
  bool,
  change,
  conflict,
  countOf,
  defined,
  flagOf,
  isAdmin,
  matches,
  notFound,
  pageOf,
  sortOf,
  writeAudit,
  type Actor,
  type Db,
  type Trx,
} from './staff-core';

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

export async function getLecture(db: Db | Trx, id: number): Promise<StaffLecture | undefined> {
  const row = await db.selectFrom('lectures').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await views(db, [row]))[0] : undefined;
}

export async function listLectures(
  db: Db,
  query: StaffListQuery & z.output<typeof staffLectureListQuerySchema>,
) {
  let base = db.selectFrom('lectures');
  if (query.q) base = base.where(matches('name', query.q));
  if (query.course_id !== undefined) base = base.where('course_id', '=', query.course_id);
  const sort = sortOf(
    query,
    ['id', 'name', 'position', 'price', 'created_at', 'course_id'] as const,
    'position',
  );
  const { limit, offset } = pageOf(query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { data: await views(db, rows), meta: { total: countOf(total) } };
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
  if (isAdmin(actor)) return;
  const now = current ?? { price: 0, repurchase_price: null, free: false };
  const changed =
    (body.price !== undefined && toPiasters(body.price) !== toPiasters(now.price)) ||
    (body.repurchase_price !== undefined &&
      (body.repurchase_price === null ? null : toPiasters(body.repurchase_price)) !==
        (now.repurchase_price === null ? null : toPiasters(now.repurchase_price))) ||
    (body.free !== undefined && body.free !== now.free);
  if (changed) throw new AppError('FORBIDDEN', STAFF_MESSAGES.pricesForbidden);
}

export async function createLecture(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffLectureCreateSchema>,
): Promise<StaffLecture> {
  checkPrices(actor, body, null);
  const { after } = await change(
    db,
    actor,
    { resource: 'lectures', action: 'create' },
    getLecture,
    async (trx) => {
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
      const row = await trx
        .insertInto('lectures')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  );
  return after!;
}

export async function updateLecture(
  db: Db,
  actor: Actor,
  id: number,
  body: Fields,
): Promise<StaffLecture> {
  const { after } = await change(
    db,
    actor,
    { resource: 'lectures', action: 'update', id },
    getLecture,
    async (trx, before) => {
      checkPrices(actor, body, before!);
      const values = columns(body);
      if (Object.keys(values).length > 0) {
        await trx.updateTable('lectures').set(values).where('id', '=', id).execute();
      }
      return id;
    },
  );
  return after!;
}

/** Deletes a lecture unless students bought it (409). */
export async function deleteLecture(db: Db, actor: Actor, id: number): Promise<void> {
  await change(
    db,
    actor,
    { resource: 'lectures', action: 'delete', id },
    getLecture,
    async (trx) => {
      const bought = await trx
        .selectFrom('lecture_purchases')
        .select('id')
        .where('lecture_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      if (bought) throw conflict(STAFF_MESSAGES.lectureHasPurchases);
      await trx.deleteFrom('lectures').where('id', '=', id).execute();
      return id;
    },
  );
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
