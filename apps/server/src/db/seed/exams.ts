import type { Kysely } from 'kysely';
import type { DB } from '../schema';

/** What any question may carry beside its text and answers. */
interface QuestionExtras {
  /** The teacher's explanation, shown in the detailed review; may hold links. */
  explain?: string;
  /** A figure shown with the question: a stored public file, as a course's `imagePath`. */
  image?: string;
  /** A figure shown with the explanation. */
  explainImage?: string;
  /** Default 1, or 2 for an essay. */
  mark?: number;
}

export type QuestionSeed =
  | ({ type: 'choices'; text: string; answers: string[]; correct: number } & QuestionExtras)
  | ({ type: 'truefalse'; text: string; correct: boolean } & QuestionExtras)
  | ({ type: 'essay'; text: string } & QuestionExtras);

/**
 * An exam with its questions and their answer options. Left out, the optional fields make an
 * exam that is always open, passes at 50%, shows its result, shuffles the options of an exam
 * but not of a homework, and takes image answers when it has an essay question.
 */
export interface ExamBuild {
  name: string;
  /** Unique among all exams. */
  code: string;
  kind: 'exam' | 'homework';
  general: boolean;
  questions: readonly QuestionSeed[];
  /** Minutes; null for an open exam. */
  duration: number | null;
  /** show_detailed_result: the corrected review after submission. */
  detailed: boolean;
  /** Default: a general exam's standard text, none for a lecture's. */
  description?: string | null;
  /** The window (ISO times, either may be null); default always open. */
  startsAt?: string | null;
  endsAt?: string | null;
  /** show_result; default true. */
  showResult?: boolean;
  /** Default: true for an exam, false for a homework. */
  shuffled?: boolean;
  /** enable_images_answers; default: when there is an essay question. */
  imagesAnswers?: boolean;
  /** Default 50. */
  passPercentage?: number;
}

const GENERAL_DESCRIPTION = 'امتحان شامل على ما سبق دراسته. اقرأ كل سؤال جيداً قبل الإجابة.';

function descriptionOf(exam: ExamBuild): string | null {
  if (exam.description !== undefined) return exam.description;
  return exam.general ? GENERAL_DESCRIPTION : null;
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
      description: descriptionOf(exam),
      exam_code: exam.code,
      kind: exam.kind,
      course_id: courseId,
      is_general: exam.general ? 1 : 0,
      duration_minutes: exam.duration,
      starts_at: exam.startsAt ?? null,
      ends_at: exam.endsAt ?? null,
      pass_percentage: exam.passPercentage ?? 50,
      show_result: (exam.showResult ?? true) ? 1 : 0,
      show_detailed_result: exam.detailed ? 1 : 0,
      shuffled_answers: (exam.shuffled ?? exam.kind === 'exam') ? 1 : 0,
      enable_images_answers:
        (exam.imagesAnswers ?? exam.questions.some((q) => q.type === 'essay')) ? 1 : 0,
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
        image_path: q.image ?? null,
        mark: q.mark ?? (q.type === 'essay' ? 2 : 1),
        answer_explain_text: q.explain ?? null,
        answer_explain_image: q.explainImage ?? null,
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
