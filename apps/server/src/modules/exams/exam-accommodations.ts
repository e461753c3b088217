import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import {
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  type StaffExamAccommodation,
  type StaffListQuery,
  type staffExamAccommodationCreateSchema,
  type staffExamAccommodationListQuerySchema,
  type staffExamAccommodationUpdateSchema,
} from '@dars/contract';
import { auditedRows, type Actor, type Db, type Trx } from '../../db/audited-change';
import { defined, viewedRows } from '../../db/list-page';
import { precompile } from '../../db/precompiled';
import type { DB, ExamAccommodationsTable } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { accommodated, deadlineOf, type Accommodation } from './exam-time';
import type { TeacherScope } from '../../db/teacher-scope';

// ---------------------------------------------------------------------------------------------
// A student's own exam time (issue 26, ADR 042): extra time and an own window, for one exam or
// for every exam. Starting a session reads it (exam-service.ts); a change reaches the student's
// running sessions at once, so the deadline, the sweep and the countdown follow it.

const ofStudentAndExam = precompile((db, p: { userId: number; examId: number }) =>
  db
    .selectFrom('exam_accommodations')
    .select(['exam_id', 'extra_minutes', 'extra_percent', 'starts_at', 'ends_at'])
    .where('user_id', '=', p.userId)
    .where((eb) => eb.or([eb('exam_id', '=', p.examId), eb('exam_id', 'is', null)])),
);

/**
 * The student's accommodation for the exam: the one for this exam, else the one for every
 * exam, else none.
 * @example const exam = accommodated(row, await accommodationOf(ctx.db, user.id, row.id))
 */
export async function accommodationOf(
  db: Kysely<DB>,
  userId: number,
  examId: number,
): Promise<Accommodation | undefined> {
  const rows = await ofStudentAndExam.execute(db, { userId, examId });
  return rows.find((r) => r.exam_id === examId) ?? rows[0];
}

type Row = Selectable<ExamAccommodationsTable>;

/**
 * The students' and exams' names a page of a student's exam rows shows (their own time here,
 * their extra attempts in exam-attempt-grants.ts), by id. `rows` is not empty.
 */
export async function studentAndExamNames(
  db: Db | Trx,
  rows: readonly { user_id: number; exam_id: number | null }[],
) {
  const userIds = [...new Set(rows.map((r) => r.user_id))];
  // Stryker disable next-line ConditionalExpression,ArrayDeclaration: a null or stray id in `in (…)` names no exam
  const examIds = [...new Set(rows.flatMap((r) => (r.exam_id === null ? [] : [r.exam_id])))];
  const [users, exams] = await Promise.all([
    db.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute(),
    // Stryker disable next-line ConditionalExpression: a shortcut; SQLite reads `in ()` as no row (PostgreSQL, where the suite also runs, refuses it)
    examIds.length === 0
      ? []
      : db.selectFrom('exams').select(['id', 'name']).where('id', 'in', examIds).execute(),
  ]);
  return {
    userName: new Map(users.map((u) => [u.id, u.name])),
    examName: new Map(exams.map((e) => [e.id, e.name])),
  };
}

async function views(db: Db | Trx, rows: Row[]): Promise<StaffExamAccommodation[]> {
  // Stryker disable next-line ConditionalExpression: a shortcut: no rows, no names
  if (rows.length === 0) return [];
  const { userName, examName } = await studentAndExamNames(db, rows);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    exam_id: r.exam_id,
    extra_minutes: r.extra_minutes,
    extra_percent: r.extra_percent,
    starts_at: r.starts_at,
    ends_at: r.ends_at,
    note: r.note,
    // Stryker disable next-line StringLiteral: a row's student always exists (foreign key)
    student_name: userName.get(r.user_id) ?? '',
    // Stryker disable next-line ConditionalExpression: no exam is named by a null id either
    exam_name: r.exam_id === null ? null : (examName.get(r.exam_id) ?? null),
    created_at: r.created_at,
  }));
}

const accommodationItems = viewedRows('exam_accommodations', views);

export const getAccommodation = accommodationItems.get;

export function listAccommodations(
  db: Db,
  query: StaffListQuery & z.output<typeof staffExamAccommodationListQuerySchema>,
  teacher: TeacherScope = null,
) {
  return accommodationItems.list(db, query, {
    scope: { resource: 'accommodation', teacher },
    equal: ['user_id', 'exam_id'],
    sortable: ['id', 'user_id', 'exam_id', 'created_at'],
    fallback: 'id',
  });
}

type Fields = z.output<typeof staffExamAccommodationUpdateSchema>;

function columns(body: Fields) {
  return defined({
    extra_minutes: body.extra_minutes,
    extra_percent: body.extra_percent,
    starts_at: body.starts_at,
    ends_at: body.ends_at,
    note: body.note,
  });
}

/** Something to give, and a window that ends after it starts (the values after the change). */
function checkTime(time: Pick<Row, 'extra_minutes' | 'extra_percent' | 'starts_at' | 'ends_at'>) {
  if (
    time.extra_minutes === 0 &&
    time.extra_percent === 0 &&
    time.starts_at === null &&
    time.ends_at === null
  ) {
    throw fieldError('extra_minutes', STAFF_MESSAGES.accommodationEmpty);
  }
  if (time.starts_at !== null && time.ends_at !== null && time.ends_at <= time.starts_at) {
    throw fieldError('ends_at', STAFF_MESSAGES.windowOrder);
  }
}

/**
 * Moves the deadlines of the student's running sessions that `examId` reaches (null: all) to
 * what their accommodation gives now, never before `now`: a shortened time ends the session
 * at the latest now, it does not end it in the past.
 */
async function followRunning(trx: Trx, userId: number, examId: number | null, now: Date) {
  let running = trx
    .selectFrom('exam_sessions')
    .innerJoin('exams', 'exams.id', 'exam_sessions.exam_id')
    .select([
      'exam_sessions.id',
      'exam_sessions.started_at',
      'exam_sessions.deadline_at',
      'exams.id as exam_id',
      'exams.duration_minutes',
      'exams.starts_at',
      'exams.ends_at',
    ])
    .where('exam_sessions.user_id', '=', userId)
    .where('exam_sessions.finished_at', 'is', null);
  if (examId !== null) running = running.where('exam_sessions.exam_id', '=', examId);
  for (const s of await running.execute()) {
    const time = accommodated(s, await accommodationOf(trx, userId, s.exam_id));
    let deadline = deadlineOf(time, new Date(s.started_at));
    // Stryker disable next-line ConditionalExpression,EqualityOperator: Date.parse(null) is NaN, never before now; a deadline exactly now is now either way
    if (deadline !== null && Date.parse(deadline) < now.getTime()) deadline = now.toISOString();
    // Stryker disable next-line ConditionalExpression: writing the same deadline again changes nothing
    if (deadline === s.deadline_at) continue;
    await trx
      .updateTable('exam_sessions')
      .set({ deadline_at: deadline })
      .where('id', '=', s.id)
      .where('finished_at', 'is', null)
      .execute();
  }
}

function taken(examId: number | null | undefined) {
  return fieldError(
    'exam_id',
    examId ? STAFF_MESSAGES.accommodationTakenExam : STAFF_MESSAGES.accommodationTakenAll,
  );
}

const accommodationRows = auditedRows(
  'exam_accommodations',
  'exam-accommodations',
  getAccommodation,
);

/** Gives a student extra time or an own window, for one exam or every exam. */
export async function createAccommodation(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffExamAccommodationCreateSchema>,
  now: Date,
): Promise<StaffExamAccommodation> {
  const examId = body.exam_id ?? null;
  try {
    return await accommodationRows.create(
      db,
      actor,
      async (trx) => {
        const student = await trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', body.user_id)
          .where('group_id', 'is', null)
          .executeTakeFirst();
        if (!student) throw fieldError('user_id', VALIDATION_MESSAGES.choice);
        if (examId !== null) {
          const exam = await trx
            .selectFrom('exams')
            .select('id')
            .where('id', '=', examId)
            .executeTakeFirst();
          if (!exam) throw fieldError('exam_id', VALIDATION_MESSAGES.choice);
        }
        const values = {
          extra_minutes: 0,
          extra_percent: 0,
          starts_at: null,
          ends_at: null,
          note: null,
          ...columns(body),
        };
        checkTime(values);
        const same = await trx
          .selectFrom('exam_accommodations')
          .select('id')
          .where('user_id', '=', body.user_id)
          // Stryker disable next-line ConditionalExpression,EqualityOperator: a missed duplicate meets the unique index, answered with the same 422 below
          .where('exam_id', examId === null ? 'is' : '=', examId)
          .executeTakeFirst();
        // Stryker disable next-line ConditionalExpression: as above, the unique index answers the same 422
        if (same) throw taken(examId);
        return { ...values, user_id: body.user_id, exam_id: examId, created_at: now.toISOString() };
      },
      (trx) => followRunning(trx, body.user_id, examId, now),
    );
  } catch (error) {
    // Two racing creates: the unique index keeps one.
    // Stryker disable next-line ConditionalExpression: two racing creates; the check above answers every create the suite can time
    if (isUniqueViolation(error)) throw taken(examId);
    throw error;
  }
}

export function updateAccommodation(db: Db, actor: Actor, id: number, body: Fields, now: Date) {
  return accommodationRows.update(
    db,
    actor,
    id,
    (_trx, before) => {
      const values = columns(body);
      checkTime({ ...before, ...values });
      return values;
    },
    (trx, before) => followRunning(trx, before.user_id, before.exam_id, now),
  );
}

export function deleteAccommodation(db: Db, actor: Actor, id: number, now: Date): Promise<void> {
  return accommodationRows.remove(db, actor, id, undefined, (trx, before) =>
    followRunning(trx, before.user_id, before.exam_id, now),
  );
}
