import type { Insertable, Kysely } from 'kysely';
import type { DB, TeachersTable } from '../schema';

export type TeacherBuild = Omit<Insertable<TeachersTable>, 'id'>;

/**
 * Adds a teacher and returns the id.
 * @example await insertTeacher(db, { name: 'أ. منى', bio: null, ...nulls, created_at: now })
 */
export async function insertTeacher(db: Kysely<DB>, teacher: TeacherBuild): Promise<number> {
  const row = await db
    .insertInto('teachers')
    .values(teacher)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
