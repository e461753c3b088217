import type { Kysely } from 'kysely';
import { toPiasters } from '@dars/contract';
import type { DB } from '../schema';
import { insertExam, type ExamBuild } from './exams';
import type { SeedFiles } from './seed-files';

export interface VideoBuild {
  name: string;
  /** A stored private file (see SeedFiles.sampleVideo). */
  sourcePath: string;
  durationSeconds: number | null;
  /** null: unlimited views. */
  viewsLimit: number | null;
  attendanceRequired: boolean;
  hideAttendanceChips: boolean;
  attendanceChipText: string | null;
}

export interface AttachmentBuild {
  name: string;
  /** Where the file goes in private storage. */
  path: string;
  content: string | Buffer;
  extension: string;
}

/** An exam shown under a lecture, with the rules that tie the lecture's videos to it. */
export interface LectureExamBuild {
  exam: ExamBuild;
  mustPass: boolean;
  mustTake: boolean;
  /** Offered instead when the exam is failed (the student is sent to it). */
  alternative: ExamBuild | null;
}

export interface LectureBuild {
  name: string;
  /** pounds */
  price: number;
  free: boolean;
  preview: boolean;
  expiryDays: number | null;
  repurchasable: boolean;
  /** pounds; null charges the full price again */
  repurchasePrice: number | null;
  paycardDisabled: boolean;
  videos: readonly VideoBuild[];
  attachments: readonly AttachmentBuild[];
  exams: readonly LectureExamBuild[];
}

/** Where a lecture goes: its course, its place in the list and when it was added. */
export interface LecturePlace {
  courseId: number;
  position: number;
  createdAt: string;
}

async function insertVideos(db: Kysely<DB>, lectureId: number, videos: readonly VideoBuild[]) {
  if (videos.length === 0) return;
  await db
    .insertInto('videos')
    .values(
      videos.map((v, position) => ({
        lecture_id: lectureId,
        name: v.name,
        position,
        source_path: v.sourcePath,
        license_url: null,
        duration_seconds: v.durationSeconds,
        views_limit: v.viewsLimit,
        hide_attendance_chips: v.hideAttendanceChips ? 1 : 0,
        attendance_required: v.attendanceRequired ? 1 : 0,
        attendance_chip_text: v.attendanceChipText,
      })),
    )
    .execute();
}

async function insertAttachments(
  db: Kysely<DB>,
  files: SeedFiles,
  lectureId: number,
  attachments: readonly AttachmentBuild[],
) {
  if (attachments.length === 0) return;
  const rows = attachments.map((a, position) => ({
    lecture_id: lectureId,
    position,
    name: a.name,
    file_path: files.writePrivate(a.path, a.content),
    size: Buffer.byteLength(a.content),
    extension: a.extension,
  }));
  await db.insertInto('attachments').values(rows).execute();
}

async function insertLectureExams(
  db: Kysely<DB>,
  lectureId: number,
  exams: readonly LectureExamBuild[],
  { courseId, createdAt }: LecturePlace,
) {
  for (const [position, e] of exams.entries()) {
    const examId = await insertExam(db, e.exam, { courseId, createdAt });
    const alternativeId = e.alternative
      ? await insertExam(db, e.alternative, { courseId, createdAt })
      : null;
    await db
      .insertInto('lecture_exams')
      .values({
        lecture_id: lectureId,
        exam_id: examId,
        position,
        must_pass: e.mustPass ? 1 : 0,
        must_take: e.mustTake ? 1 : 0,
        alternative_exam_id: alternativeId,
        navigate_to_alternative: alternativeId === null ? 0 : 1,
      })
      .execute();
  }
}

/**
 * Adds a lecture with its videos, attachments (written to private storage) and exams, and
 * returns its id.
 * @example await insertLecture(db, files, lecture, { courseId, position: 0, createdAt: now })
 */
export async function insertLecture(
  db: Kysely<DB>,
  files: SeedFiles,
  lecture: LectureBuild,
  place: LecturePlace,
): Promise<number> {
  const { id } = await db
    .insertInto('lectures')
    .values({
      course_id: place.courseId,
      name: lecture.name,
      position: place.position,
      free: lecture.free ? 1 : 0,
      price: toPiasters(lecture.price),
      preview: lecture.preview ? 1 : 0,
      expiry_days: lecture.expiryDays,
      repurchasable: lecture.repurchasable ? 1 : 0,
      repurchase_price:
        lecture.repurchasePrice === null ? null : toPiasters(lecture.repurchasePrice),
      paycard_disabled: lecture.paycardDisabled ? 1 : 0,
      created_at: place.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertVideos(db, id, lecture.videos);
  await insertAttachments(db, files, id, lecture.attachments);
  await insertLectureExams(db, id, lecture.exams, place);
  return id;
}
