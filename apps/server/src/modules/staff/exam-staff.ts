import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  type StaffExam,
  type StaffLectureExam,
  type StaffListQuery,
  type StaffQuestion,
  type staffExamCreateSchema,
  type staffExamListQuerySchema,
  type staffExamUpdateSchema,
  type staffLectureExamCreateSchema,
  type staffLectureExamListQuerySchema,
  type staffLectureExamUpdateSchema,
  type staffQuestionCreateSchema,
  type staffQuestionListQuerySchema,
  type staffQuestionUpdateSchema,
} from '@dars/contract';
import type { ExamsTable, LectureExamsTable, QuestionsTable } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { publicFileUrl } from '../../lib/public-url';
import { nowIso } from '../../lib/time';
import {
  bool,
  change,
  conflict,
  countOf,
  defined,
  flagOf,
  matches,
  nextPosition,
  pageOf,
  sortOf,
  type Actor,
  type Db,
  type Trx,
} from './staff-core';

// ---------------------------------------------------------------------------------------------
// Exams

type ExamRow = Selectable<ExamsTable>;

async function examViews(db: Db | Trx, rows: ExamRow[]): Promise<StaffExam[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [questions, sessions] = await Promise.all([
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
  ]);
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
    enable_images_answers: bool(r.enable_images_answers),
    questions_count: Number(q.get(r.id)?.n ?? 0),
    total_mark: Number(q.get(r.id)?.total ?? 0),
    sessions_count: s.get(r.id) ?? 0,
    created_at: r.created_at,
  }));
}

export async function getExam(db: Db | Trx, id: number): Promise<StaffExam | undefined> {
  const row = await db.selectFrom('exams').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await examViews(db, [row]))[0] : undefined;
}

export async function listExams(
  db: Db,
  query: StaffListQuery & z.output<typeof staffExamListQuerySchema>,
) {
  let base = db.selectFrom('exams');
  if (query.q) {
    const text = query.q;
    base = base.where((eb) => eb.or([matches('name', text), matches('exam_code', text)]));
  }
  if (query.course_id !== undefined) base = base.where('course_id', '=', query.course_id);
  if (query.kind !== undefined) base = base.where('kind', '=', query.kind);
  const sort = sortOf(query, ['id', 'name', 'exam_code', 'created_at'] as const, 'id');
  const { limit, offset } = pageOf(query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { data: await examViews(db, rows), meta: { total: countOf(total) } };
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
    enable_images_answers: flag(body.enable_images_answers),
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

export async function createExam(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffExamCreateSchema>,
): Promise<StaffExam> {
  const { after } = await change(
    db,
    actor,
    { resource: 'exams', action: 'create' },
    getExam,
    async (trx) => {
      await checkExam(trx, body, undefined, null);
      const row = await trx
        .insertInto('exams')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch(codeTaken);
      return row.id;
    },
  );
  return after!;
}

/**
 * Changes an exam's settings. Its window, duration and switches apply to sessions started
 * afterwards; a submitted session keeps the marks and the result it was given (ADR 022).
 */
export async function updateExam(
  db: Db,
  actor: Actor,
  id: number,
  body: ExamFields,
): Promise<StaffExam> {
  const { after } = await change(
    db,
    actor,
    { resource: 'exams', action: 'update', id },
    getExam,
    async (trx, before) => {
      await checkExam(trx, body, before, id);
      const values = examColumns(body);
      if (Object.keys(values).length > 0) {
        await trx.updateTable('exams').set(values).where('id', '=', id).execute().catch(codeTaken);
      }
      return id;
    },
  );
  return after!;
}

async function hasSessions(trx: Db | Trx, examId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('exam_sessions')
    .select('id')
    .where('exam_id', '=', examId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes an exam nobody has started (409 otherwise: results point at it). */
export async function deleteExam(db: Db, actor: Actor, id: number): Promise<void> {
  await change(db, actor, { resource: 'exams', action: 'delete', id }, getExam, async (trx) => {
    if (await hasSessions(trx, id)) throw conflict(STAFF_MESSAGES.examDeleteHasSessions);
    await trx.deleteFrom('exams').where('id', '=', id).execute();
    return id;
  });
}

// ---------------------------------------------------------------------------------------------
// Questions

async function questionViews(
  db: Db | Trx,
  rows: Selectable<QuestionsTable>[],
): Promise<StaffQuestion[]> {
  if (rows.length === 0) return [];
  const options = await db
    .selectFrom('answer_options')
    .selectAll()
    .where(
      'question_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    exam_id: r.exam_id,
    position: r.position,
    type: r.type === 'essay' ? 'essay' : r.type === 'truefalse' ? 'truefalse' : 'choices',
    text: r.text,
    image_url: publicFileUrl(r.image_path),
    mark: r.mark,
    answer_explain_text: r.answer_explain_text,
    answer_explain_image: publicFileUrl(r.answer_explain_image),
    answers: options
      .filter((o) => o.question_id === r.id)
      .map((o) => ({
        id: o.id,
        text: o.text,
        image_url: publicFileUrl(o.image_path),
        correct: bool(o.correct),
      })),
  }));
}

export async function getQuestion(db: Db | Trx, id: number): Promise<StaffQuestion | undefined> {
  const row = await db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? (await questionViews(db, [row]))[0] : undefined;
}

export async function listQuestions(
  db: Db,
  query: StaffListQuery & z.output<typeof staffQuestionListQuerySchema>,
) {
  let base = db.selectFrom('questions');
  if (query.q) base = base.where(matches('text', query.q));
  if (query.exam_id !== undefined) base = base.where('exam_id', '=', query.exam_id);
  const sort = sortOf(query, ['id', 'position', 'type', 'mark'] as const, 'position');
  const { limit, offset } = pageOf(query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { data: await questionViews(db, rows), meta: { total: countOf(total) } };
}

type QuestionFields = z.output<typeof staffQuestionUpdateSchema>;
type OptionInput = { text: string; correct: boolean; image_path: string | null };

/** A stored image path from an url the API gave (/storage/x → x); links stay as they are. */
function storedPath(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/storage/') ? url.slice('/storage/'.length) : url;
}

/** The options a question of `type` gets from the body, or a 422 saying what is missing. */
function optionsFor(
  type: StaffQuestion['type'],
  body: QuestionFields,
  current: StaffQuestion | undefined,
): OptionInput[] | undefined {
  if (type === 'essay') return [];
  if (type === 'truefalse') {
    const correctTrue =
      body.correct_true ??
      (current?.type === 'truefalse' ? current.answers[0]?.correct : undefined);
    if (correctTrue === undefined) throw fieldError('correct_true', STAFF_MESSAGES.required);
    return [
      { text: 'صواب', correct: correctTrue, image_path: null },
      { text: 'خطأ', correct: !correctTrue, image_path: null },
    ];
  }
  const answers =
    body.answers ??
    (current?.type === 'choices'
      ? current.answers.map((a) => ({ text: a.text, correct: a.correct, image_url: a.image_url }))
      : undefined);
  if (!answers || answers.length < 2) throw fieldError('answers', STAFF_MESSAGES.choicesNeedTwo);
  if (!answers.some((a) => a.correct)) {
    throw fieldError('answers', STAFF_MESSAGES.choicesNeedCorrect);
  }
  if (answers.some((a) => a.text === '' && !a.image_url)) {
    throw fieldError('answers', STAFF_MESSAGES.required);
  }
  return answers.map((a) => ({
    text: a.text,
    correct: a.correct,
    image_path: storedPath(a.image_url),
  }));
}

async function writeOptions(trx: Trx, questionId: number, options: OptionInput[]) {
  await trx.deleteFrom('answer_options').where('question_id', '=', questionId).execute();
  if (options.length === 0) return;
  await trx
    .insertInto('answer_options')
    .values(
      options.map((o, position) => ({
        question_id: questionId,
        position,
        text: o.text,
        image_path: o.image_path,
        correct: o.correct ? 1 : 0,
      })),
    )
    .execute();
}

/**
 * Whether a change to a question of an exam students have started is refused (ADR 022): its
 * type, mark, options or correct answer decide marks already given, and so does adding or
 * removing a question. Its wording, image and explanation may still be corrected.
 */
function changesMarking(body: QuestionFields): boolean {
  return (
    body.type !== undefined ||
    body.mark !== undefined ||
    body.answers !== undefined ||
    body.correct_true !== undefined ||
    body.position !== undefined
  );
}

export async function createQuestion(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffQuestionCreateSchema>,
): Promise<StaffQuestion> {
  const { after } = await change(
    db,
    actor,
    { resource: 'questions', action: 'create' },
    getQuestion,
    async (trx) => {
      const exam = await trx
        .selectFrom('exams')
        .select('id')
        .where('id', '=', body.exam_id)
        .executeTakeFirst();
      if (!exam) throw fieldError('exam_id', VALIDATION_MESSAGES.choice);
      if (await hasSessions(trx, body.exam_id)) throw conflict(STAFF_MESSAGES.examHasSessions);
      const options = optionsFor(body.type, body, undefined)!;
      const last = await trx
        .selectFrom('questions')
        .select((eb) => eb.fn.max('position').as('p'))
        .where('exam_id', '=', body.exam_id)
        .executeTakeFirst();
      const row = await trx
        .insertInto('questions')
        .values({
          exam_id: body.exam_id,
          position:
            body.position ?? (last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1),
          type: body.type,
          text: body.text,
          image_path: null,
          mark: body.mark ?? (body.type === 'essay' ? 2 : 1),
          answer_explain_text: body.answer_explain_text ?? null,
          answer_explain_image: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeOptions(trx, row.id, options);
      return row.id;
    },
  );
  return after!;
}

export async function updateQuestion(
  db: Db,
  actor: Actor,
  id: number,
  body: QuestionFields,
): Promise<StaffQuestion> {
  const { after } = await change(
    db,
    actor,
    { resource: 'questions', action: 'update', id },
    getQuestion,
    async (trx, before) => {
      if (changesMarking(body) && (await hasSessions(trx, before!.exam_id))) {
        throw conflict(STAFF_MESSAGES.examHasSessions);
      }
      const type = body.type ?? before!.type;
      const marking =
        body.type !== undefined || body.answers !== undefined || body.correct_true !== undefined;
      const values = defined({
        type: body.type,
        text: body.text,
        position: body.position,
        mark: body.mark,
        answer_explain_text: body.answer_explain_text,
      });
      if (Object.keys(values).length > 0) {
        await trx.updateTable('questions').set(values).where('id', '=', id).execute();
      }
      if (marking) await writeOptions(trx, id, optionsFor(type, body, before)!);
      return id;
    },
  );
  return after!;
}

/** Sets a question's image or its explanation's image (a path under public storage). */
export async function setQuestionImage(
  db: Db,
  actor: Actor,
  id: number,
  column: 'image_path' | 'answer_explain_image',
  path: string,
): Promise<void> {
  await change(
    db,
    actor,
    { resource: 'questions', action: 'upload', id },
    getQuestion,
    async (trx) => {
      await trx
        .updateTable('questions')
        .set({ [column]: path })
        .where('id', '=', id)
        .execute();
      return id;
    },
  );
}

export async function deleteQuestion(db: Db, actor: Actor, id: number): Promise<void> {
  await change(
    db,
    actor,
    { resource: 'questions', action: 'delete', id },
    getQuestion,
    async (trx, before) => {
      if (await hasSessions(trx, before!.exam_id)) throw conflict(STAFF_MESSAGES.examHasSessions);
      await trx.deleteFrom('questions').where('id', '=', id).execute();
      return id;
    },
  );
}

// ---------------------------------------------------------------------------------------------
// Exams in lectures

type LinkRow = Selectable<LectureExamsTable>;

function linkView(r: LinkRow): StaffLectureExam {
  return {
    id: r.id,
    lecture_id: r.lecture_id,
    exam_id: r.exam_id,
    position: r.position,
    must_pass: bool(r.must_pass),
    must_take: bool(r.must_take),
    alternative_exam_id: r.alternative_exam_id,
    navigate_to_alternative: bool(r.navigate_to_alternative),
  };
}

export async function getLectureExam(
  db: Db | Trx,
  id: number,
): Promise<StaffLectureExam | undefined> {
  const row = await db
    .selectFrom('lecture_exams')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? linkView(row) : undefined;
}

export async function listLectureExams(
  db: Db,
  query: StaffListQuery & z.output<typeof staffLectureExamListQuerySchema>,
) {
  let base = db.selectFrom('lecture_exams');
  if (query.lecture_id !== undefined) base = base.where('lecture_id', '=', query.lecture_id);
  if (query.exam_id !== undefined) base = base.where('exam_id', '=', query.exam_id);
  const sort = sortOf(query, ['id', 'position', 'lecture_id', 'exam_id'] as const, 'position');
  const { limit, offset } = pageOf(query);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .selectAll()
      .orderBy(sort.column, sort.direction)
      .orderBy('id', sort.direction)
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { data: rows.map(linkView), meta: { total: countOf(total) } };
}

type LinkFields = z.output<typeof staffLectureExamUpdateSchema>;

async function checkAlternative(trx: Trx, examId: number, alternative: number | null | undefined) {
  if (alternative === undefined || alternative === null) return;
  if (alternative === examId) {
    throw fieldError('alternative_exam_id', STAFF_MESSAGES.alternativeSelf);
  }
  const found = await trx
    .selectFrom('exams')
    .select('id')
    .where('id', '=', alternative)
    .executeTakeFirst();
  if (!found) throw fieldError('alternative_exam_id', VALIDATION_MESSAGES.choice);
}

function linkColumns(body: LinkFields) {
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : flagOf(v));
  return defined({
    position: body.position,
    must_pass: flag(body.must_pass),
    must_take: flag(body.must_take),
    alternative_exam_id: body.alternative_exam_id,
    navigate_to_alternative: flag(body.navigate_to_alternative),
  });
}

/** Attaches an exam or a homework to a lecture, with must_pass / must_take / alternative. */
export async function createLectureExam(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffLectureExamCreateSchema>,
): Promise<StaffLectureExam> {
  const { after } = await change(
    db,
    actor,
    { resource: 'lecture-exams', action: 'create' },
    getLectureExam,
    async (trx) => {
      const lecture = await trx
        .selectFrom('lectures')
        .select('id')
        .where('id', '=', body.lecture_id)
        .executeTakeFirst();
      if (!lecture) throw fieldError('lecture_id', VALIDATION_MESSAGES.choice);
      const exam = await trx
        .selectFrom('exams')
        .select('id')
        .where('id', '=', body.exam_id)
        .executeTakeFirst();
      if (!exam) throw fieldError('exam_id', VALIDATION_MESSAGES.choice);
      await checkAlternative(trx, body.exam_id, body.alternative_exam_id);
      const row = await trx
        .insertInto('lecture_exams')
        .values({
          must_pass: 0,
          must_take: 0,
          alternative_exam_id: null,
          navigate_to_alternative: 0,
          ...linkColumns(body),
          position: body.position ?? (await nextPosition(trx, 'lecture_exams', body.lecture_id)),
          lecture_id: body.lecture_id,
          exam_id: body.exam_id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  );
  return after!;
}

export async function updateLectureExam(
  db: Db,
  actor: Actor,
  id: number,
  body: LinkFields,
): Promise<StaffLectureExam> {
  const { after } = await change(
    db,
    actor,
    { resource: 'lecture-exams', action: 'update', id },
    getLectureExam,
    async (trx, before) => {
      await checkAlternative(trx, before!.exam_id, body.alternative_exam_id);
      const values = linkColumns(body);
      if (Object.keys(values).length > 0) {
        await trx.updateTable('lecture_exams').set(values).where('id', '=', id).execute();
      }
      return id;
    },
  );
  return after!;
}

export async function deleteLectureExam(db: Db, actor: Actor, id: number): Promise<void> {
  await change(
    db,
    actor,
    { resource: 'lecture-exams', action: 'delete', id },
    getLectureExam,
    async (trx) => {
      await trx.deleteFrom('lecture_exams').where('id', '=', id).execute();
      return id;
    },
  );
}
