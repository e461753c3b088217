import type { Locator, Page } from 'playwright-core';
import type {
  ExamAnswerInput,
  ExamResultSession,
  GetExamDetailsResponse,
  GetExamSessionResponse,
  StartExamSessionResponse,
} from '@dars/contract';
import { callApi, getApi } from './api';
import { withDatabase } from './database';

/** An option of a question, as the key holds it. */
export interface KeyOption {
  id: number;
  text: string;
}

/** A question of an exam with what answers it right and wrong, read from the database. */
export interface KeyQuestion {
  id: number;
  type: 'choices' | 'truefalse' | 'essay';
  text: string;
  mark: number;
  /** The correct option; null for an essay. */
  right: KeyOption | null;
  /** The first option that is not correct; null for an essay. */
  wrong: KeyOption | null;
}

/**
 * The questions of the exam with this code in their order, each with its right and a wrong
 * option. No payload carries the answers before submission (ADR 016), so a journey that must
 * answer right reads them where the teacher put them.
 * @example const [first] = await answerKey('PHY2026'); await page.getByRole('radio', { name: first.right.text }).check()
 */
export function answerKey(code: string): Promise<KeyQuestion[]> {
  return withDatabase(async (db) => {
    const exam = await db
      .selectFrom('exams')
      .select('id')
      .where('exam_code', '=', code)
      .executeTakeFirstOrThrow(() => new Error(`no exam with the code ${code}`));
    const questions = await db
      .selectFrom('questions')
      .select(['id', 'type', 'text', 'mark'])
      .where('exam_id', '=', exam.id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const options = await db
      .selectFrom('answer_options')
      .select(['id', 'question_id', 'text', 'correct'])
      .where(
        'question_id',
        'in',
        questions.map((q) => q.id),
      )
      .orderBy('position')
      .execute();
    return questions.map((q) => {
      const own = options.filter((o) => o.question_id === q.id);
      const pick = (correct: number) => {
        const option = own.find((o) => o.correct === correct);
        return option ? { id: option.id, text: option.text } : null;
      };
      return {
        id: q.id,
        type: q.type as KeyQuestion['type'],
        text: q.text,
        mark: q.mark,
        right: pick(1),
        wrong: pick(0),
      };
    });
  });
}

/**
 * The code of a lecture's exam or homework (the first of that kind attached to it).
 * @example const code = await lectureExamCode('الفيزياء للصف الأول الثانوي', 'القياس الفيزيائي', 'homework')
 */
export function lectureExamCode(
  course: string,
  lecture: string,
  kind: 'exam' | 'homework',
): Promise<string> {
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('lecture_exams')
      .innerJoin('lectures', 'lectures.id', 'lecture_exams.lecture_id')
      .innerJoin('courses', 'courses.id', 'lectures.course_id')
      .innerJoin('exams', 'exams.id', 'lecture_exams.exam_id')
      .select('exams.exam_code')
      .where('courses.name', '=', course)
      .where('lectures.name', '=', lecture)
      .where('exams.kind', '=', kind)
      .orderBy('lecture_exams.position')
      .executeTakeFirstOrThrow(() => new Error(`no ${kind} in ${course} / ${lecture}`));
    return row.exam_code;
  });
}

/**
 * The question on the exam screen, by its number (its section is named 'السؤال n').
 * @example await questionSection(page, 5).getByRole('textbox').fill('…')
 */
export function questionSection(page: Page, n: number): Locator {
  return page.getByRole('main').getByRole('region', { name: `السؤال ${n}`, exact: true });
}

/**
 * Waits until the question's line says `status` ('تم الحفظ', 'بانتظار الإرسال'); `timeout`
 * for a wait that spans one of the outbox's retries (1, 2, 4, 8, then every 15 s).
 * @example await expectStatus(questionSection(page, 1), 'تم الحفظ')
 */
export async function expectStatus(
  section: Locator,
  status: string,
  { timeout }: { timeout?: number } = {},
): Promise<void> {
  await section.getByRole('status').filter({ hasText: status }).waitFor({ timeout });
}

/**
 * The session token of the exam screen the page shows (`/exams/session?sessionToken=`).
 * @example const sessionToken = sessionTokenOf(page)
 */
export function sessionTokenOf(page: Page): string {
  const token = new URL(page.url()).searchParams.get('sessionToken');
  if (!token) throw new Error(`no session token in ${page.url()}`);
  return token;
}

/**
 * The session as the server holds it (`GET /exams/session`, the student's token); throws
 * unless 200.
 * @example const { answer_attempts } = await serverSession(token, sessionTokenOf(page))
 */
export async function serverSession(
  token: string,
  sessionToken: string,
): Promise<GetExamSessionResponse> {
  const { status, json } = await getApi('/exams/session', {
    token,
    query: { session_token: sessionToken },
  });
  if (status !== 200) throw new Error(`GET /exams/session answered ${status}`);
  return json as GetExamSessionResponse;
}

/**
 * The student's results list as the server gives it (`GET /exams/results` or
 * `/exams/homeworks/results`); throws unless 200.
 * @example const rows = await serverResults(token, 'exams')
 */
export async function serverResults(
  token: string,
  kind: 'exams' | 'homeworks',
): Promise<ExamResultSession[]> {
  const route = kind === 'exams' ? '/exams/results' : '/exams/homeworks/results';
  const { status, json } = await getApi(route, { token });
  if (status !== 200) throw new Error(`GET ${route} answered ${status}`);
  return (json as { data: ExamResultSession[] }).data;
}

/**
 * Takes an exam through the API as the client would, quickly: its details by code, the start,
 * then a submit carrying the answers `answer` gives (null leaves a question unanswered).
 * Returns the session token.
 * @example await takeExamThroughApi(token, 'MATH2026', (q) => q.wrong && { question_id: q.id, chosen_answer: q.wrong.id })
 */
export async function takeExamThroughApi(
  token: string,
  code: string,
  answer: (question: KeyQuestion) => ExamAnswerInput | null,
): Promise<string> {
  const details = await getApi('/exams/details', { token, query: { exam_code: code } });
  if (details.status !== 200) throw new Error(`GET /exams/details answered ${details.status}`);
  const examId = (details.json as GetExamDetailsResponse).data.id;
  const started = await callApi('/exams/session', { token, body: { exam_id: examId } });
  if (started.status !== 200) throw new Error(`POST /exams/session answered ${started.status}`);
  const sessionToken = (started.json as StartExamSessionResponse).data.token;
  const answers = (await answerKey(code))
    .map(answer)
    .filter((a): a is ExamAnswerInput => a !== null);
  const submitted = await callApi('/exams/session/submit', {
    token,
    body: { session_token: sessionToken, answers },
  });
  if (submitted.status !== 200)
    throw new Error(`POST /exams/session/submit answered ${submitted.status}`);
  return sessionToken;
}

/**
 * Moves a running session's deadline to `at`, as if it had been started that much earlier:
 * a journey about time running out waits seconds, not the exam's minutes.
 * @example await moveDeadline(sessionTokenOf(page), new Date(Date.now() + 8_000))
 */
export function moveDeadline(sessionToken: string, at: Date): Promise<void> {
  return withDatabase(async (db) => {
    const { numUpdatedRows } = await db
      .updateTable('exam_sessions')
      .set({ deadline_at: at.toISOString() })
      .where('token', '=', sessionToken)
      .where('finished_at', 'is', null)
      .executeTakeFirst();
    if (numUpdatedRows !== 1n) throw new Error('no running session with that token');
  });
}

/**
 * When the server finished the session and by whom ('student' or 'time').
 * @example expect((await sessionFinish(token)).finishedAt).not.toBeNull()
 */
export function sessionFinish(
  sessionToken: string,
): Promise<{ deadlineAt: string | null; finishedAt: string | null; finishedBy: string | null }> {
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('exam_sessions')
      .select(['deadline_at', 'finished_at', 'finished_by'])
      .where('token', '=', sessionToken)
      .executeTakeFirstOrThrow();
    return {
      deadlineAt: row.deadline_at,
      finishedAt: row.finished_at,
      finishedBy: row.finished_by,
    };
  });
}
