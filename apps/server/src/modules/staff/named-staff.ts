import type { z } from 'zod';
import type { staffNamedCreateSchema, staffNamedUpdateSchema } from '@dars/contract';
import { STAFF_MESSAGES, type StaffListQuery, type StaffNamed } from '@dars/contract';
import {
  change,
  conflict,
  countOf,
  defined,
  matches,
  pageOf,
  sortOf,
  type Actor,
  type Db,
  type Trx,
} from './staff-core';

/** Grades and categories: the two named lists (spec §3 settings' grades and categories). */
export type NamedResource = 'grades' | 'categories';

async function load(db: Db | Trx, table: NamedResource, id: number) {
  return db
    .selectFrom(table)
    .select(['id', 'name', 'position'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listNamed(
  db: Db,
  table: NamedResource,
  query: StaffListQuery,
): Promise<{ data: StaffNamed[]; meta: { total: number } }> {
  let base = db.selectFrom(table);
  if (query.q) base = base.where(matches('name', query.q));
  const sort = sortOf(query, ['id', 'name', 'position'] as const, 'position');
  const { limit, offset } = pageOf(query);
  const [total, data] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .select(['id', 'name', 'position'])
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { data, meta: { total: countOf(total) } };
}

export function getNamed(db: Db, table: NamedResource, id: number) {
  return load(db, table, id);
}

export async function createNamed(
  db: Db,
  actor: Actor,
  table: NamedResource,
  body: z.output<typeof staffNamedCreateSchema>,
): Promise<StaffNamed> {
  const { after } = await change(
    db,
    actor,
    { resource: table, action: 'create' },
    (trx, id) => load(trx, table, id),
    async (trx) => {
      const last = await trx
        .selectFrom(table)
        .select((eb) => eb.fn.max('position').as('p'))
        .executeTakeFirst();
      const row = await trx
        .insertInto(table)
        .values({ name: body.name, position: body.position ?? Number(last?.p ?? 0) + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  );
  return after!;
}

export async function updateNamed(
  db: Db,
  actor: Actor,
  table: NamedResource,
  id: number,
  body: z.output<typeof staffNamedUpdateSchema>,
): Promise<StaffNamed> {
  const { after } = await change(
    db,
    actor,
    { resource: table, action: 'update', id },
    (trx, i) => load(trx, table, i),
    async (trx) => {
      const values = defined({ name: body.name, position: body.position });
      if (Object.keys(values).length > 0) {
        await trx.updateTable(table).set(values).where('id', '=', id).execute();
      }
      return id;
    },
  );
  return after!;
}

/**
 * Deletes a grade or a category. A grade that students have chosen is kept (409): removing it
 * would leave their profiles incomplete. Courses' links go with the row (cascade).
 */
export async function deleteNamed(
  db: Db,
  actor: Actor,
  table: NamedResource,
  id: number,
): Promise<void> {
  await change(
    db,
    actor,
    { resource: table, action: 'delete', id },
    (trx, i) => load(trx, table, i),
    async (trx) => {
      if (table === 'grades') {
        const used = await trx
          .selectFrom('users')
          .select('id')
          .where('grade_id', '=', id)
          .limit(1)
          .executeTakeFirst();
        if (used) throw conflict(STAFF_MESSAGES.inUse);
      }
      await trx.deleteFrom(table).where('id', '=', id).execute();
      return id;
    },
  );
}
