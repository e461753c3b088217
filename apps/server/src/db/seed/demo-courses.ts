import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { CATEGORIES, COURSES, VIDEO_NAMES, type CourseSeed } from './catalog-data';
import { insertCourse } from './courses';
import type { DemoCatalogIds } from './demo-catalog';
import type { ExamBuild } from './exams';
import { courseCover, tinyPdf } from './images';
import type { AttachmentBuild, LectureBuild, LectureExamBuild, VideoBuild } from './lectures';
import { QUESTION_BANK } from './question-bank';
import type { SeedFiles } from './seed-files';

// How the demo varies its lectures, so every kind the spec knows shows up somewhere: in a
// course sold lecture by lecture, lecture 1 is free, 2 a preview, 3 expires after 30 days,
// 4 can be bought again for 20 pounds, 5 refuses pay cards. Every course's first three
// lectures carry a quiz, a homework that must be taken, and an exam to pass with an
// alternative; every other lecture has a homework of its own that closes nothing.

function demoVideos(name: string, count: number, sourcePath: string): VideoBuild[] {
  return VIDEO_NAMES.slice(0, count).map((videoName, vi) => ({
    name: `${videoName}: ${name}`,
    sourcePath,
    durationSeconds: 600 + vi * 300,
    viewsLimit: vi === 0 ? null : 3,
    hideAttendanceChips: vi === 2,
    attendanceRequired: vi === 0,
    attendanceChipText: vi === 1 ? 'مراجعة' : null,
  }));
}

function demoAttachments(name: string, ci: number, li: number): AttachmentBuild[] {
  const attachments: AttachmentBuild[] = [
    {
      name: `ملخص ${name}`,
      path: `seed/attachments/${ci + 1}-${li + 1}.pdf`,
      content: tinyPdf(`Dars - lecture ${li + 1} summary`),
      extension: 'pdf',
    },
  ];
  if (li % 2 === 1) {
    attachments.push({
      name: `تدريبات ${name}`,
      path: `seed/attachments/${ci + 1}-${li + 1}-sheet.txt`,
      content: `ورقة تدريبات: ${name}\n١) ...\n٢) ...\n`,
      extension: 'txt',
    });
  }
  return attachments;
}

function demoLectureExams(
  c: CourseSeed,
  name: string,
  li: number,
  nextCode: () => string,
): LectureExamBuild[] {
  const bank = QUESTION_BANK[c.category] ?? QUESTION_BANK[0]!;
  const exam = (kind: 'exam' | 'homework', label: string): ExamBuild => ({
    name: `${label}: ${name}`,
    code: nextCode(),
    kind,
    general: false,
    questions: bank,
    duration: kind === 'exam' ? 20 : null,
    detailed: true,
  });
  const rule = { mustPass: false, mustTake: false, alternative: null };
  const homework = (mustTake: boolean): LectureExamBuild => ({
    ...rule,
    exam: exam('homework', 'واجب'),
    mustTake,
  });
  if (li === 0) return [{ ...rule, exam: exam('exam', 'اختبار قصير') }, homework(false)];
  if (li === 1) return [homework(true)];
  if (li === 2) {
    const main = exam('exam', 'امتحان');
    return [
      { ...rule, exam: main, mustPass: true, alternative: exam('exam', 'امتحان بديل') },
      homework(false),
    ];
  }
  return [homework(false)];
}

function demoLecture(
  c: CourseSeed,
  ci: number,
  li: number,
  name: string,
  { video, nextCode }: { video: string; nextCode: () => string },
): LectureBuild {
  const byLecture = c.pay_type === 'lectures';
  return {
    name,
    price: byLecture ? (li === 0 ? 0 : 30 + (li % 3) * 10) : 0,
    free: byLecture && li === 0,
    preview: li === 0 || (byLecture && li === 1),
    expiryDays: byLecture && li === 2 ? 30 : null,
    repurchasable: byLecture && li === 3,
    repurchasePrice: byLecture && li === 3 ? 20 : null,
    paycardDisabled: byLecture && li === 4,
    videos: demoVideos(name, 1 + ((ci + li) % 3), video),
    attachments: demoAttachments(name, ci, li),
    exams: demoLectureExams(c, name, li, nextCode),
  };
}

/**
 * The demo's courses (catalog-data.ts) with their lectures; returns the ids in that order.
 * @example const { courseIds, lectureIds } = await seedDemoCourses(trx, files, catalog, iso)
 */
export async function seedDemoCourses(
  db: Kysely<DB>,
  files: SeedFiles,
  catalog: DemoCatalogIds,
  daysAgo: (days: number) => string,
): Promise<{ courseIds: number[]; lectureIds: number[][] }> {
  const video = files.sampleVideo();
  let examSeq = 0;
  const nextCode = () => `L${String(++examSeq).padStart(4, '0')}`;
  const courseIds: number[] = [];
  const lectureIds: number[][] = [];
  for (const [ci, c] of COURSES.entries()) {
    const category = CATEGORIES[c.category]!;
    const built = await insertCourse(db, files, {
      name: c.name,
      description: c.description,
      imagePath: files.writePublic(
        `seed/courses/${ci + 1}.svg`,
        courseCover({ hue: category.hue, glyph: category.glyph, seed: ci + 1 }),
      ),
      featured: c.featured ?? false,
      payType: c.pay_type,
      price: c.price,
      showPreview: c.show_preview ?? false,
      usersLimit: c.users_limit ?? null,
      published: true,
      // The catalogue grew over time: the first courses (most of them featured) are the
      // oldest, so the home page's «أحدث الدورات» differs from «دورات مميزة».
      createdAt: daysAgo((COURSES.length - ci) * 3 + 1),
      gradeIds: c.grades.map((g) => catalog.gradeIds[g]!),
      categoryIds: [catalog.categoryIds[c.category]!],
      teacherIds: c.teachers.map((t) => catalog.teacherIds[t]!),
      lectures: c.lectures.map((name, li) => demoLecture(c, ci, li, name, { video, nextCode })),
    });
    courseIds.push(built.id);
    lectureIds.push(built.lectureIds);
  }
  return { courseIds, lectureIds };
}
