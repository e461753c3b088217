import type { Kysely } from 'kysely';
import { API_BASE, type LectureContents } from '@dars/contract';
import type { DB } from '../../db/schema';
import { signToken } from '../../lib/signed-token';
import { examHoldsVideos, sendsToAlternative } from './lecture-exam-gate';
import { countViews, seenVideos } from './lecture-views';
import type { LectureAccess } from './lecture-access';

/** How long an attachment link works after the contents were loaded. */
export const ATTACHMENT_LINK_TTL_MS = 30 * 60_000;

/**
 * Videos, exams and attachments of a lecture for a student who has access: views counted since
 * the access started, videos closed while a mandatory exam waits, signed download links.
 */
export async function lectureContents(
  db: Kysely<DB>,
  access: LectureAccess,
  userId: number,
  mandatoryExams: boolean,
  secret: Buffer,
): Promise<LectureContents> {
  const lectureId = access.lecture.id;
  const [videos, exams, attachments, views, seen] = await Promise.all([
    db
      .selectFrom('videos')
      .selectAll()
      .where('lecture_id', '=', lectureId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
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
        sendsToAlternative(userId, 'lecture_exams').as('to_alternative'),
        'alternative.exam_code as alternative_code',
        examHoldsVideos(userId, 'lecture_exams').as('waits'),
        eb
          .selectFrom('questions')
          .select((q) => q.fn.countAll<number>().as('n'))
          .whereRef('questions.exam_id', '=', 'exams.id')
          .as('questions_count'),
      ])
      .where('lecture_exams.lecture_id', '=', lectureId)
      .orderBy('lecture_exams.position')
      .execute(),
    db
      .selectFrom('attachments')
      .selectAll()
      .where('lecture_id', '=', lectureId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    countViews(db, userId, lectureId, access.since),
    seenVideos(db, userId, lectureId),
  ]);
  const open = access.hasAccess && !access.expired && !mandatoryExams;
  return {
    videos: videos.map((v) => {
      const counted = views.get(v.id) ?? 0;
      return {
        id: v.id,
        name: v.name,
        viewable:
          open && v.source_path !== null && (v.views_limit === null || counted < v.views_limit),
        seen: seen.has(v.id),
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
      // SQLite answers 1 or 0, PostgreSQL true or false.
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
