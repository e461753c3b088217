import type { Selectable } from 'kysely';
import type { z } from 'zod';
import {
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  type StaffLectureExam,
  type StaffListQuery,
  type staffLectureExamCreateSchema,
  type staffLectureExamListQuerySchema,
  type staffLectureExamUpdateSchema,
} from '@dars/contract';
import { auditedRows, type Actor, type Db, type Trx } from '../../db/audited-change';
import { bool, defined, flagOf, viewedRows } from '../../db/list-page';
import type { LectureExamsTable } from '../../db/schema';
import { fieldError } from '../../lib/app-error';
import { lectureExists, nextPosition } from '../lectures/lecture-admin';
import type { TeacherScope } from '../../db/teacher-scope';

// ---------------------------------------------------------------------------------------------
// Exams in lectures (must pass, must take, an alternative) as the staff console edits them.

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

const linkItems = viewedRows('lecture_exams', (_db, rows) => rows.map(linkView));

export const getLectureExam = linkItems.get;

export async function listLectureExams(
  db: Db,
  query: StaffListQuery & z.output<typeof staffLectureExamListQuerySchema>,
  teacher: TeacherScope = null,
) {
  return linkItems.list(db, query, {
    scope: { resource: 'lecture-exam', teacher },
    equal: ['lecture_id', 'exam_id'],
    sortable: ['id', 'position', 'lecture_id', 'exam_id'],
    fallback: 'position',
  });
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

const lectureExamRows = auditedRows('lecture_exams', 'lecture-exams', getLectureExam);

/** Attaches an exam or a homework to a lecture, with must_pass / must_take / alternative. */
export function createLectureExam(
  db: Db,
  actor: Actor,
  body: z.output<typeof staffLectureExamCreateSchema>,
): Promise<StaffLectureExam> {
  return lectureExamRows.create(db, actor, async (trx) => {
    await lectureExists(trx, body.lecture_id);
    const exam = await trx
      .selectFrom('exams')
      .select('id')
      .where('id', '=', body.exam_id)
      .executeTakeFirst();
    if (!exam) throw fieldError('exam_id', VALIDATION_MESSAGES.choice);
    await checkAlternative(trx, body.exam_id, body.alternative_exam_id);
    return {
      must_pass: 0,
      must_take: 0,
      alternative_exam_id: null,
      navigate_to_alternative: 0,
      ...linkColumns(body),
      position: body.position ?? (await nextPosition(trx, 'lecture_exams', body.lecture_id)),
      lecture_id: body.lecture_id,
      exam_id: body.exam_id,
    };
  });
}

export function updateLectureExam(db: Db, actor: Actor, id: number, body: LinkFields) {
  return lectureExamRows.update(db, actor, id, async (trx, before) => {
    await checkAlternative(trx, before.exam_id, body.alternative_exam_id);
    return linkColumns(body);
  });
}

export function deleteLectureExam(db: Db, actor: Actor, id: number): Promise<void> {
  return lectureExamRows.remove(db, actor, id);
}
