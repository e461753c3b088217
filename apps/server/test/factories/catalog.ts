import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';
import { insertCategories, insertGrades } from '../../src/db/seed/named-rows';
import { insertTeacher, type TeacherBuild } from '../../src/db/seed/teachers';

let made = 0;

/**
 * A new grade, last in the list.
 * @example const gradeId = await makeGrade(db, 'الصف الأول الثانوي')
 */
export async function makeGrade(db: Kysely<DB>, name = `صف تجريبي ${++made}`): Promise<number> {
  const [id] = await insertGrades(db, [name]);
  return id!;
}

/**
 * The first grade there is, made when there is none: for rows that need some grade.
 * @example const gradeId = await someGrade(db)
 */
export async function someGrade(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('grades').select('id').orderBy('position').executeTakeFirst();
  return row?.id ?? makeGrade(db);
}

/**
 * A new category, last in the list.
 * @example const categoryId = await makeCategory(db, 'الكيمياء')
 */
export async function makeCategory(
  db: Kysely<DB>,
  name = `مادة تجريبية ${++made}`,
): Promise<number> {
  const [id] = await insertCategories(db, [name]);
  return id!;
}

/**
 * A new teacher: a name and whatever else the test gives (contact links, pictures).
 * @example const teacherId = await makeTeacher(db, { name: 'أ. منى', telegram_url: 'https://t.me/mona' })
 */
export function makeTeacher(db: Kysely<DB>, teacher: Partial<TeacherBuild> = {}): Promise<number> {
  return insertTeacher(db, {
    name: `أ. مدرس تجريبي ${++made}`,
    created_at: new Date().toISOString(),
    ...teacher,
  });
}
