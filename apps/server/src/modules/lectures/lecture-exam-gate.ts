import { sql, type RawBuilder } from 'kysely';

// How far a student is with a lecture's mandatory exams (ADR 016: Homework and mandatory
// exams): the lecture's own gate, which its videos and exams tab asks. It reads the exam tables
// directly, so the lectures module needs nothing of the exams module, which builds on it.

/**
 * SQL true when the finished, corrected session under `s` (its exam under `x`) passed as its
 * exam counts attempts (ADR 047): its own pass, or for an exam that counts the average of the
 * attempts, the average of this attempt and the ones before it (all marked). Once true for an
 * attempt it stays true, so what a pass opened stays open whatever a later attempt scores; a
 * pass a regrade took back keeps the access it gave (access_kept, ADR 045). For `best` and
 * `last` this is "any attempt passed": each attempt was the last one when it was made.
 */
function passedAsCounted(): RawBuilder<boolean> {
  const before = sql`from exam_sessions as j where j.user_id = s.user_id and j.exam_id = s.exam_id
      and j.finished_at is not null and j.attempt <= s.attempt`;
  return sql<boolean>`(s.access_kept = 1 or (case when x.attempt_rule = 'average' then
      ((select avg(coalesce(j.correction_mark, 0) * 100.0 / nullif(j.total_mark, 0)) ${before})
        >= x.pass_percentage
       and not exists (select 1 ${before} and j.corrected = 0))
    else s.succeeded = 1 end))`;
}

/** `exists` a finished session of the student's, of the exam(s) `which` names, with `extra`. */
function sessionOf(userId: number, which: RawBuilder<unknown>, extra: RawBuilder<unknown>) {
  return sql<boolean>`exists (select 1 from exam_sessions as s inner join exams as x on x.id = s.exam_id
    where s.user_id = ${userId} and ${which} and s.finished_at is not null ${extra})`;
}

/**
 * SQL true while the `lecture_exams` row under `alias` still holds the lecture's videos for the
 * student: a must-pass exam that neither it nor its alternative has a corrected session of that
 * passed as the exam counts attempts (ADR 047), or a must-take exam that neither has a finished
 * session of.
 * @example sql`exists (select 1 from lecture_exams as e where e.lecture_id = l.id and ${examHoldsVideos(userId, 'e')})`
 */
export function examHoldsVideos(userId: number, alias: string): RawBuilder<boolean> {
  const e = sql.raw(alias);
  const either = sql`(s.exam_id = ${e}.exam_id or s.exam_id = ${e}.alternative_exam_id)`;
  return sql<boolean>`((${e}.must_pass = 1 and not ${sessionOf(userId, either, sql`and s.corrected = 1 and ${passedAsCounted()}`)})
    or (${e}.must_take = 1 and not ${sessionOf(userId, either, sql``)}))`;
}

/** SQL true when a guest would find the row mandatory (a guest has no sessions). */
export function examIsMandatory(alias: string): RawBuilder<boolean> {
  const e = sql.raw(alias);
  return sql<boolean>`(${e}.must_pass = 1 or ${e}.must_take = 1)`;
}

/**
 * SQL true when the `lecture_exams` row under `alias` should send the student to its alternative:
 * the lecture offers one (and says to send students there), and the student has a finished,
 * corrected session of the main exam and none that passed as the exam counts attempts (ADR 016:
 * Homework and mandatory exams; ADR 047).
 */
export function sendsToAlternative(userId: number, alias: string): RawBuilder<boolean> {
  const e = sql.raw(alias);
  const main = sql`s.exam_id = ${e}.exam_id`;
  return sql<boolean>`(${e}.navigate_to_alternative = 1 and ${e}.alternative_exam_id is not null
    and ${sessionOf(userId, main, sql`and s.corrected = 1`)}
    and not ${sessionOf(userId, main, sql`and s.corrected = 1 and ${passedAsCounted()}`)})`;
}
