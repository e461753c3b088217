import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import type { QuestionSeed } from './question-bank';

/** An exam with its questions and their answer options. */
export interface ExamBuild {
  name: string;
  /** Unique among all exams. */
  code: string;
  kind: 'exam' | 'homework';
  general: boolean;
  questions: readonly QuestionSeed[];
  duration: number | null;
  detailed: boolean;
}

function answersOf(q: QuestionSeed): { text: string; correct: boolean }[] {
  if (q.type === 'choices') return q.answers.map((text, i) => ({ text, correct: i === q.correct }));
  if (q.type === 'truefalse')
    return [
      { text: 'صواب', correct: q.correct },
      { text: 'خطأ', correct: !q.correct },
    ];
  return [];
}

/**
 * Adds an exam (of a course, or general when `courseId` is null), its questions and their
 * answer options, and returns the exam's id.
 * @example await insertExam(db, exam, { courseId: null, createdAt: now })
 */
export async function insertExam(
  db: Kysely<DB>,
  exam: ExamBuild,
  { courseId, createdAt }: { courseId: number | null; createdAt: string },
): Promise<number> {
  const { id } = await db
    .insertInto('exams')
    .values({
      name: exam.name,
      description: exam.general
        ? 'امتحان شامل على ما سبق دراسته. اقرأ كل سؤال جيداً قبل الإجابة.'
        : null,
      exam_code: exam.code,
      kind: exam.kind,
      course_id: courseId,
      is_general: exam.general ? 1 : 0,
      duration_minutes: exam.duration,
      starts_at: null,
      ends_at: null,
      pass_percentage: 50,
      show_result: 1,
      show_detailed_result: exam.detailed ? 1 : 0,
      shuffled_answers: exam.kind === 'exam' ? 1 : 0,
      enable_images_answers: exam.questions.some((q) => q.type === 'essay') ? 1 : 0,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (exam.questions.length === 0) return id;
  // Three statements per exam, however many questions: the demo seeds a hundred exams, and
  // one statement per question and per option was most of the seed's time.
  await db
    .insertInto('questions')
    .values(
      exam.questions.map((q, position) => ({
        exam_id: id,
        position,
        type: q.type,
        text: q.text,
        image_path: null,
        mark: q.type === 'essay' ? 2 : 1,
        answer_explain_text: 'explain' in q ? (q.explain ?? null) : null,
        answer_explain_image: null,
      })),
    )
    .execute();
  // Read back by position: neither database promises RETURNING rows in VALUES order.
  const questionIds = await db
    .selectFrom('questions')
    .select('id')
    .where('exam_id', '=', id)
    .orderBy('position')
    .execute();
  const options = exam.questions.flatMap((q, qi) =>
    answersOf(q).map((a, position) => ({
      question_id: questionIds[qi]!.id,
      position,
      text: a.text,
      image_path: null,
      correct: a.correct ? 1 : 0,
    })),
  );
  if (options.length > 0) await db.insertInto('answer_options').values(options).execute();
  return id;
}
