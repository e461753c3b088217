import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { STAFF_GROUP_IDS, STAFF_MESSAGES } from '@dars/contract';
import type { DB } from './schema';
import { fieldError } from '../lib/app-error';
import { notFound } from './audited-change';

/**
 * A teacher's scope (ADR 048): the records a teacher's login may read and change, derived on
 * every call from the courses that list the teacher's profile (`course_teachers`), never cached
 * in the token. Admins and leaders have the whole school (scope `null`).
 *
 * One subquery per resource gives the ids in a teacher's scope; the same subquery answers "is
 * this id theirs" (404 when not, as for an id that does not exist, so ids reveal nothing) and
 * filters a list in SQL (so its total counts only what the teacher may see).
 */
export type ScopedResource =
  | 'teacher'
  | 'course'
  | 'lecture'
  | 'video'
  | 'attachment'
  | 'exam'
  | 'question'
  | 'question-bank'
  | 'draw-rule'
  | 'lecture-exam'
  | 'exam-session'
  | 'accommodation'
  | 'attempt-grant'
  | 'exam-answer'
  | 'support-ticket';

/** The teacher profile a staff call works as; `null`: the whole school (admin or leader). */
export type TeacherScope = number | null;

/** A teacher login not linked to a profile sees nothing: no teacher has this id. */
const NO_TEACHER = 0;

type Ids = RawBuilder<unknown>;

const courses = (t: number): Ids =>
  sql`select course_id from course_teachers where teacher_id = ${t}`;
const lectures = (t: number): Ids =>
  sql`select id from lectures where course_id in (${courses(t)})`;
/**
 * A teacher's exams: those of their courses, and those under one of their lectures (main or
 * alternative). A general exam under no lecture and of no course belongs to no teacher.
 */
const exams = (t: number): Ids =>
  sql`select id from exams where course_id in (${courses(t)})
    union select exam_id from lecture_exams where lecture_id in (${lectures(t)})
    union select alternative_exam_id from lecture_exams
      where alternative_exam_id is not null and lecture_id in (${lectures(t)})`;
const banks = (t: number): Ids =>
  sql`select id from question_banks where course_id in (${courses(t)})`;
const sessions = (t: number): Ids =>
  sql`select id from exam_sessions where exam_id in (${exams(t)})`;

/** The ids of `resource`'s table in teacher `t`'s scope. */
export function idsInScope(resource: ScopedResource, t: number): Ids {
  switch (resource) {
    case 'teacher':
      return sql`select id from teachers where id = ${t}`;
    case 'course':
      return courses(t);
    case 'lecture':
      return lectures(t);
    case 'video':
      return sql`select id from videos where lecture_id in (${lectures(t)})`;
    case 'attachment':
      return sql`select id from attachments where lecture_id in (${lectures(t)})`;
    case 'exam':
      return exams(t);
    case 'question':
      return sql`select id from questions
        where exam_id in (${exams(t)}) or bank_id in (${banks(t)})`;
    case 'question-bank':
      return banks(t);
    case 'draw-rule':
      return sql`select id from exam_draw_rules where exam_id in (${exams(t)})`;
    case 'lecture-exam':
      return sql`select id from lecture_exams where lecture_id in (${lectures(t)})`;
    case 'exam-session':
      return sessions(t);
    case 'accommodation':
      return sql`select id from exam_accommodations where exam_id in (${exams(t)})`;
    case 'attempt-grant':
      return sql`select id from exam_attempt_grants where exam_id in (${exams(t)})`;
    case 'exam-answer':
      return sql`select id from answer_attempts where session_id in (${sessions(t)})`;
    case 'support-ticket':
      return sql`select id from support_tickets where course_id in (${courses(t)})`;
  }
}

/**
 * The filter of a list in a teacher's scope, on the list's id column (`id`, or `alias.id` in a
 * joined query); none for the whole school.
 * @example if (scope !== null) base = base.where(inScope('course', scope));
 */
export function inScope(resource: ScopedResource, t: number, column = 'id'): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} in (${idsInScope(resource, t)})`;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a teacher-open call's scope hook (ADR 048): see `teacherScopeOf`. */
    teacherScope?: TeacherScope;
    /** With it: whether the teacher's profile may set prices (the admin allows it per teacher). */
    teacherMaySetPrices?: boolean;
  }
}

/** The scope of a staff call: `null` for an admin or a leader, a teacher's profile id otherwise. */
export async function teacherScopeOf(db: Kysely<DB>, request: FastifyRequest) {
  if (request.teacherScope !== undefined) return request.teacherScope;
  const user = await request.requireUser();
  const teacher = await teacherOfAccount(db, user.id, user.group_id);
  const scope = scopeOf(user.group_id, teacher);
  request.teacherScope = scope;
  request.teacherMaySetPrices = teacher?.maySetPrices === true;
  return scope;
}

/**
 * The teacher profile a teacher's login works as, and whether the admin lets it set prices, in
 * one read; null for another role, or a teacher's login linked to no profile.
 */
export async function teacherOfAccount(
  db: Kysely<DB>,
  userId: number,
  groupId: number | null,
): Promise<{ teacherId: number; maySetPrices: boolean } | null> {
  if (groupId !== STAFF_GROUP_IDS.teacher) return null;
  const link = await db
    .selectFrom('teacher_logins as l')
    .innerJoin('teachers as t', 't.id', 'l.teacher_id')
    .select(['t.id', 't.may_set_prices'])
    .where('l.user_id', '=', userId)
    .executeTakeFirst();
  return link ? { teacherId: link.id, maySetPrices: link.may_set_prices === 1 } : null;
}

/** A teacher's login works as its profile, or as no one; anyone else has the school. */
function scopeOf(groupId: number | null, teacher: { teacherId: number } | null): TeacherScope {
  if (groupId !== STAFF_GROUP_IDS.teacher) return null;
  return teacher?.teacherId ?? NO_TEACHER;
}

/** The scope of a staff account: its teacher profile for a teacher's login, else the school. */
export async function scopeOfAccount(
  db: Kysely<DB>,
  userId: number,
  groupId: number | null,
): Promise<TeacherScope> {
  return scopeOf(groupId, await teacherOfAccount(db, userId, groupId));
}

/**
 * 404 unless the record `id` of `resource` is in the scope (always, for the whole school; a
 * missing record is the handler's own 404).
 */
export async function ensureInScope(
  db: Kysely<DB>,
  scope: TeacherScope,
  resource: ScopedResource,
  id: number,
): Promise<void> {
  if (!(await isInScope(db, scope, resource, id))) throw notFound();
}

/** Whether the record `id` of `resource` is in the scope (always, for the whole school). */
export async function isInScope(
  db: Kysely<DB>,
  scope: TeacherScope,
  resource: ScopedResource,
  id: number,
): Promise<boolean> {
  if (scope === null) return true;
  const { rows } = await sql<{ ok: number }>`select 1 as ok where ${id} in (${idsInScope(
    resource,
    scope,
  )})`.execute(db);
  return rows.length > 0;
}

/**
 * How a call opened to teachers (contract `teacher: true`) keeps a teacher in their scope;
 * every such call names one, so a call cannot be opened without thinking about it.
 */
export interface TeacherScopeRule {
  /** The resource its `:id` names. */
  id?: ScopedResource;
  /** Body fields that name records: each given id must be in scope. */
  body?: Readonly<Record<string, ScopedResource>>;
  /**
   * Body fields a teacher must fill: a record of no course (a general exam, a school-wide bank,
   * an accommodation for every exam) belongs to no teacher. On a change, a field left out is
   * kept as it is (in scope, since its record is).
   */
  required?: readonly string[];
  /** A list: its handler filters by `scopeOf(request)` (the hook only resolves the scope). */
  list?: true;
  /** A school-wide, read-only lookup (grades, categories): no record of a teacher's. */
  lookup?: true;
  /** The caller's own identity or session (me, sign-out). */
  self?: true;
}

/**
 * The preHandler of a teacher-open call (after the role and the body's validation): resolves
 * the scope once, then answers 404 for an `:id` or a body id out of it and 422 for a required
 * field left empty. Nothing for an admin or a leader beyond one read of the role.
 */
export function teacherScopeHook(
  db: Kysely<DB>,
  rule: TeacherScopeRule,
): preHandlerAsyncHookHandler {
  return async function teacherScopeCheck(request) {
    const scope = await teacherScopeOf(db, request);
    if (scope === null) return;
    const params = (request.params ?? {}) as { id?: unknown };
    if (rule.id) await ensureInScope(db, scope, rule.id, Number(params.id));
    // A POST that names no record makes one: a required field must be there.
    const create = request.method === 'POST' && params.id === undefined;
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const field of rule.required ?? []) {
      if (body[field] === null || (create && body[field] === undefined)) {
        throw fieldError(field, STAFF_MESSAGES.required);
      }
    }
    for (const [field, resource] of Object.entries(rule.body ?? {})) {
      const value = body[field];
      if (typeof value === 'number') await ensureInScope(db, scope, resource, value);
    }
  };
}
