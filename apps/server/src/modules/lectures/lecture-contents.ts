import type { Kysely } from 'kysely';
import { API_BASE, type LectureContents } from '@dars/contract';
import { precompile } from '../../db/precompiled';
import type { DB } from '../../db/schema';
import { signToken } from '../../lib/signed-token';
import { examHoldsVideos, sendsToAlternative } from './lecture-exam-gate';
import { videoViews } from './lecture-views';
import type { LectureAccess } from './lecture-access';

/** How long an attachment link works after the contents were loaded. */
export const ATTACHMENT_LINK_TTL_MS = 30 * 60_000;

// The contents' reads, built and compiled once (db/precompiled.ts): every open of a lecture
// runs them.
const videosQuery = precompile((db, p: { lectureId: number }) =>
  db
    .selectFrom('videos')
    .selectAll()
    .where('lecture_id', '=', p.lectureId)
    .orderBy('position')
    .orderBy('id'),
);

const examsQuery = precompile((db, p: { lectureId: number; userId: number }) =>
  db
    .selectFrom('lecture_exams')
    .innerJoin('exams', 'exams.id', 'lecture_exams.exam_id')
    .leftJoin('exams as alternative', 'alternative.id', 'lecture_exams.alternative_exam_id')
    .select((eb) => [
      'exams.id',
      'exams.name',
      'exams.exam_code',
      'lecture_exams.must_pass',
      'lecture_exams.must_take',
      sendsToAlternative(p.userId, 'lecture_exams').as('to_alternative'),
      'alternative.exam_code as alternative_code',
      examHoldsVideos(p.userId, 'lecture_exams').as('waits'),
      eb
        .selectFrom('questions')
        .select((q) => q.fn.countAll<number>().as('n'))
        .whereRef('questions.exam_id', '=', 'exams.id')
        .as('questions_count'),
    ])
    .where('lecture_exams.lecture_id', '=', p.lectureId)
    .orderBy('lecture_exams.position'),
);

const attachmentsQuery = precompile((db, p: { lectureId: number }) =>
  db
    .selectFrom('attachments')
    .selectAll()
    .where('lecture_id', '=', p.lectureId)
    .orderBy('position')
    .orderBy('id'),
);

/**
 * Videos, exams and attachments of a lecture for a student who has access: views counted since
 * the access started, videos closed while a mandatory exam waits (the exams' own `waits`, the
 * same rule as examsHoldVideos), signed download links.
 */
export async function lectureContents(
  db: Kysely<DB>,
  access: LectureAccess,
  userId: number,
  secret: Buffer,
): Promise<LectureContents> {
  const lectureId = access.lecture.id;
  const [videos, exams, attachments, views] = await Promise.all([
    videosQuery.execute(db, { lectureId }),
    examsQuery.execute(db, { lectureId, userId }),
    attachmentsQuery.execute(db, { lectureId }),
    videoViews(db, userId, lectureId, access.since),
  ]);
  // SQLite answers 1 or 0, PostgreSQL true or false.
  const mandatoryExams = exams.some((e) => Boolean(e.waits));
  const open = access.hasAccess && !access.expired && !mandatoryExams;
  return {
    videos: videos.map((v) => {
      const counted = views.counted.get(v.id) ?? 0;
      return {
        id: v.id,
        name: v.name,
        viewable:
          open && v.source_path !== null && (v.views_limit === null || counted < v.views_limit),
        seen: views.seen.has(v.id),
        views_limit: v.views_limit,
        counted_views: counted,
        hide_attendance_chips: v.hide_attendance_chips === 1,
        attendance_required: v.attendance_required === 1,
        attendance_chip_text: v.attendance_chip_text,
      };
    }),
    exams: exams.map((e) => ({
      id: e.id,
      name: e.name,
      exam_code: e.exam_code,
      must_pass: e.must_pass === 1,
      must_take: e.must_take === 1,
      needs_attention: Boolean(e.waits),
      navigate_to_alternative: Boolean(e.to_alternative),
      alternative_exam: e.alternative_code ? { exam_code: e.alternative_code } : null,
      questions_count: Number(e.questions_count ?? 0),
    })),
    attachments: attachments.map((a) => ({
      id: a.id,
      name: a.name,
      url: `${API_BASE}/attachments/${a.id}/download?at=${signToken(secret, { u: userId, a: a.id }, ATTACHMENT_LINK_TTL_MS)}`,
      size: a.size,
      meta: { extension: a.extension },
    })),
  };
}
