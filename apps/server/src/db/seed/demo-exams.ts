import type { Kysely } from 'kysely';
import type { DB } from '../schema';
import { recomputeResult } from '../../modules/exams/exam-marking';
import { insertExam, type ExamBuild, type QuestionSeed } from './exams';
import { circuitFigure, parabolaFigure, rightTriangleFigure } from './images';
import { QUESTION_BANK } from './question-bank';
import type { SeedFiles } from './seed-files';

/**
 * The general exams reachable by code from /exams, one per state the exam screens know (the
 * docs/demo.md lists them). Times count from when the demo was seeded.
 */
export const DEMO_EXAM_CODES = {
  /** 30 minutes; the detailed review; a question and its explanation with figures. */
  detailed: 'PHY2026',
  /** 45 minutes; the result but no review. */
  resultOnly: 'MATH2026',
  /** show_result off: submitted, the result is not shown. */
  hiddenResult: 'CHEM2026',
  /** Its window opens 30 days after the seed. */
  notStarted: 'BIO2026',
  /** Its window closed 3 days before the seed. */
  ended: 'HIST2026',
  /** No time limit and no window. */
  open: 'ARAB2026',
  /** 2 minutes, three questions: time runs out. */
  short: 'QUICK2026',
  /** Essay questions with figures, image answers on, review with explanation figures. */
  essay: 'ESSAY2026',
  /** Each session draws its own questions from a bank, the same total for all (demo-banks.ts). */
  drawn: 'DRAW2026',
} as const;

const DAY = 86_400_000;

/** The demo's question figures, drawn as SVG like the course covers. */
const figureSvgs = () => ({
  equalParallel: circuitFigure({ volts: 12, ohms: [4, 4] }),
  halfResistor: circuitFigure({ volts: 12, ohms: [2] }),
  parallel: circuitFigure({ volts: 12, ohms: [6, 3] }),
  equivalent: circuitFigure({ volts: 12, ohms: [2], current: '6 A' }),
  triangle: rightTriangleFigure({ upright: '٣ سم', base: '٤ سم' }),
  parabola: parabolaFigure(),
  tangent: parabolaFigure({ tangentAt: 1 }),
});

/** Each figure's stored public path, as a course's `image_path`. */
type Figures = Record<keyof ReturnType<typeof figureSvgs>, string>;

function writeFigures(files: SeedFiles): Figures {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return Object.fromEntries(
    Object.entries(figureSvgs()).map(([name, svg]) => [
      name,
      files.writePublic(`seed/questions/${kebab(name)}.svg`, svg),
    ]),
  ) as Figures;
}

/** The physics bank, its parallel-resistors question drawn, and its explanation too. */
function physicsWithFigures(figures: Figures): QuestionSeed[] {
  return QUESTION_BANK[1]!.map((q, i) =>
    i === 1
      ? {
          ...q,
          text: 'في الدائرة الموضحة بالشكل مقاومتان متساويتان على التوازي، فتكون المقاومة المكافئة:',
          image: figures.equalParallel,
          explain:
            'مقلوب المكافئة = ١/٤ + ١/٤ = ١/٢، فالمكافئة ٢ أوم: نصف إحدى المقاومتين. شرح التوصيل على التوازي: https://en.wikipedia.org/wiki/Series_and_parallel_circuits',
          explainImage: figures.halfResistor,
        }
      : q,
  );
}

function essayQuestions(figures: Figures): QuestionSeed[] {
  return [
    {
      type: 'essay',
      text: 'احسب المقاومة المكافئة للدائرة في الشكل، ثم احسب شدة التيار المار في البطارية. اكتب خطوات الحل، أو صوّر ورقة الحل وارفعها.',
      image: figures.parallel,
      mark: 4,
      explain:
        'المقاومتان على التوازي: م = (٦ × ٣) ÷ (٦ + ٣) = ٢ أوم، وشدة التيار = ١٢ ÷ ٢ = ٦ أمبير. راجع قانونَي كيرشوف: https://en.wikipedia.org/wiki/Kirchhoff%27s_circuit_laws',
      explainImage: figures.equivalent,
    },
    {
      type: 'choices',
      text: 'من المثلث القائم في الشكل، قيمة جا س تساوي:',
      image: figures.triangle,
      answers: ['٣ / ٥', '٤ / ٥', '٣ / ٤', '٥ / ٣'],
      correct: 0,
      explain: 'الوتر = ٥ سم (فيثاغورس)، وجا س = المقابل ÷ الوتر = ٣ / ٥.',
    },
    {
      type: 'essay',
      text: 'في المثلث القائم المرسوم، أوجد طول الوتر ثم قيمة جتا س. وضّح خطوات الحل.',
      image: figures.triangle,
      mark: 3,
      explain: 'الوتر² = ٣² + ٤² = ٢٥، فالوتر ٥ سم، وجتا س = المجاور ÷ الوتر = ٤ / ٥.',
    },
    {
      type: 'essay',
      text: 'من الرسم البياني للدالة د(س) = س²، أوجد ميل المماس عند النقطة (١، ١) واشرح طريقتك، ويمكنك رفع صورة لرسمك للمماس.',
      image: figures.parabola,
      mark: 3,
      explain: 'د/(س) = ٢س، فميل المماس عند س = ١ يساوي ٢، ومعادلته ص = ٢س − ١ كما في الشكل.',
      explainImage: figures.tangent,
    },
  ];
}

const QUICK_QUESTIONS: QuestionSeed[] = [
  { type: 'truefalse', text: 'سرعة الضوء أكبر من سرعة الصوت.', correct: true },
  { type: 'choices', text: '٧ × ٨ =', answers: ['٥٤', '٥٦', '٦٤', '٤٨'], correct: 1 },
  {
    type: 'truefalse',
    text: 'يغلي الماء النقي عند ٥٠° سيليزية عند مستوى سطح البحر.',
    correct: false,
    explain: 'يغلي الماء النقي عند ١٠٠° سيليزية تحت الضغط الجوي المعتاد.',
  },
];

function demoGeneralExams(figures: Figures, now: Date): ExamBuild[] {
  const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString();
  const general = { kind: 'exam', general: true } as const;
  return [
    {
      ...general,
      name: 'امتحان الفيزياء الشامل',
      code: DEMO_EXAM_CODES.detailed,
      questions: physicsWithFigures(figures),
      duration: 30,
      detailed: true,
    },
    {
      ...general,
      name: 'امتحان الرياضيات الشهري',
      code: DEMO_EXAM_CODES.resultOnly,
      questions: QUESTION_BANK[0]!,
      duration: 45,
      detailed: false,
    },
    {
      ...general,
      name: 'امتحان الكيمياء التجريبي',
      description: 'امتحان لقياس المستوى: لا تظهر النتيجة بعد التسليم، ويعلنها المعلم لاحقاً.',
      code: DEMO_EXAM_CODES.hiddenResult,
      questions: QUESTION_BANK[2]!,
      duration: 20,
      detailed: false,
      showResult: false,
    },
    {
      ...general,
      name: 'امتحان الأحياء لنهاية الشهر',
      description: 'يُفتح الامتحان في موعده لمدة يوم واحد، وتدخله بالكود نفسه.',
      code: DEMO_EXAM_CODES.notStarted,
      questions: QUESTION_BANK[3]!,
      duration: 40,
      detailed: true,
      startsAt: inDays(30),
      endsAt: inDays(31),
    },
    {
      ...general,
      name: 'امتحان التاريخ — الفترة الأولى',
      description: 'امتحان على دروس الفترة الأولى، متاح لمدة أسبوع.',
      code: DEMO_EXAM_CODES.ended,
      questions: QUESTION_BANK[6]!,
      duration: 30,
      detailed: true,
      startsAt: inDays(-10),
      endsAt: inDays(-3),
    },
    {
      ...general,
      name: 'تدريب مفتوح في النحو والبلاغة',
      description: 'تدريب بلا وقت محدد: أجب على مهل، وارجع إليه متى شئت قبل أن تسلّم.',
      code: DEMO_EXAM_CODES.open,
      questions: QUESTION_BANK[4]!,
      duration: null,
      detailed: true,
    },
    {
      ...general,
      name: 'اختبار سريع في دقيقتين',
      description: 'ثلاثة أسئلة في دقيقتين، ويُسلَّم الامتحان تلقائياً عند انتهاء الوقت.',
      code: DEMO_EXAM_CODES.short,
      questions: QUICK_QUESTIONS,
      duration: 2,
      detailed: true,
    },
    {
      ...general,
      name: 'مسائل مقالية مصوّرة: الكهربية وحساب المثلثات',
      description: 'اكتب خطوات الحل في كل مسألة، أو صوّر ورقة الحل وارفعها مع إجابتك.',
      code: DEMO_EXAM_CODES.essay,
      questions: essayQuestions(figures),
      duration: 60,
      detailed: true,
      imagesAnswers: true,
      passPercentage: 60,
    },
  ];
}

/**
 * The demo's general exams (no course), with their question figures written to public storage.
 * @example await seedDemoGeneralExams(trx, files, now)
 */
export async function seedDemoGeneralExams(
  db: Kysely<DB>,
  files: SeedFiles,
  now: Date,
): Promise<void> {
  const createdAt = new Date(now.getTime() - 14 * DAY).toISOString();
  for (const exam of demoGeneralExams(writeFigures(files), now))
    await insertExam(db, exam, { courseId: null, createdAt });
}

/** A demo exam's id by its code (the seed wrote it just before). */
function demoExam(db: Kysely<DB>, code: string) {
  return db
    .selectFrom('exams')
    .select('id')
    .where('exam_code', '=', code)
    .executeTakeFirstOrThrow();
}

/**
 * A student with extra time (issue 26, ADR 042): the second demo student has 15 minutes more
 * on PHY2026 (45 instead of 30), as staff would record a medical certificate.
 */
export async function seedDemoAccommodations(
  db: Kysely<DB>,
  studentIds: readonly number[],
  now: Date,
): Promise<void> {
  const exam = await demoExam(db, DEMO_EXAM_CODES.detailed);
  await db
    .insertInto('exam_accommodations')
    .values({
      user_id: studentIds[1]!,
      exam_id: exam.id,
      extra_minutes: 15,
      extra_percent: 0,
      starts_at: null,
      ends_at: null,
      note: 'شهادة طبية (مثال)',
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * One more attempt given by staff (issue 26, ADR 047): مريم (the second demo student) may sit
 * CHEM2026 again after the session below, «المحاولة 2 من 2» on its page.
 */
export async function seedDemoAttemptGrant(
  db: Kysely<DB>,
  studentIds: readonly number[],
  now: Date,
): Promise<void> {
  const exam = await demoExam(db, DEMO_EXAM_CODES.hiddenResult);
  await db
    .insertInto('exam_attempt_grants')
    .values({
      user_id: studentIds[1]!,
      exam_id: exam.id,
      extra_attempts: 1,
      note: 'انقطع الاتصال أثناء الامتحان (مثال)',
      created_at: now.toISOString(),
    })
    .execute();
}

/**
 * A submitted session with an integrity record (issue 26, ADR 044), for the results list's
 * counts, its «بها ما يستحق المراجعة» filter and the timeline: مريم (the second demo student)
 * sat CHEM2026 two days before the seed, answered its choices right, left the page twice, lost
 * the connection once, and opened the exam from a second device.
 */
export async function seedDemoIntegrityRecord(
  db: Kysely<DB>,
  studentIds: readonly number[],
  now: Date,
): Promise<void> {
  const exam = await demoExam(db, DEMO_EXAM_CODES.hiddenResult);
  const at = (minutes: number) =>
    new Date(now.getTime() - 2 * DAY + minutes * 60_000).toISOString();
  const session = await db
    .insertInto('exam_sessions')
    .values({
      token: `demo-integrity-${now.getTime().toString(36)}`,
      user_id: studentIds[1]!,
      exam_id: exam.id,
      started_at: at(0),
      deadline_at: at(20),
      finished_at: at(14),
      finished_by: 'student',
      correction_mark: null,
      succeeded: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Each choices or true/false question answered with its right option, a minute apart.
  const rights = await db
    .selectFrom('answer_options as o')
    .innerJoin('questions as q', 'q.id', 'o.question_id')
    .select(['o.id', 'o.question_id', 'q.mark'])
    .where('q.exam_id', '=', exam.id)
    .where('o.correct', '=', 1)
    .orderBy('q.position')
    .execute();
  const answered = [...new Map(rights.map((r) => [r.question_id, r])).values()];
  if (answered.length > 0) {
    await db
      .insertInto('answer_attempts')
      .values(
        answered.map((r, i) => ({
          session_id: session.id,
          question_id: r.question_id,
          answer_option_id: r.id,
          answer_text: null,
          image_path: null,
          correct: 1,
          correction_mark: r.mark,
          comment: null,
          updated_at: at(2 + i),
        })),
      )
      .execute();
  }
  const server = (kind: string, minutes: number, address: string, device: string) => ({
    session_id: session.id,
    client_id: null,
    kind,
    client_at: null,
    detail: JSON.stringify({ device, address }),
    created_at: at(minutes),
  });
  const client = (kind: string, minutes: number, n: number) => ({
    session_id: session.id,
    client_id: `demo-${n}`,
    kind,
    client_at: at(minutes),
    detail: null,
    created_at: at(minutes),
  });
  await db
    .insertInto('exam_session_events')
    .values([
      server('opened', 0, '197.34.12.8', 'web'),
      client('hidden', 3, 1),
      client('visible', 4, 2),
      client('offline', 6, 3),
      client('online', 7, 4),
      server('second_device', 8, '41.44.120.5', 'android'),
      server('new_address', 8, '41.44.120.5', 'android'),
      client('hidden', 10, 5),
      client('visible', 12, 6),
    ])
    .execute();
  await recomputeResult(db, session.id);
}
