import type { Kysely } from 'kysely';
import type { DB } from '../../src/db/schema';

export interface QuestionSpec {
  type: 'choices' | 'truefalse' | 'essay';
  /** Default 1 (2 for an essay). */
  mark?: number;
  /** Options of a choices question (default 4); the first is the correct one. */
  options?: number;
  /** For true/false: whether 'صواب' is correct (default true). */
  truth?: boolean;
  explain?: string;
}

export interface ExamSpec {
  /** Default true: reachable by code while general exams are on. */
  general?: boolean;
  kind?: 'exam' | 'homework';
  /** Minutes; default 30; null for an open exam. */
  duration?: number | null;
  startsAt?: string | null;
  endsAt?: string | null;
  showResult?: boolean;
  detailed?: boolean;
  shuffled?: boolean;
  imagesAnswers?: boolean;
  passPercentage?: number;
  /** Attempts each student may make (ADR 047); default 1. */
  attempts?: number;
  /** Minutes between two attempts; default 0. */
  attemptWait?: number;
  attemptRule?: 'best' | 'last' | 'average';
  /** Default: a choices, a true/false and an essay question. */
  questions?: QuestionSpec[];
}

export interface TestQuestion {
  id: number;
  type: QuestionSpec['type'];
  mark: number;
  /** In position order; for true/false ['صواب', 'خطأ']. */
  options: { id: number; correct: boolean }[];
  /** The correct option's id (choices, true/false). */
  right: number | undefined;
  /** A wrong option's id (choices, true/false). */
  wrong: number | undefined;
}

export interface TestExam {
  id: number;
  code: string;
  /** The name it was given, as students and staff see it. */
  name: string;
  questions: TestQuestion[];
  /** Sum of the questions' marks. */
  total: number;
}

let made = 0;

/**
 * An exam with the questions a test asks for (by default general, 30 minutes, result and
 * detailed review shown, not shuffled, pass at 50 %).
 * @example const exam = await makeExam(db, { duration: 1, questions: [{ type: 'choices' }] })
 */
export async function makeExam(db: Kysely<DB>, spec: ExamSpec = {}): Promise<TestExam> {
  made += 1;
  const code = `T${Date.now().toString(36)}${made}`.toUpperCase();
  const name = `امتحان اختبار ${made}`;
  const { id } = await db
    .insertInto('exams')
    .values({
      name,
      description: null,
      exam_code: code,
      kind: spec.kind ?? 'exam',
      course_id: null,
      is_general: spec.general === false ? 0 : 1,
      duration_minutes: spec.duration === undefined ? 30 : spec.duration,
      starts_at: spec.startsAt ?? null,
      ends_at: spec.endsAt ?? null,
      pass_percentage: spec.passPercentage ?? 50,
      show_result: spec.showResult === false ? 0 : 1,
      show_detailed_result: spec.detailed === false ? 0 : 1,
      shuffled_answers: spec.shuffled ? 1 : 0,
      enable_images_answers: spec.imagesAnswers ? 1 : 0,
      max_attempts: spec.attempts ?? 1,
      attempt_wait_minutes: spec.attemptWait ?? 0,
      attempt_rule: spec.attemptRule ?? 'best',
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const specs: QuestionSpec[] = spec.questions ?? [
    { type: 'choices' },
    { type: 'truefalse' },
    { type: 'essay' },
  ];
  const questions: TestQuestion[] = [];
  for (const [position, q] of specs.entries()) {
    const mark = q.mark ?? (q.type === 'essay' ? 2 : 1);
    const question = await db
      .insertInto('questions')
      .values({
        exam_id: id,
        position,
        type: q.type,
        text: `سؤال ${position + 1}`,
        image_path: null,
        mark,
        answer_explain_text: q.explain ?? `شرح السؤال ${position + 1}`,
        answer_explain_image: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const texts =
      q.type === 'choices'
        ? Array.from({ length: q.options ?? 4 }, (_, i) => `الاختيار ${i + 1}`)
        : q.type === 'truefalse'
          ? ['صواب', 'خطأ']
          : [];
    const options: { id: number; correct: boolean }[] = [];
    for (const [i, text] of texts.entries()) {
      const correct = q.type === 'truefalse' ? (i === 0) === (q.truth ?? true) : i === 0;
      const option = await db
        .insertInto('answer_options')
        .values({
          question_id: question.id,
          position: i,
          text,
          image_path: null,
          correct: correct ? 1 : 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      options.push({ id: option.id, correct });
    }
    questions.push({
      id: question.id,
      type: q.type,
      mark,
      options,
      right: options.find((o) => o.correct)?.id,
      wrong: options.find((o) => !o.correct)?.id,
    });
  }
  return { id, code, name, questions, total: questions.reduce((sum, q) => sum + q.mark, 0) };
}

/**
 * Puts an exam under a lecture, optionally closing its videos until taken or passed.
 * @example await attachExam(db, lecture.id, exam.id, { mustPass: true, alternativeId: other.id })
 */
export async function attachExam(
  db: Kysely<DB>,
  lectureId: number,
  examId: number,
  rules: { mustPass?: boolean; mustTake?: boolean; alternativeId?: number } = {},
): Promise<void> {
  await db
    .insertInto('lecture_exams')
    .values({
      lecture_id: lectureId,
      exam_id: examId,
      position: 0,
      must_pass: rules.mustPass ? 1 : 0,
      must_take: rules.mustTake ? 1 : 0,
      alternative_exam_id: rules.alternativeId ?? null,
      // As the demo seed stores it: students who fail are sent to the alternative.
      navigate_to_alternative: rules.alternativeId ? 1 : 0,
    })
    .execute();
}
