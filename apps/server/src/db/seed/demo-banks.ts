import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { DEMO_EXAM_CODES } from './demo-exams';
import { insertExam, type QuestionSeed } from './exams';

/**
 * The demo's question bank and the exam drawn from it (issue 26, ADR 046): DRAW2026 gives each
 * student one fixed question, three «كهربية» questions of one mark and two hard ones of two,
 * drawn from the bank when the session starts: 1 + 3 + 4 = 8 marks for everyone.
 */

type BankSeed = QuestionSeed & { tags: string[]; difficulty: 'easy' | 'medium' | 'hard' };

const choice = (
  text: string,
  answers: string[],
  correct: number,
  tags: string[],
  difficulty: BankSeed['difficulty'],
  mark = 1,
): BankSeed => ({ type: 'choices', text, answers, correct, tags, difficulty, mark });

const BANK: BankSeed[] = [
  choice(
    'وحدة قياس شدة التيار الكهربي هي:',
    ['الأمبير', 'الفولت', 'الأوم', 'الوات'],
    0,
    ['كهربية'],
    'easy',
  ),
  choice('وحدة قياس فرق الجهد هي:', ['الأوم', 'الفولت', 'الكولوم', 'الجول'], 1, ['كهربية'], 'easy'),
  choice(
    'الجهاز الذي يقيس شدة التيار هو:',
    ['الفولتميتر', 'الأوميتر', 'الأميتر', 'الجلفانومتر الحساس للجهد'],
    2,
    ['كهربية', 'أجهزة'],
    'easy',
  ),
  choice(
    'يوصَّل الفولتميتر في الدائرة على:',
    ['التوالي', 'التوازي', 'أي وضع', 'لا يوصَّل'],
    1,
    ['كهربية', 'أجهزة'],
    'medium',
  ),
  choice(
    'مقاومة سلك ١٠ أوم يمر به تيار ٢ أمبير، فرق الجهد بين طرفيه:',
    ['٥ فولت', '١٢ فولت', '٢٠ فولت', '٨ فولت'],
    2,
    ['كهربية', 'قانون أوم'],
    'medium',
  ),
  choice(
    'عند مضاعفة طول سلك مع ثبات مساحة مقطعه تصبح مقاومته:',
    ['نصف قيمتها', 'ضعف قيمتها', 'أربعة أمثالها', 'لا تتغير'],
    1,
    ['كهربية', 'مقاومة'],
    'medium',
  ),
  choice(
    'مقاومتان ٦ و٣ أوم على التوازي، المقاومة المكافئة:',
    ['٩ أوم', '٢ أوم', '٤٫٥ أوم', '١٨ أوم'],
    1,
    ['كهربية', 'مقاومة'],
    'hard',
    2,
  ),
  choice(
    'بطارية قوتها الدافعة ١٢ فولت ومقاومتها الداخلية ١ أوم توصل بمقاومة ٥ أوم، شدة التيار:',
    ['٢ أمبير', '٢٫٤ أمبير', '١٢ أمبير', '١ أمبير'],
    0,
    ['كهربية', 'قانون أوم'],
    'hard',
    2,
  ),
  choice(
    'ثلاث مقاومات متساوية كل منها ٩ أوم على التوازي، المكافئة:',
    ['٢٧ أوم', '٣ أوم', '٩ أوم', '١ أوم'],
    1,
    ['كهربية', 'مقاومة'],
    'hard',
    2,
  ),
  choice(
    'القدرة المستهلكة في مقاومة ٤ أوم يمر بها تيار ٣ أمبير:',
    ['١٢ وات', '٣٦ وات', '٧ وات', '٤٨ وات'],
    1,
    ['كهربية', 'قدرة'],
    'hard',
    2,
  ),
  choice(
    'الكولوم هو وحدة قياس:',
    ['الشحنة', 'الطاقة', 'القدرة', 'المقاومة'],
    0,
    ['كهربية'],
    'easy',
  ),
  choice(
    'تزداد مقاومة الموصلات المعدنية عند:',
    ['انخفاض درجة الحرارة', 'ارتفاع درجة الحرارة', 'زيادة مساحة المقطع', 'نقص الطول'],
    1,
    ['كهربية', 'مقاومة'],
    'medium',
  ),
];

/**
 * The bank «الكهربية التيارية» (12 questions, of a physics course when the demo has one) and
 * DRAW2026, whose sessions draw from it; questions in another order for each session.
 * @example await seedDemoQuestionBank(trx, now)
 */
export async function seedDemoQuestionBank(db: Kysely<DB>, now: Date): Promise<void> {
  const createdAt = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const course = await db
    .selectFrom('courses')
    .select('id')
    .where('name', 'like', '%فيزياء%')
    .orderBy('id')
    .executeTakeFirst();
  const fixed: QuestionSeed = {
    type: 'truefalse',
    text: 'التيار الكهربي هو معدل سريان الشحنة الكهربية خلال مقطع الموصل.',
    correct: true,
  };
  // The exam is written with every question, then all but the first move to the bank.
  const examId = await insertExam(
    db,
    {
      name: 'امتحان الكهربية التيارية (أسئلة مسحوبة من البنك)',
      description:
        'لكل طالب أسئلته الخاصة من بنك الأسئلة، وبالدرجة الكلية نفسها للجميع. مغادرة صفحة الامتحان تُسجَّل.',
      code: DEMO_EXAM_CODES.drawn,
      kind: 'exam',
      general: true,
      questions: [fixed, ...BANK],
      duration: 20,
      detailed: true,
    },
    { courseId: null, createdAt },
  );
  // Two attempts, the better counting; each attempt draws its own questions (ADR 047).
  await db
    .updateTable('exams')
    .set({ max_attempts: 2, attempt_rule: 'best' })
    .where('id', '=', examId)
    .execute();
  const bank = await db
    .insertInto('question_banks')
    .values({ name: 'الكهربية التيارية', course_id: course?.id ?? null, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('questions')
    .select('id')
    .where('exam_id', '=', examId)
    .orderBy('position')
    .execute();
  for (const [i, seed] of BANK.entries()) {
    await db
      .updateTable('questions')
      .set({
        exam_id: null,
        bank_id: bank.id,
        position: i,
        difficulty: seed.difficulty,
        tags: `|${seed.tags.join('|')}|`,
      })
      .where('id', '=', rows[i + 1]!.id)
      .execute();
  }
  await db.updateTable('exams').set({ shuffled_questions: 1 }).where('id', '=', examId).execute();
  await db
    .insertInto('exam_draw_rules')
    .values([
      // Three «كهربية» questions of one mark (8 in the bank), two hard ones of two (4).
      {
        exam_id: examId,
        bank_id: bank.id,
        tag: 'كهربية',
        difficulty: null,
        mark: 1,
        count: 3,
        position: 0,
      },
      {
        exam_id: examId,
        bank_id: bank.id,
        tag: null,
        difficulty: 'hard',
        mark: 2,
        count: 2,
        position: 1,
      },
    ])
    .execute();
}
