import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { courseSearchText } from '../../lib/search-key';

/**
 * Adds `count` generated courses (each with grades, a category, a teacher and three lectures)
 * on top of the demo data, for benchmarks at a realistic catalogue size.
 * @example await seedBulkCourses(db, 10_000)
 */
export async function seedBulkCourses(db: Kysely<DB>, count: number): Promise<void> {
  const [grades, categories, teachers] = await Promise.all([
    db.selectFrom('grades').select('id').execute(),
    db.selectFrom('categories').select('id').execute(),
    db.selectFrom('teachers').select('id').execute(),
  ]);
  if (grades.length === 0) throw new Error('seed the demo data first');
  const batch = 250;
  const base = Date.parse('2024-01-01T00:00:00.000Z');
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += batch) {
      const n = Math.min(batch, count - start);
      const rows = Array.from({ length: n }, (_, k) => {
        const i = start + k;
        const name = `دورة تدريبية رقم ${i + 1}`;
        const description = `وصف الدورة رقم ${i + 1}: شرح ومراجعة وتدريبات على المنهج.`;
        return {
          name,
          description,
          search_text: courseSearchText({ name, description }),
          image_path: `seed/courses/${(i % 18) + 1}.svg`,
          featured: 0,
          pay_type: i % 3 === 0 ? 'lectures' : 'course',
          price: (i % 5) * 5000,
          show_preview: i % 2,
          users_limit: null,
          published: 1,
          created_at: new Date(base + i * 60_000).toISOString(),
        };
      });
      const ids = await trx.insertInto('courses').values(rows).returning('id').execute();
      await trx
        .insertInto('course_grades')
        .values(
          ids.map(({ id }, k) => ({
            course_id: id,
            grade_id: grades[(start + k) % grades.length]!.id,
          })),
        )
        .execute();
      await trx
        .insertInto('course_categories')
        .values(
          ids.map(({ id }, k) => ({
            course_id: id,
            category_id: categories[(start + k) % categories.length]!.id,
          })),
        )
        .execute();
      await trx
        .insertInto('course_teachers')
        .values(
          ids.map(({ id }, k) => ({
            course_id: id,
            teacher_id: teachers[(start + k) % teachers.length]!.id,
            position: 0,
          })),
        )
        .execute();
      const now = new Date(base).toISOString();
      await trx
        .insertInto('lectures')
        .values(
          ids.flatMap(({ id }) =>
            [0, 1, 2].map((position) => ({
              course_id: id,
              name: `المحاضرة ${position + 1}`,
              position,
              free: position === 0 ? 1 : 0,
              price: position * 3000,
              preview: position === 0 ? 1 : 0,
              expiry_days: null,
              repurchasable: 0,
              repurchase_price: null,
              paycard_disabled: 0,
              created_at: now,
            })),
          ),
        )
        .execute();
    }
  });
}
