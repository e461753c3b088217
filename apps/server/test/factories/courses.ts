import type { Selectable } from 'kysely';
import type { CoursesTable, LecturesTable } from '../../src/db/schema';
import { insertCourse } from '../../src/db/seed/courses';
import type { ExamBuild } from '../../src/db/seed/exams';
import { tinyPdf } from '../../src/db/seed/images';
import type { LectureBuild, LectureExamBuild } from '../../src/db/seed/lectures';
import { seedFiles, type SeedFiles } from '../../src/db/seed/seed-files';
import type { TestServer } from '../helpers';

export interface LectureSpec {
  name?: string;
  /** pounds; default 0 */
  price?: number;
  free?: boolean;
  preview?: boolean;
  expiryDays?: number;
  repurchasable?: boolean;
  /** pounds; without it a repurchase costs the full price */
  repurchasePrice?: number;
  paycardDisabled?: boolean;
  /** One video per entry, with its views limit (null: unlimited). Default: one unlimited video. */
  videos?: (number | null)[];
  /** How many PDF attachments; default 1. */
  attachments?: number;
  /** An exam under the lecture: a plain quiz, or one that closes its videos until taken or passed. */
  exam?: 'quiz' | 'homework' | 'must-pass';
}

export interface CourseSpec {
  name?: string;
  description?: string;
  /** Default 'course'. */
  payType?: 'course' | 'lectures';
  /** pounds; default 0 */
  price?: number;
  showPreview?: boolean;
  usersLimit?: number;
  featured?: boolean;
  /** Default true. */
  published?: boolean;
  /** Default now. */
  createdAt?: string;
  gradeIds?: number[];
  categoryIds?: number[];
  teacherIds?: number[];
  /** How many plain lectures, or each one's spec. Default 1. */
  lectures?: number | readonly LectureSpec[];
}

type LectureRow = Selectable<LecturesTable>;
/** One row per spec, as a tuple when the specs are written out, so they destructure typed. */
type LectureRows<L> = L extends readonly LectureSpec[]
  ? { -readonly [K in keyof L]: LectureRow }
  : LectureRow[];

export type TestCourse<L = LectureSpec[]> = Selectable<CoursesTable> & { lectures: LectureRows<L> };

let made = 0;

function exam(kind: LectureSpec['exam'], lectureName: string): LectureExamBuild[] {
  if (!kind) return [];
  const build = (name: string): ExamBuild => ({
    name,
    code: `T${++made}`,
    kind: kind === 'homework' ? 'homework' : 'exam',
    general: false,
    questions: [{ type: 'truefalse', text: `سؤال عن ${lectureName}`, correct: true }],
    duration: kind === 'homework' ? null : 20,
    detailed: true,
  });
  return [
    {
      exam: build(`امتحان: ${lectureName}`),
      mustTake: kind === 'homework',
      mustPass: kind === 'must-pass',
      alternative: null,
    },
  ];
}

function lecture(spec: LectureSpec, files: SeedFiles, tag: string, li: number): LectureBuild {
  const name = spec.name ?? `المحاضرة ${li + 1}`;
  return {
    name,
    price: spec.price ?? 0,
    free: spec.free ?? false,
    preview: spec.preview ?? false,
    expiryDays: spec.expiryDays ?? null,
    repurchasable: spec.repurchasable ?? false,
    repurchasePrice: spec.repurchasePrice ?? null,
    paycardDisabled: spec.paycardDisabled ?? false,
    videos: (spec.videos ?? [null]).map((viewsLimit, vi) => ({
      name: `فيديو ${vi + 1}: ${name}`,
      sourcePath: files.sampleVideo(),
      durationSeconds: 600,
      viewsLimit,
      attendanceRequired: false,
      hideAttendanceChips: false,
      attendanceChipText: null,
    })),
    attachments: Array.from({ length: spec.attachments ?? 1 }, (_, ai) => ({
      name: `ملخص ${ai + 1}: ${name}`,
      path: `test/attachments/${tag}-${li + 1}-${ai + 1}.pdf`,
      content: tinyPdf(`Lecture ${li + 1} summary`),
      extension: 'pdf',
    })),
    exams: exam(spec.exam, name),
  };
}

/**
 * A course with exactly the lectures a test asks for, built the way the demo seed builds its
 * courses (videos play the sample clip, attachments are real files), read back as stored.
 * @example const course = await makeCourse(server, { payType: 'lectures', lectures: [{ free: true }, { price: 40 }] })
 */
export async function makeCourse<const L extends number | readonly LectureSpec[] = number>(
  server: TestServer,
  spec: CourseSpec & { lectures?: L } = {},
): Promise<TestCourse<L>> {
  const { db } = server;
  const files = seedFiles(server.config.dataDir);
  const tag = `c${++made}`;
  const lectures =
    typeof spec.lectures === 'number' || spec.lectures === undefined
      ? Array.from({ length: spec.lectures ?? 1 }, (): LectureSpec => ({}))
      : spec.lectures;
  const { id } = await insertCourse(db, files, {
    name: spec.name ?? `دورة تجريبية ${made}`,
    description: spec.description ?? 'وصف دورة صنعها اختبار.',
    imagePath: null,
    featured: spec.featured ?? false,
    payType: spec.payType ?? 'course',
    price: spec.price ?? 0,
    showPreview: spec.showPreview ?? false,
    usersLimit: spec.usersLimit ?? null,
    published: spec.published ?? true,
    createdAt: spec.createdAt ?? new Date().toISOString(),
    gradeIds: spec.gradeIds ?? [],
    categoryIds: spec.categoryIds ?? [],
    teacherIds: spec.teacherIds ?? [],
    lectures: lectures.map((l, li) => lecture(l, files, tag, li)),
  });
  const course = await db
    .selectFrom('courses')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('lectures')
    .selectAll()
    .where('course_id', '=', id)
    .orderBy('position')
    .execute();
  return { ...course, lectures: rows as LectureRows<L> };
}

/**
 * One lecture in a course of its own, sold lecture by lecture unless `course` says otherwise.
 * @example const lecture = await makeLecture(server, { price: 30, expiryDays: 7 }); lecture.course_id
 */
export async function makeLecture(
  server: TestServer,
  spec: LectureSpec = {},
  course: Omit<CourseSpec, 'lectures'> = { payType: 'lectures' },
): Promise<LectureRow> {
  const { lectures } = await makeCourse(server, { ...course, lectures: [spec] });
  return lectures[0];
}
