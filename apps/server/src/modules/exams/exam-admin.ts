import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  type StaffExam,
  type StaffListQuery,
  type staffExamCreateSchema,
  type staffExamListQuerySchema,
  type staffExamUpdateSchema,
} from '@dars/contract';
import { auditedRows, conflict, type Actor, type Db, type Trx } from '../../db/audited-change';
import { bool, defined, flagOf, viewedRows } from '../../db/list-page';
import type { ExamsTable } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { nowIso } from '../../lib/time';
import type { TeacherScope } from '../../db/teacher-scope';

// ---------------------------------------------------------------------------------------------
// Exams as the staff console reads and writes them (their questions: question-admin.ts, their
// places in lectures: lecture-exam-admin.ts).

type ExamRow = Selectable<ExamsTable>;

async function examViews(db: Db | Trx, rows: ExamRow[]): Promise<StaffExam[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [questions, sessions, rules] = await Promise.all([
    db
      .selectFrom('questions')
      .select([
        'exam_id',
        (eb) => eb.fn.countAll<number>().as('n'),
        (eb) => eb.fn.sum<number>('mark').as('total'),
      ])
      .where('exam_id', 'in', ids)
      .groupBy('exam_id')
      .execute(),
    db
      .selectFrom('exam_sessions')
      .select(['exam_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('exam_id', 'in', ids)
      .groupBy('exam_id')
      .execute(),
    // What the draw rules add for every student (ADR 046).
    db
      .selectFrom('exam_draw_rules')
      .select([
        'exam_id',
        (eb) => eb.fn.sum<number>('count').as('n'),
        (eb) => eb.fn.sum<number>(eb('count', '*', eb.ref('mark'))).as('total'),
      ])
      .where('exam_id', 'in', ids)
      .groupBy('exam_id')
      .execute(),
  ]);
  const drawn = new Map(
    rules.map((r) => [r.exam_id, { n: Number(r.n ?? 0), total: Number(r.total ?? 0) }]),
  );
  const q = new Map(questions.map((r) => [r.exam_id, r]));
  const s = new Map(sessions.map((r) => [r.exam_id, Number(r.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    exam_code: r.exam_code,
    kind: r.kind === 'homework' ? 'homework' : 'exam',
    course_id: r.course_id,
    is_general: bool(r.is_general),
    duration_minutes: r.duration_minutes,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    pass_percentage: r.pass_percentage,
    show_result: bool(r.show_result),
    show_detailed_result: bool(r.show_detailed_result),
    shuffled_answers: bool(r.shuffled_answers),
    shuffled_questions: bool(r.shuffled_questions),
    enable_images_answers: bool(r.enable_images_answers),
    questions_count: Number(q.get(r.id)?.n ?? 0) + (drawn.get(r.id)?.n ?? 0),
    total_mark: Number(q.get(r.id)?.total ?? 0) + (drawn.get(r.id)?.total ?? 0),
    drawn_questions_count: drawn.get(r.id)?.n ?? 0,
    drawn_total_mark: drawn.get(r.id)?.total ?? 0,
    sessions_count: s.get(r.id) ?? 0,
    max_attempts: r.max_attempts,
    attempt_wait_minutes: r.attempt_wait_minutes,
    attempt_rule: r.attempt_rule as StaffExam['attempt_rule'],
    created_at: r.created_at,
  }));
}

const examItems = viewedRows('exams', examViews);

export const getExam = examItems.get;

export async function listExams(
  db: Db,
  query: StaffListQuery & z.output<typeof staffExamListQuerySchema>,
  teacher: TeacherScope = null,
) {
  return examItems.list(db, query, {
    scope: { resource: 'exam', teacher },
    search: ['name', 'exam_code'],
    equal: ['course_id', 'kind'],
    sortable: ['id', 'name', 'exam_code', 'created_at'],
    fallback: 'id',
  });
}

type ExamFields = z.output<typeof staffExamUpdateSchema>;

function examColumns(body: ExamFields) {
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : flagOf(v));
  return defined({
    name: body.name,
    description: body.description,
    exam_code: body.exam_code,
    kind: body.kind,
    course_id: body.course_id,
    is_general: flag(body.is_general),
    duration_minutes: body.duration_minutes,
    starts_at: body.starts_at,
    ends_at: body.ends_at,
    pass_percentage: body.pass_percentage,
    show_result: flag(body.show_result),
    show_detailed_result: flag(body.show_detailed_result),
    shuffled_answers: flag(body.shuffled_answers),
    shuffled_questions: flag(body.shuffled_questions),
    enable_images_answers: flag(body.enable_images_answers),
    max_attempts: body.max_attempts,
    attempt_wait_minutes: body.attempt_wait_minutes,
    attempt_rule: body.attempt_rule,
  });
}

async function checkExam(
  trx: Trx,
  body: ExamFields,
  current: StaffExam | undefined,
  id: number | null,
) {
  if (body.course_id) {
    const course = await trx
      .selectFrom('courses')
      .select('id')
      .where('id', '=', body.course_id)
      .executeTakeFirst();
    if (!course) throw fieldError('course_id', VALIDATION_MESSAGES.choice);
  }
  if (body.exam_code !== undefined) {
    let q = trx.selectFrom('exams').select('id').where('exam_code', '=', body.exam_code);
    if (id !== null) q = q.where('id', '!=', id);
    if (await q.executeTakeFirst()) throw fieldError('exam_code', STAFF_MESSAGES.examCodeTaken);
  }
  const starts = body.starts_at !== undefined ? body.starts_at : (current?.starts_at ?? null);
  const ends = body.ends_at !== undefined ? body.ends_at : (current?.ends_at ?? null);
  if (starts && ends && ends <= starts) throw fieldError('ends_at', STAFF_MESSAGES.windowOrder);
}

function codeTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw fieldError('exam_code', STAFF_MESSAGES.examCodeTaken);
  throw error;
}

const examRows = auditedRows('exams', 'exams', getExam);

export function createExam(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffExamCreateSchema>,
): Promise<StaffExam> {
  return examRows
    .create(db, actor, async (trx) => {
      await checkExam(trx, body, undefined, null);
      return {
        description: null,
        kind: 'exam',
        course_id: null,
        is_general: 0,
        duration_minutes: null,
        starts_at: null,
        ends_at: null,
        pass_percentage: 50,
        show_result: 1,
        show_detailed_result: 0,
        shuffled_answers: 0,
        enable_images_answers: 0,
        ...examColumns(body),
        name: body.name,
        exam_code: body.exam_code,
        created_at: nowIso(),
      };
    })
    .catch(codeTaken);
}

/**
 * Changes an exam's settings. Its window, duration and switches apply to sessions started
 * afterwards; a submitted session keeps the marks and the result it was given (ADR 022).
 */
export function updateExam(db: Db, actor: Actor, id: number, body: ExamFields) {
  return examRows
    .update(db, actor, id, async (trx, before) => {
      await checkExam(trx, body, before, id);
      return examColumns(body);
    })
    .catch(codeTaken);
}

/** Whether students have started the exam (any session): its marking is then fixed. */
export async function hasSessions(trx: Db | Trx, examId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('exam_sessions')
    .select('id')
    .where('exam_id', '=', examId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes an exam nobody has started (409 otherwise: results point at it). */
export function deleteExam(db: Db, actor: Actor, id: number): Promise<void> {
  return examRows.remove(db, actor, id, async (trx) => {
    if (await hasSessions(trx, id)) throw conflict(STAFF_MESSAGES.examDeleteHasSessions);
  });
}
