import { sql } from 'kysely';
import { STAFF_PHONE_MESSAGES, type StaffParentMessageBody } from '@dars/contract';
import { formatDate, formatNumber, pluralize } from '@dars/ui/format';
import type { AppContext } from '../../app-context';
import { writeAudit, type Actor } from '../../db/audited-change';
import { AppError } from '../../lib/app-error';
import { getSetting } from '../settings/settings-service';
import {
  insertMessage,
  prepareSending,
  sendQueued,
  requeueWaiting,
  SEND_MESSAGE_JOB,
  type MessagingContext,
} from './messages';

// What parents hear (issue 28, ADR 053): each exam result and a weekly summary, when the
// school's admin turned them on («إرسال نتيجة كل امتحان لولي الأمر», «ملخص أسبوعي لولي
// الأمر»), and a message from staff to the parents of one student, a grade or a course. Sent
// to the parent's phone on the student's page (users.parent_phone).

const M = STAFF_PHONE_MESSAGES;

export const WEEKLY_SUMMARY_JOB = 'parent-weekly-summary';
/** Fridays at noon, Cairo time: the week's summary of the seven days before. */
export const WEEKLY_SUMMARY_CRON = '0 12 * * 5';
export const SCHOOL_TZ = 'Africa/Cairo';

/** What the exams' calls hold: the queue may be missing (a test's bare sweep), then nothing goes. */
export type ResultContext = Pick<AppContext, 'db'> &
  Partial<Pick<AppContext, 'jobs' | 'config' | 'fetch' | 'log'>>;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * After an exam session's result is final (submitted with nothing to mark, or its last essay
 * marked): the result to the student's parent, when the school sends results and the student
 * has a parent's number. Once per session (a later re-mark sends nothing). Never fails the
 * student's or the marker's call: a problem is logged.
 * @example await noteExamResult(ctx, session.id)
 */
export async function noteExamResult(base: ResultContext, sessionId: number): Promise<void> {
  const { jobs, config } = base;
  if (!jobs || !config) return;
  const ctx: MessagingContext = { db: base.db, jobs, config, fetch: base.fetch };
  try {
    if (!(await getSetting(ctx.db, 'parent_exam_results'))) return;
    const row = await ctx.db
      .selectFrom('exam_sessions as s')
      .innerJoin('exams as e', 'e.id', 's.exam_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        's.id',
        's.user_id',
        's.finished_at',
        's.corrected',
        's.correction_mark',
        's.total_mark',
        's.succeeded',
        'e.name as exam',
        'u.name as student',
        'u.parent_phone',
      ])
      .where('s.id', '=', sessionId)
      .executeTakeFirst();
    if (!row || row.finished_at === null || row.corrected !== 1 || !row.parent_phone) return;
    const mark = Number(row.correction_mark ?? 0);
    const total = Number(row.total_mark);
    // Read before the transaction: SQLite's one connection belongs to it meanwhile.
    const sending = await prepareSending(ctx);
    await ctx.db.transaction().execute((trx) =>
      insertMessage(ctx, trx, sending, {
        to: row.parent_phone!,
        recipient: 'parent',
        userId: row.user_id,
        dedupeKey: `exam-result:${row.id}`,
        template: 'exam_result',
        params: {
          student: row.student,
          exam: row.exam,
          mark: formatNumber(round2(mark)),
          total: formatNumber(total),
          percent: formatNumber(total === 0 ? 0 : round2((mark / total) * 100)),
          outcome: row.succeeded === 1 ? 'ناجح' : 'لم ينجح',
        },
      }),
    );
  } catch (err) {
    base.log?.error({ err, sessionId }, 'the exam result could not be queued for the parent');
  }
}

const LECTURES = {
  zero: 'لا توجد',
  one: 'محاضرة واحدة',
  two: 'محاضرتان',
  few: 'محاضرات',
  many: 'محاضرة',
} as const;

/**
 * The weekly summary (a job the clock queues on Fridays): for each student with a parent's
 * number, the courses they hold, the lectures they opened a video of in the seven days before
 * and the exams they finished then with their marks. Nothing when the school has it off; once
 * per student and week.
 */
export async function sendWeeklySummaries(
  ctx: MessagingContext,
  now: Date = new Date(),
): Promise<number> {
  if (!(await getSetting(ctx.db, 'parent_weekly_summary'))) return 0;
  const to = now.toISOString();
  const from = new Date(now.getTime() - 7 * 24 * 3600 * 1000).toISOString();
  const week = formatDate(now);
  const students = await ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'parent_phone'])
    .where('group_id', 'is', null)
    .where('blocked_at', 'is', null)
    .where('parent_phone', 'is not', null)
    .orderBy('id')
    .execute();
  const sending = await prepareSending(ctx);
  let queued = 0;
  for (const student of students) {
    const [courses, watched, exams] = await Promise.all([
      ctx.db
        .selectFrom('enrollments')
        .innerJoin('courses', 'courses.id', 'enrollments.course_id')
        .select('courses.name')
        .where('enrollments.user_id', '=', student.id)
        .orderBy('courses.name')
        .execute(),
      ctx.db
        .selectFrom('video_views')
        .select(sql<number>`count(distinct lecture_id)`.as('n'))
        .where('user_id', '=', student.id)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirst(),
      ctx.db
        .selectFrom('exam_sessions as s')
        .innerJoin('exams as e', 'e.id', 's.exam_id')
        .select(['e.name', 's.correction_mark', 's.total_mark', 's.corrected'])
        .where('s.user_id', '=', student.id)
        .where('s.finished_at', '>=', from)
        .where('s.finished_at', '<', to)
        .orderBy('s.finished_at')
        .execute(),
    ]);
    const examText = exams.length
      ? exams
          .map((x) =>
            x.corrected === 1
              ? `«${x.name}» ${formatNumber(round2(Number(x.correction_mark ?? 0)))} من ${formatNumber(Number(x.total_mark))}`
              : `«${x.name}» (لم يُصحَّح بعد)`,
          )
          .join('؛ ')
      : 'لا توجد';
    const result = await ctx.db.transaction().execute((trx) =>
      insertMessage(ctx, trx, sending, {
        to: student.parent_phone!,
        recipient: 'parent',
        userId: student.id,
        dedupeKey: `weekly:${student.id}:${to.slice(0, 10)}`,
        template: 'weekly_summary',
        params: {
          student: student.name,
          from: formatDate(from),
          to: week,
          courses: courses.length ? courses.map((c) => c.name).join('، ') : 'لا توجد',
          lectures: pluralize(Number(watched?.n ?? 0), LECTURES),
          exams: examText,
        },
      }),
    );
    if (result.queued) queued += 1;
  }
  return queued;
}

/** The students of an audience (no staff, no blocked one in a group or course). */
function audience(ctx: MessagingContext, body: StaffParentMessageBody) {
  let q = ctx.db
    .selectFrom('users')
    .select(['users.id', 'users.parent_phone'])
    .where('users.group_id', 'is', null);
  if (body.audience === 'student') return q.where('users.id', '=', body.student_id!);
  if (body.audience === 'grade') q = q.where('users.grade_id', '=', body.grade_id!);
  else
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('enrollments')
          .select(sql<number>`1`.as('one'))
          .whereRef('enrollments.user_id', '=', 'users.id')
          .where('enrollments.course_id', '=', body.course_id!),
      ),
    );
  return q.where('users.blocked_at', 'is', null);
}

/**
 * A message from staff to the parents of one student, a grade's or a course's students: one
 * message per student with a parent's number, all written with their jobs and the audit row in
 * one transaction (all or none). 422 when no student of the audience has a parent's number;
 * FEATURE_DISABLED when no channel can carry it.
 * @example await sendToParents(ctx, actor, { audience: 'grade', grade_id: 3, content: 'غدًا إجازة' })
 */
export async function sendToParents(
  ctx: MessagingContext,
  actor: Actor,
  body: StaffParentMessageBody,
): Promise<{ queued: number; opted_out: number; without_phone: number }> {
  const sending = await prepareSending(ctx);
  if (!sending.channel(body.channel)) throw new AppError('FEATURE_DISABLED', M.noChannel);
  const students = await audience(ctx, body).orderBy('users.id').execute();
  const withPhone = students.filter((s) => s.parent_phone);
  if (withPhone.length === 0)
    throw new AppError('VALIDATION_FAILED', M.noParents, { audience: [M.noParents] });
  return ctx.db.transaction().execute(async (trx) => {
    let queued = 0;
    let optedOut = 0;
    for (const s of withPhone) {
      const result = await insertMessage(ctx, trx, sending, {
        to: s.parent_phone!,
        recipient: 'parent',
        userId: s.id,
        channel: body.channel ?? undefined,
        sentBy: actor.id ?? null,
        template: 'staff_message',
        params: { text: body.content },
      });
      if (result.queued) queued += 1;
      else if (result.reason === 'opted_out') optedOut += 1;
    }
    const summary = {
      queued,
      opted_out: optedOut,
      without_phone: students.length - withPhone.length,
    };
    const target =
      body.audience === 'student'
        ? body.student_id
        : body.audience === 'grade'
          ? body.grade_id
          : body.course_id;
    await writeAudit(trx, actor, {
      action: 'send',
      resource: 'parent_messages',
      resourceId: target ?? null,
      before: null,
      after: {
        audience: body.audience,
        target: target ?? null,
        channel: sending.channel(body.channel),
        content: body.content,
        ...summary,
      },
    });
    return summary;
  });
}

/**
 * The message jobs of this app: sending, and the weekly summary on Fridays. On a working
 * instance, messages still waiting get their job again at start (requeueWaiting).
 */
export function registerMessageJobs(ctx: MessagingContext & Pick<AppContext, 'config'>): void {
  ctx.jobs.work<{ id: number }>(SEND_MESSAGE_JOB, (job) => sendQueued(ctx, job));
  ctx.jobs.work(WEEKLY_SUMMARY_JOB, async () => {
    await sendWeeklySummaries(ctx);
  });
  ctx.jobs.schedule(WEEKLY_SUMMARY_JOB, WEEKLY_SUMMARY_CRON, SCHOOL_TZ);
}

export { requeueWaiting };
