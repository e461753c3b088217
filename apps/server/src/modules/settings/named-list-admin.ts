import type { z } from 'zod';
import type { staffNamedCreateSchema, staffNamedUpdateSchema } from '@dars/contract';
import { STAFF_MESSAGES, type StaffListQuery, type StaffNamed } from '@dars/contract';
import { auditedRows, conflict, type Actor, type Db, type Trx } from '../../db/audited-change';
import { defined, listPage, matches } from '../../db/list-page';

/**
 * Grades and categories: the two named lists (spec §3 settings' grades and categories), as the
 * staff console reads and writes them.
 */
export type NamedResource = 'grades' | 'categories';

async function load(db: Db | Trx, table: NamedResource, id: number) {
  return db
    .selectFrom(table)
    .select(['id', 'name', 'position'])
    .where('id', '=', id)
    .executeTakeFirst();
}

const namedRows = {
  grades: auditedRows('grades', 'grades', (db, id) => load(db, 'grades', id)),
  categories: auditedRows('categories', 'categories', (db, id) => load(db, 'categories', id)),
};

export async function listNamed(
  db: Db,
  table: NamedResource,
  query: StaffListQuery,
): Promise<{ data: StaffNamed[]; meta: { total: number } }> {
  let base = db.selectFrom(table);
  if (query.q) base = base.where(matches('name', query.q));
  const { rows, total } = await listPage(base, query, ['id', 'name', 'position'], 'position');
  return { data: rows.map(({ id, name, position }) => ({ id, name, position })), meta: { total } };
}

export function getNamed(db: Db, table: NamedResource, id: number) {
  return load(db, table, id);
}

export function createNamed(
  db: Db,
  actor: Actor,
  table: NamedResource,
  body: z.output<typeof staffNamedCreateSchema>,
): Promise<StaffNamed> {
  return namedRows[table].create(db, actor, async (trx) => {
    const last = await trx
      .selectFrom(table)
      .select((eb) => eb.fn.max('position').as('p'))
      .executeTakeFirst();
    return { name: body.name, position: body.position ?? Number(last?.p ?? 0) + 1 };
  });
}

export function updateNamed(
  db: Db,
  actor: Actor,
  table: NamedResource,
  id: number,
  body: z.output<typeof staffNamedUpdateSchema>,
): Promise<StaffNamed> {
  return namedRows[table].update(db, actor, id, () =>
    defined({ name: body.name, position: body.position }),
  );
}

/**
 * Deletes a grade or a category. A grade that students have chosen is kept (409): removing it
 * would leave their profiles incomplete. Courses' links go with the row (cascade).
 */
export function deleteNamed(db: Db, actor: Actor, table: NamedResource, id: number) {
  return namedRows[table].remove(db, actor, id, async (trx) => {
    if (table !== 'grades') return;
    const used = await trx
      .selectFrom('users')
      .select('id')
      .where('grade_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used) throw conflict(STAFF_MESSAGES.inUse);
  });
}
