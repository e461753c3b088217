import type { z } from 'zod';
import { type StaffMarkingItem, type staffMarkingListQuerySchema } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { fieldError } from '../../lib/app-error';
import { publicFileUrl } from '../../lib/public-url';
import { markEssayAnswer } from './exam-marking';
import { noteExamResult, type ResultContext } from '../messaging/parent-messages';
import { answerImageUrl } from './answer-image-link';
import { notFound, writeAudit, type Actor, type Db, type Trx } from '../../db/audited-change';
import { matches, selectedPage, sortOf, type RowOf } from '../../db/list-page';
import { inScope, type TeacherScope } from '../../db/teacher-scope';

// Marking for leaders and admins (issue 13, ADR 022 «People and money»), on the exams' marking
// service (exam-marking.ts); every mark is audited in the marking's transaction.

function answersQuery(db: Db | Trx) {
  return db
    .selectFrom('answer_attempts as a')
    .innerJoin('questions as q', 'q.id', 'a.question_id')
    .innerJoin('exam_sessions as s', 's.id', 'a.session_id')
    .innerJoin('exams as e', 'e.id', 's.exam_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      'a.id',
      'a.session_id',
      'a.answer_text',
      'a.image_path',
      'a.correct',
      'a.correction_mark',
      'a.comment',
      'q.id as question_id',
      'q.text as question_text',
      'q.image_path as question_image',
      'q.mark as question_mark',
      'e.id as exam_id',
      'e.name as exam_name',
      'u.id as student_id',
      'u.name as student_name',
      's.finished_at',
    ])
    .where('q.type', '=', 'essay')
    .where('s.finished_at', 'is not', null);
}

type AnswerRow = RowOf<typeof answersQuery>;

function answerView(ctx: Pick<AppContext, 'secret'>, r: AnswerRow): StaffMarkingItem {
  return {
    id: r.id,
    session_id: r.session_id,
    exam: { id: r.exam_id, name: r.exam_name },
    student: { id: r.student_id, name: r.student_name },
    question: {
      id: r.question_id,
      text: r.question_text,
      image_url: publicFileUrl(r.question_image),
      mark: r.question_mark,
    },
    answer_text: r.answer_text,
    image_url: r.image_path ? answerImageUrl(ctx, r.student_id, r.id, 'staff') : null,
    mark: r.correct === null ? null : r.correction_mark,
    comment: r.comment,
    submitted_at: r.finished_at!,
  };
}

/** The essay answers of submitted sessions that wait for marks, oldest answer first. */
export async function listMarking(
  ctx: Pick<AppContext, 'db' | 'secret'>,
  query: z.output<typeof staffMarkingListQuerySchema>,
  teacher: TeacherScope = null,
) {
  let base = answersQuery(ctx.db).where('a.correct', 'is', null);
  if (teacher !== null) base = base.where(inScope('exam-answer', teacher, 'a.id'));
  if (query.exam_id !== undefined) base = base.where('e.id', '=', query.exam_id);
  if (query.q) base = base.where(matches('u.name', query.q));
  const sort = sortOf(query, ['id', 'finished_at'] as const, 'id');
  const column = sort.column === 'id' ? 'a.id' : 's.finished_at';
  const { rows, total } = await selectedPage(base, query, [column, 'a.id'], sort.direction);
  return { data: rows.map((r) => answerView(ctx, r)), meta: { total } };
}

/**
 * Marks one essay answer, 0..the question's mark (422 on `mark` otherwise); the session's
 * result is recomputed, the student told, and the change audited in the same transaction.
 */
export async function markAnswer(
  ctx: Pick<AppContext, 'db' | 'secret'> & ResultContext,
  actor: Actor,
  id: number,
  body: { mark: number; comment?: string | null },
) {
  const { db } = ctx;
  const row = await answersQuery(db).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  if (body.mark > row.question_mark) {
    throw fieldError('mark', `الدرجة بين 0 و ${row.question_mark}`);
  }
  const before = answerView(ctx, row);
  await markEssayAnswer(
    db,
    { attemptId: id, marks: body.mark, comment: body.comment ?? null },
    async (trx) => {
      const now = await answersQuery(trx).where('a.id', '=', id).executeTakeFirstOrThrow();
      const { image_url: _b, ...beforeLogged } = before;
      const { image_url: _a, ...afterLogged } = answerView(ctx, now);
      await writeAudit(trx, actor, {
        action: 'mark',
        resource: 'marking',
        resourceId: id,
        before: beforeLogged,
        after: afterLogged,
      });
    },
  );
  const after = await answersQuery(db).where('a.id', '=', id).executeTakeFirstOrThrow();
  // The last essay marked makes the result final: to the parent, when the school sends results.
  await noteExamResult(ctx, after.session_id);
  const session = await db
    .selectFrom('exam_sessions')
    .select(['correction_mark', 'total_mark', 'succeeded', 'corrected'])
    .where('id', '=', after.session_id)
    .executeTakeFirstOrThrow();
  return {
    ...answerView(ctx, after),
    result: {
      correction_mark: session.correction_mark,
      total_mark: session.total_mark,
      succeeded: session.succeeded === 1,
      corrected: session.corrected === 1,
    },
  };
}
