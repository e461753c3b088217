import { sql } from 'kysely';
import {
  STAFF_PEOPLE_MESSAGES,
  type NotificationData,
  type StaffSendMessageBody,
} from '@dars/contract';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/time';
import { writeAudit, type Actor, type Db, type Trx } from '../../db/audited-change';

const M = STAFF_PEOPLE_MESSAGES;

function missing(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { [field]: [message] });
}

/** The ids of the students an audience names: students only (no staff), and no blocked one in a group. */
function recipients(trx: Trx, body: StaffSendMessageBody) {
  let q = trx.selectFrom('users').select('users.id').where('users.group_id', 'is', null);
  switch (body.audience) {
    case 'student':
      return q.where('users.id', '=', body.student_id!);
    case 'grade':
      q = q.where('users.grade_id', '=', body.grade_id!);
      break;
    case 'course':
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('enrollments')
            .select(sql<number>`1`.as('one'))
            .whereRef('enrollments.user_id', '=', 'users.id')
            .where('enrollments.course_id', '=', body.course_id!),
        ),
      );
      break;
    case 'all':
      break;
  }
  return q.where('users.blocked_at', 'is', null);
}

/**
 * An `admin_message` notification (spec §3) to one student, a grade, a course's students or
 * every student: one `insert … select` per audience, so tens of thousands of rows are one
 * statement in one transaction (all of them or none), with the audit row beside it.
 * @example await sendMessage(db, actor, { audience: 'grade', grade_id: 3, title, content })
 */
export async function sendMessage(
  db: Db,
  actor: Actor,
  body: StaffSendMessageBody,
): Promise<{ sent: number }> {
  return db.transaction().execute(async (trx) => {
    if (body.audience === 'student') {
      const student = await trx
        .selectFrom('users')
        .select('id')
        .where('id', '=', body.student_id!)
        .where('group_id', 'is', null)
        .executeTakeFirst();
      if (!student) throw missing('student_id', M.notStudent);
    } else if (body.audience === 'grade') {
      const grade = await trx
        .selectFrom('grades')
        .select('id')
        .where('id', '=', body.grade_id!)
        .executeTakeFirst();
      if (!grade) throw missing('grade_id', M.gradeMissing);
    } else if (body.audience === 'course') {
      const course = await trx
        .selectFrom('courses')
        .select('id')
        .where('id', '=', body.course_id!)
        .executeTakeFirst();
      if (!course) throw missing('course_id', M.courseMissing);
    }
    const data: NotificationData = {
      type: 'admin_message',
      title: body.title,
      content: body.content,
      to: body.to ?? null,
    };
    const json = JSON.stringify(data);
    const now = nowIso();
    const inserted = await trx
      .insertInto('notifications')
      .columns(['user_id', 'type', 'data', 'read_at', 'created_at'])
      .expression(
        recipients(trx, body).select([
          sql<string>`${'admin_message'}`.as('type'),
          sql<string>`${json}`.as('data'),
          sql<null>`null`.as('read_at'),
          sql<string>`${now}`.as('created_at'),
        ]),
      )
      .executeTakeFirst();
    const sent = Number(inserted.numInsertedOrUpdatedRows ?? 0);
    if (sent === 0) throw missing('audience', M.noRecipients);
    const target =
      body.audience === 'student'
        ? body.student_id
        : body.audience === 'grade'
          ? body.grade_id
          : body.audience === 'course'
            ? body.course_id
            : null;
    await writeAudit(trx, actor, {
      action: 'send',
      resource: 'messages',
      resourceId: target ?? null,
      before: null,
      after: { audience: body.audience, target: target ?? null, ...data, sent },
    });
    return { sent };
  });
}
