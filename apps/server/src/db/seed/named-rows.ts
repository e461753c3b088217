import type { Kysely } from 'kysely';
import type { DB } from '../schema';

async function insertNamed(
  db: Kysely<DB>,
  table: 'grades' | 'categories',
  names: readonly string[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const [position, name] of names.entries()) {
    const row = await db
      .insertInto(table)
      .values({ name, position })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/**
 * Adds grades in the order given (their position) and returns their ids in that order.
 * @example const [first] = await insertGrades(db, ['الصف الأول الثانوي'])
 */
export function insertGrades(db: Kysely<DB>, names: readonly string[]): Promise<number[]> {
  return insertNamed(db, 'grades', names);
}

/**
 * Adds categories in the order given (their position) and returns their ids in that order.
 * @example const [maths] = await insertCategories(db, ['الرياضيات'])
 */
export function insertCategories(db: Kysely<DB>, names: readonly string[]): Promise<number[]> {
  return insertNamed(db, 'categories', names);
}
