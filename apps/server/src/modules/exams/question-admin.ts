import { sql, type Selectable } from 'kysely';
import type { z } from 'zod';
import {
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  type StaffListQuery,
  type StaffQuestion,
  type staffQuestionCreateSchema,
  type staffQuestionListQuerySchema,
  type staffQuestionUpdateSchema,
} from '@dars/contract';
import { auditedRows, conflict, type Actor, type Db, type Trx } from '../../db/audited-change';
import { bool, defined, likePattern, positionAfterLast, viewedRows } from '../../db/list-page';
import type { QuestionsTable } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/public-url';
import { hasSessions } from './exam-admin';
import { bankInUse } from './question-banks';
import { difficultyOf, storedTags, tagList } from './question-draw';
import type { TeacherScope } from '../../db/teacher-scope';

// ---------------------------------------------------------------------------------------------
// An exam's questions and their answer options as the staff console reads and writes them.

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
    bank_id: r.bank_id,
    difficulty: difficultyOf(r.difficulty),
    tags: tagList(r.tags),
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

const questionItems = viewedRows('questions', questionViews);

export const getQuestion = questionItems.get;

/** Questions by id, in the order of `ids` (a draw preview's). */
export async function questionsByIds(db: Db, ids: readonly number[]): Promise<StaffQuestion[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('questions').selectAll().where('id', 'in', ids).execute();
  const byId = new Map((await questionViews(db, rows)).map((q) => [q.id, q]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listQuestions(
  db: Db,
  query: StaffListQuery & z.output<typeof staffQuestionListQuerySchema>,
  teacher: TeacherScope = null,
) {
  return questionItems.list(
    db,
    query,
    {
      scope: { resource: 'question', teacher },
      search: ['text'],
      equal: ['exam_id', 'bank_id', 'difficulty'],
      sortable: ['id', 'position', 'type', 'mark', 'difficulty'],
      fallback: 'position',
    },
    // One whole tag; its own % and _ are letters, not wildcards.
    (base) =>
      query.tag
        ? base.where(sql<boolean>`tags like ${likePattern(`|${query.tag}|`)} escape '\\'`)
        : base,
  );
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

const questionRows = auditedRows('questions', 'questions', getQuestion);

/**
 * Whether the marking of a question is fixed now: an exam's once students started it (ADR 022),
 * a bank's once an exam drawing from the bank has sessions (ADR 046).
 */
async function markingFixed(
  trx: Trx,
  at: { exam_id: number | null; bank_id: number | null },
): Promise<string | null> {
  if (at.exam_id !== null && (await hasSessions(trx, at.exam_id))) {
    return STAFF_MESSAGES.examHasSessions;
  }
  if (at.bank_id !== null && (await bankInUse(trx, at.bank_id))) return STAFF_MESSAGES.bankInUse;
  return null;
}

/** The next position in an exam's or a bank's list. */
function nextQuestionPosition(trx: Trx, at: { exam_id?: number; bank_id?: number }) {
  return at.exam_id !== undefined
    ? positionAfterLast(trx, 'questions', 'exam_id', at.exam_id)
    : positionAfterLast(trx, 'questions', 'bank_id', at.bank_id!);
}

export function createQuestion(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffQuestionCreateSchema>,
): Promise<StaffQuestion> {
  let options: OptionInput[] = [];
  return questionRows.create(
    db,
    actor,
    async (trx) => {
      if (body.exam_id !== undefined) {
        const exam = await trx
          .selectFrom('exams')
          .select('id')
          .where('id', '=', body.exam_id)
          .executeTakeFirst();
        if (!exam) throw fieldError('exam_id', VALIDATION_MESSAGES.choice);
        // A bank takes new questions while exams draw from it: later draws have more to choose.
        if (await hasSessions(trx, body.exam_id)) throw conflict(STAFF_MESSAGES.examHasSessions);
      } else {
        const bank = await trx
          .selectFrom('question_banks')
          .select('id')
          .where('id', '=', body.bank_id!)
          .executeTakeFirst();
        if (!bank) throw fieldError('bank_id', VALIDATION_MESSAGES.choice);
      }
      options = optionsFor(body.type, body, undefined)!;
      return {
        exam_id: body.exam_id ?? null,
        bank_id: body.bank_id ?? null,
        difficulty: body.difficulty ?? null,
        tags: storedTags(body.tags),
        position: body.position ?? (await nextQuestionPosition(trx, body)),
        type: body.type,
        text: body.text,
        image_path: null,
        mark: body.mark ?? (body.type === 'essay' ? 2 : 1),
        answer_explain_text: body.answer_explain_text ?? null,
        answer_explain_image: null,
      };
    },
    (trx, id) => writeOptions(trx, id, options),
  );
}

export function updateQuestion(db: Db, actor: Actor, id: number, body: QuestionFields) {
  const marking =
    body.type !== undefined || body.answers !== undefined || body.correct_true !== undefined;
  return questionRows.update(
    db,
    actor,
    id,
    async (trx, before) => {
      if (changesMarking(body)) {
        const fixed = await markingFixed(trx, before);
        if (fixed) throw conflict(fixed);
      }
      return defined({
        type: body.type,
        text: body.text,
        position: body.position,
        mark: body.mark,
        answer_explain_text: body.answer_explain_text,
        difficulty: body.difficulty,
        tags: body.tags === undefined ? undefined : storedTags(body.tags),
      });
    },
    async (trx, before) => {
      if (marking) await writeOptions(trx, id, optionsFor(body.type ?? before.type, body, before)!);
    },
  );
}

/** Sets a question's image or its explanation's image (a path under public storage). */
export function setQuestionImage(
  db: Db,
  actor: Actor,
  id: number,
  column: 'image_path' | 'answer_explain_image',
  path: string,
): Promise<void> {
  return questionRows.upload(db, actor, id, { [column]: path });
}

export function deleteQuestion(db: Db, actor: Actor, id: number): Promise<void> {
  return questionRows.remove(db, actor, id, async (trx, before) => {
    const fixed = await markingFixed(trx, before);
    if (fixed) throw conflict(fixed);
  });
}
