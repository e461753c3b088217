import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import {
  DRAW_RULES_MAX,
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  drawShortMessage,
  type StaffDrawPreview,
  type StaffExamDrawRule,
  type StaffListQuery,
  type StaffQuestionBank,
  type staffExamDrawRuleCreateSchema,
  type staffExamDrawRuleListQuerySchema,
  type staffExamDrawRuleUpdateSchema,
  type staffQuestionBankCreateSchema,
  type staffQuestionBankListQuerySchema,
  type staffQuestionBankUpdateSchema,
} from '@dars/contract';
import {
  auditedRows,
  conflict,
  notFound,
  type Actor,
  type Db,
  type Trx,
} from '../../db/audited-change';
import { defined, positionAfterLast, viewedRows } from '../../db/list-page';
import { precompile } from '../../db/precompiled';
import type { DB, ExamDrawRulesTable, QuestionBanksTable } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { newToken } from '../../lib/tokens';
import { hasSessions } from './exam-admin';
import {
  availableCounts,
  difficultyOf,
  drawQuestions,
  type DrawCandidate,
  type DrawRule,
} from './question-draw';
import type { TeacherScope } from '../../db/teacher-scope';

// ---------------------------------------------------------------------------------------------
// Question banks and the rules an exam draws by (issue 26, ADR 046). A bank's questions are
// rows of `questions` (question-admin.ts writes them); the session's draw is in exam-service.ts.

type AnyDb = Kysely<DB> | Db | Trx;

/** Whether an exam drawing from the bank has sessions: its questions' marking is fixed then. */
export async function bankInUse(db: AnyDb, bankId: number): Promise<boolean> {
  const row = await db
    .selectFrom('exam_draw_rules as r')
    .innerJoin('exam_sessions as s', 's.exam_id', 'r.exam_id')
    .select('s.id')
    .where('r.bank_id', '=', bankId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// ---- Banks -----------------------------------------------------------------------------------

type BankRow = Selectable<QuestionBanksTable>;

async function bankViews(db: AnyDb, rows: BankRow[]): Promise<StaffQuestionBank[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const courseIds = [...new Set(rows.flatMap((r) => (r.course_id === null ? [] : [r.course_id])))];
  const [questions, exams, courses] = await Promise.all([
    db
      .selectFrom('questions')
      .select(['bank_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('bank_id', 'in', ids)
      .groupBy('bank_id')
      .execute(),
    db
      .selectFrom('exam_draw_rules')
      .select(['bank_id', (eb) => eb.fn.count<number>('exam_id').distinct().as('n')])
      .where('bank_id', 'in', ids)
      .groupBy('bank_id')
      .execute(),
    courseIds.length === 0
      ? []
      : db.selectFrom('courses').select(['id', 'name']).where('id', 'in', courseIds).execute(),
  ]);
  const questionsIn = new Map(questions.map((q) => [q.bank_id, Number(q.n)]));
  const examsOf = new Map(exams.map((e) => [e.bank_id, Number(e.n)]));
  const courseName = new Map(courses.map((c) => [c.id, c.name]));
  return rows.map((r) => ({
    id: r.id,
    course_id: r.course_id,
    course_name: r.course_id === null ? null : (courseName.get(r.course_id) ?? null),
    name: r.name,
    questions_count: questionsIn.get(r.id) ?? 0,
    exams_count: examsOf.get(r.id) ?? 0,
    created_at: r.created_at,
  }));
}

const bankItems = viewedRows('question_banks', bankViews);

export const getQuestionBank = bankItems.get;

export function listQuestionBanks(
  db: Db,
  query: StaffListQuery & z.output<typeof staffQuestionBankListQuerySchema>,
  teacher: TeacherScope = null,
) {
  return bankItems.list(db, query, {
    scope: { resource: 'question-bank', teacher },
    search: ['name'],
    equal: ['course_id'],
    sortable: ['id', 'name', 'created_at'],
    fallback: 'name',
  });
}

async function courseExists(trx: Trx, courseId: number | null | undefined) {
  if (courseId === undefined || courseId === null) return;
  const found = await trx
    .selectFrom('courses')
    .select('id')
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!found) throw fieldError('course_id', VALIDATION_MESSAGES.choice);
}

const bankRows = auditedRows('question_banks', 'question-banks', getQuestionBank);

export function createQuestionBank(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffQuestionBankCreateSchema>,
  now: Date,
): Promise<StaffQuestionBank> {
  return bankRows.create(db, actor, async (trx) => {
    await courseExists(trx, body.course_id);
    return { name: body.name, course_id: body.course_id ?? null, created_at: now.toISOString() };
  });
}

export function updateQuestionBank(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof staffQuestionBankUpdateSchema>,
) {
  return bankRows.update(db, actor, id, async (trx) => {
    await courseExists(trx, body.course_id);
    return defined({ name: body.name, course_id: body.course_id });
  });
}

/** Deletes a bank (and its questions) no exam draws from. */
export function deleteQuestionBank(db: Db, actor: Actor, id: number): Promise<void> {
  return bankRows.remove(db, actor, id, async (trx) => {
    const rule = await trx
      .selectFrom('exam_draw_rules')
      .select('id')
      .where('bank_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (rule) throw conflict(STAFF_MESSAGES.bankHasRules);
  });
}

// ---- Draw rules and the draw -----------------------------------------------------------------

const rulesOfExam = precompile((db, p: { examId: number }) =>
  db
    .selectFrom('exam_draw_rules')
    .select(['id', 'bank_id', 'tag', 'difficulty', 'mark', 'count'])
    .where('exam_id', '=', p.examId)
    .orderBy('position')
    .orderBy('id'),
);

const poolOfExam = precompile((db, p: { examId: number }) =>
  db
    .selectFrom('questions')
    .select(['id', 'bank_id', 'tags', 'difficulty', 'mark'])
    .where('bank_id', 'in', (eb) =>
      eb.selectFrom('exam_draw_rules').select('bank_id').where('exam_id', '=', p.examId),
    ),
);

/** An exam's rules and the bank questions they may draw (none when it has no rules). */
export async function drawSetup(
  db: AnyDb,
  examId: number,
): Promise<{ rules: DrawRule[]; pool: DrawCandidate[] }> {
  const rules = await rulesOfExam.execute(db as Kysely<DB>, { examId });
  if (rules.length === 0) return { rules, pool: [] };
  return { rules, pool: await poolOfExam.execute(db as Kysely<DB>, { examId }) };
}

/** What the rules add to an exam's total: every rule's count × mark (ADR 046: equal totals). */
export function drawnTotal(rules: readonly DrawRule[]): number {
  return rules.reduce((sum, r) => sum + r.count * r.mark, 0);
}

type RuleRow = Selectable<ExamDrawRulesTable>;

async function ruleViews(db: AnyDb, rows: RuleRow[]): Promise<StaffExamDrawRule[]> {
  if (rows.length === 0) return [];
  const bankIds = [...new Set(rows.map((r) => r.bank_id))];
  const [banks, pool] = await Promise.all([
    db.selectFrom('question_banks').select(['id', 'name']).where('id', 'in', bankIds).execute(),
    db
      .selectFrom('questions')
      .select(['id', 'bank_id', 'tags', 'difficulty', 'mark'])
      .where('bank_id', 'in', bankIds)
      .execute(),
  ]);
  const bankName = new Map(banks.map((b) => [b.id, b.name]));
  const available = availableCounts(rows, pool);
  return rows.map((r, i) => ({
    id: r.id,
    exam_id: r.exam_id,
    bank_id: r.bank_id,
    bank_name: bankName.get(r.bank_id) ?? '',
    tag: r.tag,
    difficulty: difficultyOf(r.difficulty),
    mark: r.mark,
    count: r.count,
    position: r.position,
    available: available[i]!,
  }));
}

const ruleItems = viewedRows('exam_draw_rules', ruleViews);

export const getExamDrawRule = ruleItems.get;

export function listExamDrawRules(
  db: Db,
  query: StaffListQuery & z.output<typeof staffExamDrawRuleListQuerySchema>,
  teacher: TeacherScope = null,
) {
  return ruleItems.list(db, query, {
    scope: { resource: 'draw-rule', teacher },
    equal: ['exam_id'],
    sortable: ['id', 'position'],
    fallback: 'position',
  });
}

/** An exam's rules once changed must still be met by its banks (Hall's condition, ADR 046). */
async function checkFeasible(trx: Trx, examId: number, changedRule: number) {
  const { rules, pool } = await drawSetup(trx, examId);
  if (rules.length > DRAW_RULES_MAX) throw fieldError('count', STAFF_MESSAGES.drawRulesMax);
  const rule = rules.find((r) => r.id === changedRule);
  if (rule && availableCounts([rule], pool)[0] === 0) {
    throw fieldError('count', STAFF_MESSAGES.drawRuleNoneFit);
  }
  const { missing } = drawQuestions('feasibility', rules, pool);
  if (missing > 0) {
    const asked = rules.reduce((sum, r) => sum + r.count, 0);
    throw fieldError('count', drawShortMessage(asked, asked - missing));
  }
}

async function examForRules(trx: Trx, examId: number) {
  const exam = await trx
    .selectFrom('exams')
    .select('id')
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw fieldError('exam_id', VALIDATION_MESSAGES.choice);
  // Rules decide every session's questions and total: fixed once students started.
  if (await hasSessions(trx, examId)) throw conflict(STAFF_MESSAGES.examHasSessions);
}

async function bankExists(trx: Trx, bankId: number | undefined) {
  if (bankId === undefined) return;
  const bank = await trx
    .selectFrom('question_banks')
    .select('id')
    .where('id', '=', bankId)
    .executeTakeFirst();
  if (!bank) throw fieldError('bank_id', VALIDATION_MESSAGES.choice);
}

const ruleRows = auditedRows('exam_draw_rules', 'exam-draw-rules', getExamDrawRule);

type RuleFields = z.output<typeof staffExamDrawRuleUpdateSchema>;

function ruleColumns(body: RuleFields) {
  return defined({
    bank_id: body.bank_id,
    tag: body.tag,
    difficulty: body.difficulty,
    mark: body.mark,
    count: body.count,
    position: body.position,
  });
}

export function createExamDrawRule(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffExamDrawRuleCreateSchema>,
): Promise<StaffExamDrawRule> {
  return ruleRows.create(
    db,
    actor,
    async (trx) => {
      await examForRules(trx, body.exam_id);
      await bankExists(trx, body.bank_id);
      return {
        exam_id: body.exam_id,
        bank_id: body.bank_id,
        tag: body.tag ?? null,
        difficulty: body.difficulty ?? null,
        mark: body.mark,
        count: body.count,
        position:
          body.position ??
          (await positionAfterLast(trx, 'exam_draw_rules', 'exam_id', body.exam_id)),
      };
    },
    (trx, id) => checkFeasible(trx, body.exam_id, id),
  );
}

export function updateExamDrawRule(db: Db, actor: Actor, id: number, body: RuleFields) {
  return ruleRows.update(
    db,
    actor,
    id,
    async (trx, before) => {
      await examForRules(trx, before.exam_id);
      await bankExists(trx, body.bank_id);
      return ruleColumns(body);
    },
    (trx, before) => checkFeasible(trx, before.exam_id, id),
  );
}

export function deleteExamDrawRule(db: Db, actor: Actor, id: number): Promise<void> {
  return ruleRows.remove(db, actor, id, (trx, before) => examForRules(trx, before.exam_id));
}

/**
 * A draw of an exam's questions as a session keyed `seed` would get it (a new seed when none):
 * the fixed questions, then the drawn ones, with the total every session gets.
 * @example await drawPreview(db, 4, 'abc') // { seed: 'abc', questions: [...], total_mark: 20, ... }
 */
export async function drawPreview(
  db: Db,
  examId: number,
  seed: string | undefined,
  views: (db: Db, ids: number[]) => Promise<StaffDrawPreview['questions']>,
): Promise<StaffDrawPreview> {
  const exam = await db
    .selectFrom('exams')
    .select('id')
    .where('id', '=', examId)
    .executeTakeFirst();
  if (!exam) throw notFound();
  const key = seed || newToken().slice(0, 16);
  const fixed = await db
    .selectFrom('questions')
    .select(['id', 'mark'])
    .where('exam_id', '=', examId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const { rules, pool } = await drawSetup(db, examId);
  const { ids, missing } = drawQuestions(key, rules, pool);
  return {
    seed: key,
    questions: await views(db, [...fixed.map((q) => q.id), ...ids]),
    total_mark: fixed.reduce((sum, q) => sum + q.mark, 0) + drawnTotal(rules),
    fixed_count: fixed.length,
    drawn_count: ids.length,
    missing,
  };
}
