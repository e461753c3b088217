import type { CourseProgress, LectureProgress, ProgressSummary } from '@dars/contract';
import { formatNumber, pluralize } from '../../../lib/format';
import { arProgress, tp } from '../../../i18n/ar-progress';

export type VideoItem = LectureProgress['videos'][number];
export type AttachmentItem = LectureProgress['attachments'][number];
export type ExamItem = LectureProgress['exams'][number];

/** Where an item is done: the lecture dialog's tab on the course page. */
export type LectureTab = 'videos' | 'attachments' | 'exams';

/** One thing still to do in a lecture the student holds. */
export type LeftItem =
  | { kind: 'video'; lecture: LectureProgress; item: VideoItem }
  | { kind: 'attachment'; lecture: LectureProgress; item: AttachmentItem }
  | { kind: 'exam'; lecture: LectureProgress; item: ExamItem };

export const TAB_OF: Record<LeftItem['kind'], LectureTab> = {
  video: 'videos',
  attachment: 'attachments',
  exam: 'exams',
};

/**
 * What is left in the course: the videos not watched, the attachments not opened and the exams
 * and homework not taken, of the open lectures only (a locked one is bought first), in the
 * course's order, each lecture's videos, then its attachments, then its exams.
 * @example leftItems(progress.lectures).map((left) => left.item.name)
 */
export function leftItems(lectures: readonly LectureProgress[]): LeftItem[] {
  return lectures
    .filter((lecture) => lecture.open)
    .flatMap((lecture): LeftItem[] => [
      ...lecture.videos
        .filter((item) => !item.watched)
        .map((item) => ({ kind: 'video' as const, lecture, item })),
      ...lecture.attachments
        .filter((item) => item.opened_at === null)
        .map((item) => ({ kind: 'attachment' as const, lecture, item })),
      ...lecture.exams
        .filter((item) => !item.taken)
        .map((item) => ({ kind: 'exam' as const, lecture, item })),
    ]);
}

/**
 * A lecture's items done and in all.
 * @example lectureCount({ videos: [watched, notWatched], attachments: [], exams: [taken] }) // { done: 2, total: 3 }
 */
export function lectureCount(lecture: Pick<LectureProgress, 'videos' | 'attachments' | 'exams'>) {
  const done =
    lecture.videos.filter((v) => v.watched).length +
    lecture.attachments.filter((a) => a.opened_at !== null).length +
    lecture.exams.filter((e) => e.taken).length;
  const total = lecture.videos.length + lecture.attachments.length + lecture.exams.length;
  return { done, total };
}

/** How the page reads as a whole, for its empty and finished states. */
export type ProgressState =
  /** The course has no lectures yet. */
  | 'no-lectures'
  /** The open lectures have nothing in them to do. */
  | 'nothing'
  /** Everything done, and every lecture is the student's. */
  | 'all-done'
  /** Everything in the open lectures done; some lectures are still locked. */
  | 'open-done'
  /** Something is left. */
  | 'going';

export function progressState(progress: Pick<CourseProgress, 'lectures'>): ProgressState {
  const { lectures } = progress;
  if (lectures.length === 0) return 'no-lectures';
  if (leftItems(lectures).length > 0) return 'going';
  const open = lectures.filter((lecture) => lecture.open);
  if (open.every((lecture) => lectureCount(lecture).total === 0)) return 'nothing';
  return open.length === lectures.length ? 'all-done' : 'open-done';
}

/**
 * The course page with a lecture's dialog open on `tab` (or, for one the student does not
 * hold, its purchase): the lecture list reads `?lecture=` and `?tab=`.
 * @example lectureLink(5, 31, 'exams') // '/courses/5?lecture=31&tab=exams'
 */
export function lectureLink(courseId: number, lectureId: number, tab?: LectureTab): string {
  const query = new URLSearchParams({ lecture: String(lectureId) });
  if (tab) query.set('tab', tab);
  return `/courses/${courseId}?${query.toString()}`;
}

/**
 * A percent as the school reads it, with the Arabic percent sign (as the staff console writes it).
 * @example formatPercent(85.5) // '85.5٪'
 */
export function formatPercent(percent: number): string {
  return `${formatNumber(percent)}٪`;
}

/**
 * The summary's lines, one for each kind the course has: «شاهدت 3 من 8 فيديوهات», «فتحت 1 من
 * ملفين», «أديت 1 من 3 امتحانات وواجبات».
 */
export function summaryLines(summary: ProgressSummary): { kind: LeftItem['kind']; text: string }[] {
  const { plurals } = arProgress;
  const lines = [
    {
      kind: 'video' as const,
      figures: summary.videos,
      key: 'summary.videos' as const,
      forms: plurals.videoOf,
    },
    {
      kind: 'attachment' as const,
      figures: summary.attachments,
      key: 'summary.attachments' as const,
      forms: plurals.fileOf,
    },
    {
      kind: 'exam' as const,
      figures: summary.exams,
      key: 'summary.exams' as const,
      forms: plurals.examOf,
    },
  ];
  return lines
    .filter(({ figures }) => figures.total > 0)
    .map(({ kind, figures, key, forms }) => ({
      kind,
      text: tp(key, { done: formatNumber(figures.done), total: pluralize(figures.total, forms) }),
    }));
}
