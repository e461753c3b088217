import type { z } from 'zod';
import {
  STAFF_PEOPLE_MESSAGES,
  fromPiasters,
  toPiasters,
  type staffGrantBodySchema,
} from '@dars/contract';
import type { Insertable } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict, type Trx } from '../../db/audited-change';
import { AppError } from '../../lib/app-error';
import { splitEvenly } from '../../lib/split-evenly';
import { addDays, nowIso } from '../../lib/time';
import { lockStudent } from '../wallet/ledger';

const M = STAFF_PEOPLE_MESSAGES;

/**
 * A course or lecture given by staff (ADR 029), in the shapes the access rules read (ADR 004):
 * joining the course (`enrollments`, with `granted_by`), and for a lecture a purchase row with
 * its expiry from now. A whole course (pay_type 'course') is granted by joining; a course sold
 * by lectures is joined and every lecture the student does not hold now is granted.
 *
 * Cash the student paid at the centre (`cash_amount`, ADR 033) is recorded on the rows granted:
 * `pay_by` 'cash' with the amount in `price_paid` (split evenly over the lectures granted
 * together, see splitEvenly), else 'grant' at 0. It never reaches the wallet, so no ledger row
 * either way. The seat limit is the students' own: an admin's grant may pass it. Under the
 * student's lock, in the caller's transaction (staff audit it with the amount).
 */
export async function grantAccess(
  trx: Trx,
  id: number,
  /** The staff member granting (null: the command line). */
  grantedBy: number | null,
  body: z.output<typeof staffGrantBodySchema>,
) {
  await lockStudent(trx, id);
  const now = nowIso();
  let courseId: number;
  let lectures: { id: number; expiry_days: number | null }[];
  let payType: string;
  if (body.lecture_id !== undefined) {
    const lecture = await trx
      .selectFrom('lectures')
      .innerJoin('courses', 'courses.id', 'lectures.course_id')
      .select(['lectures.id', 'lectures.course_id', 'lectures.expiry_days', 'courses.pay_type'])
      .where('lectures.id', '=', body.lecture_id)
      .executeTakeFirst();
    if (!lecture) {
      throw new AppError('VALIDATION_FAILED', M.lectureMissing, {
        lecture_id: [M.lectureMissing],
      });
    }
    if (lecture.pay_type === 'course') throw conflict(M.lectureFollowsCourse);
    courseId = lecture.course_id;
    payType = lecture.pay_type;
    lectures = [{ id: lecture.id, expiry_days: lecture.expiry_days }];
  } else {
    const course = await trx
      .selectFrom('courses')
      .select(['id', 'pay_type'])
      .where('id', '=', body.course_id!)
      .executeTakeFirst();
    if (!course) {
      throw new AppError('VALIDATION_FAILED', M.courseMissing, {
        course_id: [M.courseMissing],
      });
    }
    courseId = course.id;
    payType = course.pay_type;
    lectures =
      course.pay_type === 'course'
        ? []
        : await trx
            .selectFrom('lectures')
            .select(['id', 'expiry_days'])
            .where('course_id', '=', course.id)
            .orderBy('position')
            .orderBy('id')
            .execute();
  }

  const joined = await trx
    .selectFrom('enrollments')
    .select('created_at')
    .where('user_id', '=', id)
    .where('course_id', '=', courseId)
    .executeTakeFirst();
  // Lectures the student holds now: a purchase that has not expired.
  const held = new Set(
    lectures.length === 0
      ? []
      : (
          await trx
            .selectFrom('lecture_purchases')
            .select('lecture_id')
            .where('user_id', '=', id)
            .where(
              'lecture_id',
              'in',
              lectures.map((l) => l.id),
            )
            .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
            .execute()
        ).map((r) => r.lecture_id),
  );
  const toGrant = lectures.filter((l) => !held.has(l.id));
  if (body.lecture_id !== undefined && toGrant.length === 0) {
    throw conflict(M.alreadyHasLecture);
  }
  if (body.course_id !== undefined && joined && (payType === 'course' || toGrant.length === 0)) {
    throw conflict(M.alreadyHasCourse);
  }
  const cash = body.cash_amount ? toPiasters(body.cash_amount) : 0;
  const payBy = cash > 0 ? 'cash' : 'grant';
  if (!joined) {
    // The lectures granted carry the sale; with none, the course itself does.
    const sale = toGrant.length === 0;
    await trx
      .insertInto('enrollments')
      .values({
        user_id: id,
        course_id: courseId,
        created_at: now,
        granted_by: grantedBy,
        pay_by: sale ? payBy : 'join',
        price_paid: sale ? cash : 0,
      })
      .execute();
  }
  const shares = splitEvenly(cash, toGrant.length);
  for (const [i, lecture] of toGrant.entries()) {
    await trx
      .insertInto('lecture_purchases')
      .values({
        user_id: id,
        lecture_id: lecture.id,
        price_paid: shares[i]!,
        pay_by: payBy,
        created_at: now,
        expires_at: lecture.expiry_days ? addDays(now, lecture.expiry_days) : null,
        granted_by: grantedBy,
      })
      .execute();
  }
  return {
    student_id: id,
    course_id: courseId,
    enrolled: !joined,
    lecture_ids: toGrant.map((l) => l.id),
    cash_amount: cash > 0 ? fromPiasters(cash) : null,
  };
}

/** A course granted to a student made in the same transaction (an import, ADR 052). */
export interface NewStudentGrant {
  userId: number;
  courseId: number;
  /** piasters received at the centre; 0: a grant without payment */
  cash: number;
}

/** Rows per multi-row insert. */
const BATCH = 200;

/**
 * Grants courses to students made in the caller's transaction, who hold nothing yet (an import,
 * ADR 052): the rows grantAccess writes for such a student — the enrolment, and for a course
 * sold by lectures each lecture with the cash split evenly and its expiry from now — written a
 * few hundred at a time instead of one course at a time (an import of 5,000 students on
 * PostgreSQL took 143 s row by row). No lock: nobody else sees these students before the commit.
 */
export async function grantNewStudents(
  trx: Trx,
  grantedBy: number | null,
  grants: readonly NewStudentGrant[],
): Promise<void> {
  if (grants.length === 0) return;
  const courseIds = [...new Set(grants.map((g) => g.courseId))];
  const courses = await trx
    .selectFrom('courses')
    .select(['id', 'pay_type'])
    .where('id', 'in', courseIds)
    .execute();
  const lectures = await trx
    .selectFrom('lectures')
    .select(['id', 'course_id', 'expiry_days'])
    .where('course_id', 'in', courseIds)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const payTypeOf = new Map(courses.map((c) => [c.id, c.pay_type]));
  const now = nowIso();
  const enrollments: Insertable<DB['enrollments']>[] = [];
  const purchases: Insertable<DB['lecture_purchases']>[] = [];
  for (const grant of grants) {
    const payType = payTypeOf.get(grant.courseId);
    if (payType === undefined) {
      throw new AppError('VALIDATION_FAILED', M.courseMissing, { course_id: [M.courseMissing] });
    }
    const toGrant =
      payType === 'course' ? [] : lectures.filter((l) => l.course_id === grant.courseId);
    const payBy = grant.cash > 0 ? 'cash' : 'grant';
    const sale = toGrant.length === 0;
    enrollments.push({
      user_id: grant.userId,
      course_id: grant.courseId,
      created_at: now,
      granted_by: grantedBy,
      pay_by: sale ? payBy : 'join',
      price_paid: sale ? grant.cash : 0,
    });
    const shares = splitEvenly(grant.cash, toGrant.length);
    for (const [i, lecture] of toGrant.entries()) {
      purchases.push({
        user_id: grant.userId,
        lecture_id: lecture.id,
        price_paid: shares[i]!,
        pay_by: payBy,
        created_at: now,
        expires_at: lecture.expiry_days ? addDays(now, lecture.expiry_days) : null,
        granted_by: grantedBy,
      });
    }
  }
  for (let i = 0; i < enrollments.length; i += BATCH) {
    await trx
      .insertInto('enrollments')
      .values(enrollments.slice(i, i + BATCH))
      .execute();
  }
  for (let i = 0; i < purchases.length; i += BATCH) {
    await trx
      .insertInto('lecture_purchases')
      .values(purchases.slice(i, i + BATCH))
      .execute();
  }
}
