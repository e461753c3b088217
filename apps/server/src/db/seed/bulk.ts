import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { courseSearchText } from '../../lib/search-key';
import { hashToken, newToken } from '../../lib/tokens';
import { insertExam } from './exams';

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

// Not a hash argon2 can verify: bulk students sign in only with their seeded tokens.
const NO_PASSWORD = '!';

/**
 * Adds `count` students, each signed in once (a row in auth_tokens), in batches of plain
 * inserts rather than through the API: 10,000 take a second or two. Answers their bearer
 * tokens in the students' order. E-mails are `bulk-<n>@dars.test`.
 * @example const tokens = await seedBulkStudents(db, 10_000)
 */
export async function seedBulkStudents(db: Kysely<DB>, count: number): Promise<string[]> {
  const grade = await db.selectFrom('grades').select('id').orderBy('id').executeTakeFirst();
  if (!grade) throw new Error('seed the demo data first');
  const now = new Date().toISOString();
  const tokens: string[] = [];
  // 14 columns a row: 500 rows stay under both databases' limits on bound values.
  const batch = 500;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += batch) {
      const n = Math.min(batch, count - start);
      const numbers = Array.from({ length: n }, (_, k) => start + k + 1);
      const users = await trx
        .insertInto('users')
        .values(
          numbers.map((i) => ({
            name: `طالب تجريبي ${i}`,
            email: `bulk-${i}@dars.test`,
            // 019…: a prefix no demo or test student uses.
            phone: `019${String(i).padStart(8, '0')}`,
            password_hash: NO_PASSWORD,
            grade_id: grade.id,
            avatar_path: null,
            group_id: null,
            email_verified_at: now,
            balance: 0,
            // Random wallet addresses would collide now and then among 10,000 (DW + 10 digits).
            wallet_address: `DB${String(i).padStart(10, '0')}`,
            center_name: null,
            profile_qr_code: null,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning(['id', 'email'])
        .execute();
      // Matched by e-mail: neither database promises RETURNING rows in VALUES order.
      const idOf = new Map(users.map((u) => [u.email, u.id]));
      const batchTokens = numbers.map(() => newToken());
      await trx
        .insertInto('auth_tokens')
        .values(
          numbers.map((i, k) => ({
            user_id: idOf.get(`bulk-${i}@dars.test`)!,
            token_hash: hashToken(batchTokens[k]!),
            platform: 'web',
            created_at: now,
            last_used_at: now,
          })),
        )
        .execute();
      tokens.push(...batchTokens);
    }
  });
  return tokens;
}

/** A bulk exam: its code, and its questions in order with their options' ids (the first one correct). */
export type BulkExam = { id: number; code: string; questions: { id: number; options: number[] }[] };

/**
 * Adds a general, timed exam of `questions` four-option choices questions, reachable by `code`,
 * and answers its ids: what the exam benchmarks start and answer.
 * @example const exam = await seedBulkExam(db, { code: 'BENCH1', questions: 20, minutes: 120 })
 */
export async function seedBulkExam(
  db: Kysely<DB>,
  { code, questions, minutes }: { code: string; questions: number; minutes: number },
): Promise<BulkExam> {
  const id = await insertExam(
    db,
    {
      name: `امتحان تجريبي ${code}`,
      code,
      kind: 'exam',
      general: true,
      duration: minutes,
      detailed: true,
      questions: Array.from({ length: questions }, (_, q) => ({
        type: 'choices' as const,
        text: `السؤال ${q + 1}: اختر الإجابة الصحيحة.`,
        answers: ['الإجابة الأولى', 'الإجابة الثانية', 'الإجابة الثالثة', 'الإجابة الرابعة'],
        correct: 0,
      })),
    },
    { courseId: null, createdAt: new Date().toISOString() },
  );
  const rows = await db
    .selectFrom('questions')
    .innerJoin('answer_options', 'answer_options.question_id', 'questions.id')
    .select(['questions.id as question_id', 'answer_options.id as option_id'])
    .where('questions.exam_id', '=', id)
    .orderBy('questions.position')
    .orderBy('answer_options.position')
    .execute();
  const byQuestion = new Map<number, number[]>();
  for (const r of rows) {
    const list = byQuestion.get(r.question_id) ?? [];
    list.push(r.option_id);
    byQuestion.set(r.question_id, list);
  }
  return { id, code, questions: [...byQuestion].map(([qid, options]) => ({ id: qid, options })) };
}

/**
 * A bulk exam drawn from a bank (ADR 046): `pool` one-mark choices questions in a bank, and one
 * rule drawing `questions` of them for each session. What the mass start of a drawn exam starts.
 * @example await seedBulkDrawnExam(db, { code: 'BENCH-DRAWN', questions: 20, pool: 80, minutes: 180 })
 */
export async function seedBulkDrawnExam(
  db: Kysely<DB>,
  {
    code,
    questions,
    pool,
    minutes,
  }: { code: string; questions: number; pool: number; minutes: number },
): Promise<BulkExam> {
  const exam = await seedBulkExam(db, { code, questions: pool, minutes });
  const bank = await db
    .insertInto('question_banks')
    .values({ name: `بنك ${code}`, course_id: null, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('questions')
    .set({ exam_id: null, bank_id: bank.id })
    .where('exam_id', '=', exam.id)
    .execute();
  await db
    .insertInto('exam_draw_rules')
    .values({
      exam_id: exam.id,
      bank_id: bank.id,
      tag: null,
      difficulty: null,
      mark: 1,
      count: questions,
      position: 0,
    })
    .execute();
  return exam;
}
