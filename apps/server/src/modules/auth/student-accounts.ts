import type { z } from 'zod';
import {
  STAFF_PEOPLE_MESSAGES,
  type StaffStudentDetail,
  type StudentInvitation,
  type staffStudentCreateSchema,
  type staffStudentUpdateSchema,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import { writeAudit, type Actor, type Db, type Trx } from '../../db/audited-change';
import { fieldError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { nowIso } from '../../lib/time';
import { getStudent, requireStudent } from '../users/student-admin';
import { insertUser, takenFields, validationError } from './auth-service';
import { insertMessage, prepareSending } from '../messaging/messages';
import { studentInvitation } from '../messaging/templates';
import {
  STUDENT_INVITATION_PURPOSE,
  issueStudentInvitation,
  mailStudentInvitation,
  studentInvitationPath,
} from './student-invitations';

/**
 * Students the school adds (issue 28, ADR 052): by hand in the console or by an import. They
 * start without a password (NO_PASSWORD matches none, so nobody signs in until the student sets
 * one from the link the school sends) and sign in with their phone, or their e-mail if any.
 */

/** The stored hash of an account that has no password yet: no password verifies against it. */
export const NO_PASSWORD = '!no-password';

type CreateBody = z.output<typeof staffStudentCreateSchema>;
type UpdateBody = z.output<typeof staffStudentUpdateSchema>;

async function checkGrade(db: Db | Trx, gradeId: number | null | undefined) {
  if (gradeId === null || gradeId === undefined) return;
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('id', '=', gradeId)
    .executeTakeFirst();
  if (!grade) throw fieldError('grade_id', STAFF_PEOPLE_MESSAGES.gradeMissing);
}

/** A taken e-mail or phone (also under a race) as the field's 422. */
async function checkTaken(db: Db | Trx, email: string | null, phone: string, except?: number) {
  const errors = await takenFields(db, email, phone, except);
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/** A link for the student: made in `trx`, with its address on the school's site. */
async function newLink(trx: Trx, id: number, origin: string) {
  const { token, expiresAt } = await issueStudentInvitation(trx, id);
  return { url: `${origin}${studentInvitationPath(token)}`, expires_at: expiresAt };
}

/**
 * A student added by hand: audited as 'create' with the new student, a set-password link made
 * with it, mailed when there is an e-mail, and answered for staff to pass on.
 */
export async function createStudent(
  ctx: AppContext,
  actor: Actor,
  body: CreateBody,
  origin: string,
): Promise<{ data: StaffStudentDetail; invitation: StudentInvitation }> {
  const email = body.email ?? null;
  await checkTaken(ctx.db, email, body.phone);
  await checkGrade(ctx.db, body.grade_id);
  let made: { data: StaffStudentDetail; link: { url: string; expires_at: string } };
  try {
    made = await ctx.db.transaction().execute(async (trx) => {
      const row = await insertUser(trx, {
        name: body.name,
        email,
        phone: body.phone,
        passwordHash: NO_PASSWORD,
        gradeId: body.grade_id ?? null,
        emailVerifiedAt: null,
        centerName: body.center_name ?? null,
        parentPhone: body.parent_phone ?? null,
        parentEmail: body.parent_email ?? null,
      });
      const data = (await getStudent(trx, row.id))!;
      await writeAudit(trx, actor, {
        action: 'create',
        resource: 'students',
        resourceId: row.id,
        before: null,
        after: data,
      });
      return { data, link: await newLink(trx, row.id, origin) };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await checkTaken(ctx.db, email, body.phone);
    throw error;
  }
  const mailed = await mailStudentInvitation(ctx, { name: body.name, email }, made.link.url);
  return { data: made.data, invitation: { ...made.link, mailed } };
}

/**
 * A student's details corrected by staff (name, phone, e-mail, grade, centre, parent): audited
 * with before and after. A new e-mail is unconfirmed until the student confirms it.
 */
export async function updateStudent(
  db: Db,
  actor: Actor,
  id: number,
  body: UpdateBody,
): Promise<StaffStudentDetail> {
  const before = await requireStudent(db, id);
  const email = body.email === undefined ? before.email : body.email;
  const phone = body.phone ?? before.phone;
  await checkTaken(db, email, phone, id);
  await checkGrade(db, body.grade_id);
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await requireStudent(trx, id);
      await trx
        .updateTable('users')
        .set({
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.phone !== undefined ? { phone: body.phone } : {}),
          ...(body.email !== undefined ? { email: body.email } : {}),
          ...(body.email !== undefined && body.email !== current.email
            ? { email_verified_at: null }
            : {}),
          ...(body.grade_id !== undefined ? { grade_id: body.grade_id } : {}),
          ...(body.center_name !== undefined ? { center_name: body.center_name } : {}),
          ...(body.parent_phone !== undefined ? { parent_phone: body.parent_phone } : {}),
          ...(body.parent_email !== undefined ? { parent_email: body.parent_email } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', id)
        .execute();
      const after = (await getStudent(trx, id))!;
      await writeAudit(trx, actor, {
        action: 'update',
        resource: 'students',
        resourceId: id,
        before: current,
        after,
      });
      return after;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await checkTaken(db, email, phone, id);
    throw error;
  }
}

/**
 * A new set-password link for a student (an earlier one stops working): audited as 'invite',
 * mailed when the student has an e-mail, and answered for staff to pass on by WhatsApp.
 */
export async function inviteStudent(
  ctx: AppContext,
  actor: Actor,
  id: number,
  origin: string,
): Promise<StudentInvitation> {
  const { student, link } = await ctx.db.transaction().execute(async (trx) => {
    const student = await requireStudent(trx, id);
    const link = await newLink(trx, id, origin);
    await writeAudit(trx, actor, {
      action: 'invite',
      resource: 'students',
      resourceId: id,
      before: null,
      after: { expires_at: link.expires_at, email: student.email },
    });
    return { student, link };
  });
  return { ...link, mailed: await mailStudentInvitation(ctx, student, link.url) };
}

/** The durable job that sends an import's set-password links (ADR 052, 053). */
export const IMPORT_LINKS_JOB = 'student-import-links';

/**
 * Sends the set-password link of every student of an import who has none yet: by text message
 * (WhatsApp or SMS, through the durable message queue, in the link's own transaction) when the
 * school has a channel, and by mail when the student has an e-mail. Run by a job of the queue:
 * a retry after a crash starts again where it stopped (a student given a link is skipped).
 * Answers how many got a link.
 */
export async function sendImportLinks(
  ctx: AppContext,
  importId: string,
  origin: string,
): Promise<number> {
  const students = await ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone'])
    .where('import_id', '=', importId)
    .where('group_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('one_time_codes')
            .select('one_time_codes.id')
            .whereRef('one_time_codes.user_id', '=', 'users.id')
            .where('one_time_codes.purpose', '=', STUDENT_INVITATION_PURPOSE),
        ),
      ),
    )
    .orderBy('id')
    .execute();
  const sending = await prepareSending(ctx);
  const byPhone = sending.channel() !== null;
  let sent = 0;
  for (const student of students) {
    const link = await ctx.db.transaction().execute(async (trx) => {
      const made = await newLink(trx, student.id, origin);
      if (byPhone) {
        // With what was read before the transaction: on SQLite its one connection is busy now.
        await insertMessage(ctx, trx, sending, {
          to: student.phone,
          recipient: 'student',
          userId: student.id,
          ...studentInvitation(student.name, made.url),
        });
      }
      return made;
    });
    if (student.email) await mailStudentInvitation(ctx, student, link.url);
    if (byPhone || student.email) sent += 1;
  }
  return sent;
}

/** Whether an import's links go by text message too (a channel is set up), for the report. */
export async function linksGoByPhone(ctx: AppContext): Promise<boolean> {
  return (await prepareSending(ctx)).channel() !== null;
}
