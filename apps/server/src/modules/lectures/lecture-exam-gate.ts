import { sql, type RawBuilder } from 'kysely';

// How far a student is with a lecture's mandatory exams (ADR 016: Homework and mandatory
// exams): the lecture's own gate, which its videos and exams tab asks. It reads the exam tables
// directly, so the lectures module needs nothing of the exams module, which builds on it.

/**
 * SQL true while the `lecture_exams` row under `alias` still holds the lecture's videos for the
 * student: a must-pass exam that neither it nor its alternative has a corrected, passed
 * session of, or a must-take exam that neither has a finished session of. With several
 * attempts (ADR 047) any passed attempt opens the videos, whichever attempt counts for the
 * result: the student has shown they can pass, and access once given is not taken back.
 * @example sql`exists (select 1 from lecture_exams as e where e.lecture_id = l.id and ${examHoldsVideos(userId, 'e')})`
 */
export function examHoldsVideos(userId: number, alias: string): RawBuilder<boolean> {
  const e = sql.raw(alias);
  const sessionOf = (extra: RawBuilder<unknown>) =>
    sql`exists (select 1 from exam_sessions as s where s.user_id = ${userId}
      and (s.exam_id = ${e}.exam_id or s.exam_id = ${e}.alternative_exam_id)
      and s.finished_at is not null ${extra})`;
  // A pass a regrade took back keeps the access it gave (access_kept, ADR 045).
  return sql<boolean>`((${e}.must_pass = 1 and not ${sessionOf(sql`and s.corrected = 1 and (s.succeeded = 1 or s.access_kept = 1)`)})
    or (${e}.must_take = 1 and not ${sessionOf(sql``)}))`;
}

/** SQL true when a guest would find the row mandatory (a guest has no sessions). */
export function examIsMandatory(alias: string): RawBuilder<boolean> {
  const e = sql.raw(alias);
  return sql<boolean>`(${e}.must_pass = 1 or ${e}.must_take = 1)`;
}

/**
 * SQL true when the `lecture_exams` row under `alias` should send the student to its alternative:
 * the lecture offers one (and says to send students there), and the student's session of the
 * main exam is finished, corrected and failed (ADR 016: Homework and mandatory exams), and no
 * other attempt at it passed (ADR 047).
 */
export function sendsToAlternative(userId: number, alias: string): RawBuilder<boolean> {
  const e = sql.raw(alias);
  return sql<boolean>`(${e}.navigate_to_alternative = 1 and ${e}.alternative_exam_id is not null
    and exists (select 1 from exam_sessions as s where s.user_id = ${userId}
      and s.exam_id = ${e}.exam_id and s.finished_at is not null
      and s.corrected = 1 and s.succeeded = 0 and s.access_kept = 0)
    and not exists (select 1 from exam_sessions as p where p.user_id = ${userId}
      and p.exam_id = ${e}.exam_id and p.finished_at is not null
      and p.corrected = 1 and (p.succeeded = 1 or p.access_kept = 1)))`;
}
