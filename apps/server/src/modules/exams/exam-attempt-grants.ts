import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  type StaffExamAttemptGrant,
  type StaffListQuery,
  type staffExamAttemptGrantCreateSchema,
  type staffExamAttemptGrantListQuerySchema,
  type staffExamAttemptGrantUpdateSchema,
} from '@dars/contract';
import { auditedRows, type Actor, type Db, type Trx } from '../../db/audited-change';
import { defined, viewedRows } from '../../db/list-page';
import type { ExamAttemptGrantsTable } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { studentAndExamNames } from './exam-accommodations';
import type { TeacherScope } from '../../db/teacher-scope';

// ---------------------------------------------------------------------------------------------
// Attempts staff give one student at one exam beyond the exam's own (issue 26, ADR 047), beside
// the student's own time (exam-accommodations.ts). Starting reads them (exam-attempts.ts).

type Row = Selectable<ExamAttemptGrantsTable>;

async function views(db: Db | Trx, rows: Row[]): Promise<StaffExamAttemptGrant[]> {
  if (rows.length === 0) return [];
  const { userName, examName } = await studentAndExamNames(db, rows);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    exam_id: r.exam_id,
    extra_attempts: r.extra_attempts,
    note: r.note,
    student_name: userName.get(r.user_id) ?? '',
    exam_name: examName.get(r.exam_id) ?? '',
    created_at: r.created_at,
  }));
}

const grantItems = viewedRows('exam_attempt_grants', views);

export const getAttemptGrant = grantItems.get;

export function listAttemptGrants(
  db: Db,
  query: StaffListQuery & z.output<typeof staffExamAttemptGrantListQuerySchema>,
  teacher: TeacherScope = null,
) {
  return grantItems.list(db, query, {
    scope: { resource: 'attempt-grant', teacher },
    equal: ['user_id', 'exam_id'],
    sortable: ['id', 'user_id', 'exam_id', 'created_at'],
    fallback: 'id',
  });
}

const grantRows = auditedRows('exam_attempt_grants', 'exam-attempt-grants', getAttemptGrant);

const taken = () => fieldError('exam_id', STAFF_MESSAGES.attemptGrantTaken);

/** Gives a student more attempts at one exam (one more unless told how many). */
export async function createAttemptGrant(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffExamAttemptGrantCreateSchema>,
  now: Date,
): Promise<StaffExamAttemptGrant> {
  try {
    return await grantRows.create(db, actor, async (trx) => {
      const student = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', body.user_id)
        .where('group_id', 'is', null)
        .executeTakeFirst();
      if (!student) throw fieldError('user_id', VALIDATION_MESSAGES.choice);
      const exam = await trx
        .selectFrom('exams')
        .select('id')
        .where('id', '=', body.exam_id)
        .executeTakeFirst();
      if (!exam) throw fieldError('exam_id', VALIDATION_MESSAGES.choice);
      // A second grant for the student and exam: the unique index refuses it (below).
      return {
        user_id: body.user_id,
        exam_id: body.exam_id,
        extra_attempts: body.extra_attempts ?? 1,
        note: body.note ?? null,
        created_at: now.toISOString(),
      };
    });
  } catch (error) {
    // One grant per student and exam, even for two racing creates: the unique index keeps one.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export function updateAttemptGrant(
  db: Db,
  actor: Actor,
  id: number,
  body: z.output<typeof staffExamAttemptGrantUpdateSchema>,
) {
  return grantRows.update(db, actor, id, () =>
    defined({ extra_attempts: body.extra_attempts, note: body.note }),
  );
}

/** Takes the attempts back; attempts already made stay, with their results. */
export function deleteAttemptGrant(db: Db, actor: Actor, id: number): Promise<void> {
  return grantRows.remove(db, actor, id);
}
