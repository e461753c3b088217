import { sql, type Kysely } from 'kysely';
import {
  VIDEO_WATCHED_PERCENT,
  type CourseProgress,
  type LectureProgress,
  type ProgressSummary,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import { nowIso } from '../../lib/time';
import { countsSql } from '../exams/exam-attempts';
import { lectureGrant } from '../lectures/lecture-access';

// A student's progress in a course (issue 28, ADR 054), from what was recorded: the seconds
// seen of each video (progress-recorder.ts), the attachments opened, and the exams and homework
// under each lecture with the score that counts under the exam's attempt rule (ADR 047, the
// same `countsSql` as the results lists). The course is read once and the students' rows in a
// few queries for all of them, so the staff report reads a page of students as one student.

/** A course and what hangs from its lectures, in their order. */
export type CourseTree = {
  course: { id: number; name: string; pay_type: string };
  lectures: {
    id: number;
    name: string;
    expiry_days: number | null;
    preview: number;
    videos: { id: number; name: string; duration_seconds: number | null }[];
    attachments: { id: number; name: string }[];
    exams: { id: number; name: string; kind: 'exam' | 'homework' }[];
  }[];
};

/** The course's lectures with their videos, attachments and exams; undefined: no such course. */
export async function courseTree(
  db: Kysely<DB>,
  courseId: number,
): Promise<CourseTree | undefined> {
  const course = await db
    .selectFrom('courses')
    .select(['id', 'name', 'pay_type'])
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) return undefined;
  const lectures = await db
    .selectFrom('lectures')
    .select(['id', 'name', 'expiry_days', 'preview'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const ids = lectures.map((l) => l.id);
  const [videos, attachments, exams] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .selectFrom('videos')
            .select(['id', 'lecture_id', 'name', 'duration_seconds'])
            .where('lecture_id', 'in', ids)
            .orderBy('position')
            .orderBy('id')
            .execute(),
          db
            .selectFrom('attachments')
            .select(['id', 'lecture_id', 'name'])
            .where('lecture_id', 'in', ids)
            .orderBy('position')
            .orderBy('id')
            .execute(),
          db
            .selectFrom('lecture_exams as le')
            .innerJoin('exams as x', 'x.id', 'le.exam_id')
            .select(['x.id', 'le.lecture_id', 'x.name', 'x.kind'])
            .where('le.lecture_id', 'in', ids)
            .orderBy('le.position')
            .orderBy('le.id')
            .execute(),
        ]);
  return {
    course,
    lectures: lectures.map((l) => ({
      ...l,
      videos: videos
        .filter((v) => v.lecture_id === l.id)
        .map(({ id, name, duration_seconds }) => ({ id, name, duration_seconds })),
      attachments: attachments
        .filter((a) => a.lecture_id === l.id)
        .map(({ id, name }) => ({ id, name })),
      exams: exams
        .filter((x) => x.lecture_id === l.id)
        .map(({ id, name, kind }) => ({
          id,
          name,
          kind: kind === 'homework' ? 'homework' : 'exam',
        })),
    })),
  };
}

/** The counting score of one student at one exam (ADR 047). */
type ExamScore = {
  score: number | null;
  waiting: boolean;
  passed: boolean | null;
  finished_at: string;
};

/** What was recorded of some students in one course, keyed `user:item`. */
type Recorded = {
  enrolledAt: Map<number, string>;
  purchases: Map<string, { created_at: string; expires_at: string | null }>;
  videos: Map<string, { watched: number; position: number; first: string; last: string }>;
  views: Map<string, string[]>;
  opens: Map<string, { first: string; last: string }>;
  scores: Map<string, ExamScore>;
};

const key = (user: number, item: number) => `${user}:${item}`;

/** One decimal, as the results lists show a percentage. */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/** Reads what was recorded of `userIds` in the course `tree` in a few queries. */
async function recorded(db: Kysely<DB>, tree: CourseTree, userIds: number[]): Promise<Recorded> {
  const lectureIds = tree.lectures.map((l) => l.id);
  const examIds = [...new Set(tree.lectures.flatMap((l) => l.exams.map((x) => x.id)))];
  const none = userIds.length === 0 || lectureIds.length === 0;
  const [enrolments, purchases, videos, views, opens, scores] = await Promise.all([
    userIds.length === 0
      ? []
      : db
          .selectFrom('enrollments')
          .select(['user_id', 'created_at'])
          .where('course_id', '=', tree.course.id)
          .where('user_id', 'in', userIds)
          .execute(),
    none
      ? []
      : db
          .selectFrom('lecture_purchases')
          .select(['user_id', 'lecture_id', 'created_at', 'expires_at'])
          .where('user_id', 'in', userIds)
          .where('lecture_id', 'in', lectureIds)
          // Later rows overwrite earlier ones: the latest purchase of each lecture stays.
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
    none
      ? []
      : db
          .selectFrom('video_progress')
          .select([
            'user_id',
            'video_id',
            'watched_seconds',
            'position_seconds',
            'first_at',
            'last_at',
          ])
          .where('lecture_id', 'in', lectureIds)
          .where('user_id', 'in', userIds)
          .execute(),
    none
      ? []
      : db
          .selectFrom('video_views')
          .select(['user_id', 'video_id', 'created_at'])
          .where('lecture_id', 'in', lectureIds)
          .where('user_id', 'in', userIds)
          .execute(),
    none
      ? []
      : db
          .selectFrom('attachment_opens')
          .select(['user_id', 'attachment_id', 'first_at', 'last_at'])
          .where('lecture_id', 'in', lectureIds)
          .where('user_id', 'in', userIds)
          .execute(),
    userIds.length === 0 || examIds.length === 0
      ? []
      : db
          .selectFrom('exam_sessions as s')
          .innerJoin('exams as x', 'x.id', 's.exam_id')
          .select([
            's.user_id',
            's.exam_id',
            'x.attempt_rule',
            'x.pass_percentage',
            // The mean of the attempts that count: the one attempt for `best` and `last`.
            sql<number | string | null>`avg(case when s.total_mark > 0
              then coalesce(s.correction_mark, 0) * 100.0 / s.total_mark else 0 end)`.as('score'),
            sql<number | string>`min(s.corrected)`.as('corrected'),
            sql<number | string | null>`max(s.succeeded)`.as('succeeded'),
            sql<string>`max(s.finished_at)`.as('finished_at'),
          ])
          .where('s.user_id', 'in', userIds)
          .where('s.exam_id', 'in', examIds)
          .where(countsSql('s', 'x'))
          .groupBy(['s.user_id', 's.exam_id', 'x.attempt_rule', 'x.pass_percentage'])
          .execute(),
  ]);
  const viewed = new Map<string, string[]>();
  for (const v of views) {
    const k = key(v.user_id, v.video_id);
    viewed.set(k, [...(viewed.get(k) ?? []), v.created_at]);
  }
  return {
    enrolledAt: new Map(enrolments.map((e) => [e.user_id, e.created_at])),
    purchases: new Map(
      purchases.map((p) => [
        key(p.user_id, p.lecture_id),
        { created_at: p.created_at, expires_at: p.expires_at },
      ]),
    ),
    videos: new Map(
      videos.map((v) => [
        key(v.user_id, v.video_id),
        {
          watched: v.watched_seconds,
          position: v.position_seconds,
          first: v.first_at,
          last: v.last_at,
        },
      ]),
    ),
    views: viewed,
    opens: new Map(
      opens.map((o) => [key(o.user_id, o.attachment_id), { first: o.first_at, last: o.last_at }]),
    ),
    scores: new Map(
      scores.map((s) => {
        const waiting = Number(s.corrected) !== 1;
        const score = s.score === null ? 0 : Number(s.score);
        const passed =
          s.attempt_rule === 'average' ? score >= s.pass_percentage : Number(s.succeeded) === 1;
        return [
          key(s.user_id, s.exam_id),
          {
            score: waiting ? null : oneDecimal(score),
            waiting,
            passed: waiting ? null : passed,
            finished_at: s.finished_at,
          },
        ];
      }),
    ),
  };
}

/** A video's percent seen, whole and at most 100 (floored: 89.9 % is not yet 90). */
export function watchedPercent(watched: number, duration: number | null): number {
  if (!duration || duration <= 0) return 0;
  return Math.min(100, Math.floor((watched * 100) / duration));
}

/** Done of total for the lectures given, and the percent of all their items together. */
export function summaryOf(lectures: readonly LectureProgress[]): ProgressSummary {
  const count = <T>(items: T[], done: (item: T) => boolean) => ({
    done: items.filter(done).length,
    total: items.length,
  });
  const videos = count(
    lectures.flatMap((l) => l.videos),
    (v) => v.watched,
  );
  const attachments = count(
    lectures.flatMap((l) => l.attachments),
    (a) => a.opened_at !== null,
  );
  const exams = count(
    lectures.flatMap((l) => l.exams),
    (x) => x.taken,
  );
  const total = videos.total + attachments.total + exams.total;
  const done = videos.done + attachments.done + exams.done;
  return {
    videos,
    attachments,
    exams,
    percent: total === 0 ? 0 : Math.floor((done * 100) / total),
  };
}

function lectureOf(
  tree: CourseTree,
  lecture: CourseTree['lectures'][number],
  user: number,
  r: Recorded,
  now: string,
): LectureProgress {
  const grant = lectureGrant(
    lecture,
    tree.course.pay_type,
    r.enrolledAt.get(user) ?? null,
    r.purchases.get(key(user, lecture.id)),
    now,
  );
  return {
    id: lecture.id,
    name: lecture.name,
    open: grant.hasAccess,
    videos: lecture.videos.map((v) => {
      const seen = r.videos.get(key(user, v.id));
      const percent = watchedPercent(seen?.watched ?? 0, v.duration_seconds);
      const since = grant.since;
      return {
        id: v.id,
        name: v.name,
        duration_seconds: v.duration_seconds,
        watched_seconds: seen?.watched ?? 0,
        position_seconds: seen?.position ?? 0,
        percent,
        watched: percent >= VIDEO_WATCHED_PERCENT,
        // The view limit's count (ADR 021): the views since the access began.
        plays:
          since === null
            ? 0
            : (r.views.get(key(user, v.id)) ?? []).filter((at) => at >= since).length,
        first_watched_at: seen?.first ?? null,
        last_watched_at: seen?.last ?? null,
      };
    }),
    attachments: lecture.attachments.map((a) => ({
      id: a.id,
      name: a.name,
      opened_at: r.opens.get(key(user, a.id))?.first ?? null,
    })),
    exams: lecture.exams.map((x) => {
      const score = r.scores.get(key(user, x.id));
      return {
        id: x.id,
        name: x.name,
        kind: x.kind,
        taken: score !== undefined,
        score_percent: score?.score ?? null,
        waiting_mark: score?.waiting ?? false,
        passed: score?.passed ?? null,
        finished_at: score?.finished_at ?? null,
      };
    }),
  };
}

/** A student's progress in a course, and when they last opened each attachment they opened. */
export type StudentProgress = { progress: CourseProgress; lastOpened: Map<number, string> };

/**
 * The progress of each of `userIds` in the course, in the order asked.
 * @example const [{ progress }] = await progressOf(db, tree, [user.id])
 */
export async function progressOf(
  db: Kysely<DB>,
  tree: CourseTree,
  userIds: number[],
): Promise<StudentProgress[]> {
  const r = await recorded(db, tree, userIds);
  const now = nowIso();
  return userIds.map((user) => {
    const lectures = tree.lectures.map((l) => lectureOf(tree, l, user, r, now));
    const lastOpened = new Map<number, string>();
    for (const a of tree.lectures.flatMap((l) => l.attachments)) {
      const opened = r.opens.get(key(user, a.id));
      if (opened) lastOpened.set(a.id, opened.last);
    }
    return {
      progress: {
        course: { id: tree.course.id, name: tree.course.name },
        summary: summaryOf(lectures),
        lectures,
      },
      lastOpened,
    };
  });
}

/**
 * Who is in which course, and since when: each enrolment, and each lecture held without having
 * joined (a lecture of a course with previews can be bought from its page). One row per
 * enrolment or purchase; `m.user_id`, `m.course_id`, `m.created_at`.
 */
function memberships(db: Kysely<DB>) {
  return db.selectFrom((eb) =>
    eb
      .selectFrom('enrollments')
      .select(['user_id', 'course_id', 'created_at'])
      .unionAll(
        eb
          .selectFrom('lecture_purchases as lp')
          .innerJoin('lectures as l', 'l.id', 'lp.lecture_id')
          .select(['lp.user_id', 'l.course_id', 'lp.created_at']),
      )
      .as('m'),
  );
}

/**
 * A course's students (joined, or holding one of its lectures), each with the first time.
 * @example db.selectFrom('users as u').innerJoin(courseMembers(db, 3).as('e'), 'e.user_id', 'u.id')
 */
export function courseMembers(db: Kysely<DB>, courseId: number) {
  return memberships(db)
    .where('m.course_id', '=', courseId)
    .select('m.user_id')
    .select((eb) => eb.fn.min<string>('m.created_at').as('created_at'))
    .groupBy('m.user_id');
}

/**
 * A student's courses (joined, or holding one of their lectures), in the order first reached.
 * @example await studentCourses(db, 12) // [{ course_id: 3, first_at: '…' }]
 */
export function studentCourses(db: Kysely<DB>, userId: number) {
  return memberships(db)
    .where('m.user_id', '=', userId)
    .select('m.course_id')
    .select((eb) => eb.fn.min<string>('m.created_at').as('first_at'))
    .groupBy('m.course_id')
    .orderBy('first_at')
    .orderBy('m.course_id')
    .execute();
}
