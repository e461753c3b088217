import type { Kysely } from 'kysely';
import type { DB } from '../schema';

async function insertNamed(
  db: Kysely<DB>,
  table: 'grades' | 'categories',
  names: readonly string[],
): Promise<number[]> {
  // After any rows already there, in the order given.
  const last = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('position').as('position'))
    .executeTakeFirst();
  const first = last?.position == null ? 0 : Number(last.position) + 1;
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const row = await db
      .insertInto(table)
      .values({ name, position: first + i })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * Adds grades after any there are, in the order given; returns their ids in that order.
 * @example const [first] = await insertGrades(db, ['الصف الأول الثانوي'])
 */
export function insertGrades(db: Kysely<DB>, names: readonly string[]): Promise<number[]> {
  return insertNamed(db, 'grades', names);
}

/**
 * Adds categories after any there are, in the order given; returns their ids in that order.
 * @example const [maths] = await insertCategories(db, ['الرياضيات'])
 */
export function insertCategories(db: Kysely<DB>, names: readonly string[]): Promise<number[]> {
  return insertNamed(db, 'categories', names);
}
