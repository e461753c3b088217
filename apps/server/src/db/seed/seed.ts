import fs from 'node:fs';
import path from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import { toPiasters } from '@dars/contract';
import type { DB } from '../schema';
import { hashPassword } from '../../lib/passwords';
import { courseSearchText } from '../../lib/search-key';
import { hashPaycardCode, normalizePaycardCode } from '../../modules/paycards/paycard-code';
import { putSettings } from '../../modules/settings/settings-service';
import { newSerial, newWalletAddress } from '../../modules/wallet/wallet-ids';
import { ANNOUNCEMENT, CATEGORIES, COURSES, GRADES, TEACHERS, VIDEO_NAMES } from './catalog-data';
import { QUESTION_BANK, type QuestionSeed } from './question-bank';
import { avatar, banner, courseCover, slide, tinyPdf } from './images';

export const DEMO_PASSWORD = 'dars12345';
export const DEMO_STUDENTS = [
  { name: 'أحمد محمود', email: 'student@dars.test', phone: '01012345678', grade: 2, balance: 500 },
  { name: 'مريم علي', email: 'student2@dars.test', phone: '01112345678', grade: 1, balance: 0 },
] as const;

/** Demo pay cards, printed in the README. Real cards come from `npm run paycards`. */
export const DEMO_PAYCARDS = [
  { code: 'K7PM 4QXR 9TWD 2HNA', value: 100 },
  { code: 'B3VZ 8LCF 6JYE 5SGU', value: 100 },
  { code: 'Q9RT 2MKD 7XHC 4WPN', value: 100 },
  { code: 'P4XN 7KQT 3HDM 9RZA', value: 500 },
  { code: 'F6HW 3NTK 8PQD 2XRM', value: 350, course: 0 },
  { code: 'E5XP 9RMT 2KWD 7QHN', value: 100, expired: true },
  { code: 'U8DK 4PXM 6TRW 3QNH', value: 200, usedByStudent: 1, forCourse: 5 },
] as const;

/** General exams reachable by code from /exams. */
export const DEMO_EXAM_CODES = ['PHY2026', 'MATH2026'] as const;

const DAY = 86_400_000;

function writeFile(root: string, relative: string, content: string | Buffer): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return relative;
}

async function insertExam(
  trx: Transaction<DB>,
  exam: {
    name: string;
    code: string;
    kind: 'exam' | 'homework';
    courseId: number | null;
    general: boolean;
    questions: QuestionSeed[];
    duration: number | null;
    detailed: boolean;
  },
  createdAt: string,
): Promise<number> {
  const { id } = await trx
    .insertInto('exams')
    .values({
      name: exam.name,
      description: exam.general
        ? 'امتحان شامل على ما سبق دراسته. اقرأ كل سؤال جيداً قبل الإجابة.'
        : null,
      exam_code: exam.code,
      kind: exam.kind,
      course_id: exam.courseId,
      is_general: exam.general ? 1 : 0,
      duration_minutes: exam.duration,
      starts_at: null,
      ends_at: null,
      pass_percentage: 50,
      show_result: 1,
      show_detailed_result: exam.detailed ? 1 : 0,
      shuffled_answers: exam.kind === 'exam' ? 1 : 0,
      enable_images_answers: exam.questions.some((q) => q.type === 'essay') ? 1 : 0,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, q] of exam.questions.entries()) {
    const question = await trx
      .insertInto('questions')
      .values({
        exam_id: id,
        position,
        type: q.type,
        text: q.text,
        image_path: null,
        mark: q.type === 'essay' ? 2 : 1,
        answer_explain_text: 'explain' in q ? (q.explain ?? null) : null,
        answer_explain_image: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answers =
      q.type === 'choices'
        ? q.answers.map((text, i) => ({ text, correct: i === q.correct }))
        : q.type === 'truefalse'
          ? [
              { text: 'صواب', correct: q.correct },
              { text: 'خطأ', correct: !q.correct },
            ]
          : [];
    if (answers.length > 0) {
      await trx
        .insertInto('answer_options')
        .values(
          answers.map((a, i) => ({
            question_id: question.id,
            position: i,
            text: a.text,
            image_path: null,
            correct: a.correct ? 1 : 0,
          })),
        )
        .execute();
    }
  }
  return id;
}

/**
 * Fills an empty database with the demo school: settings, grades, categories, teachers, courses
 * with lectures, videos, attachments and exams, two students and pay cards. Does nothing when
 * the database already has grades, so restarts keep what users did.
 * @example await seedDemoIfEmpty(db, './data')
 */
export async function seedDemoIfEmpty(
  db: Kysely<DB>,
  dataDir: string,
  now = new Date(),
): Promise<boolean> {
  const existing = await db.selectFrom('grades').select('id').limit(1).executeTakeFirst();
  if (existing) return false;

  const publicRoot = path.join(dataDir, 'storage', 'public');
  const privateRoot = path.join(dataDir, 'storage', 'private');
  // A real 20-second H.264 clip, so playback works in the demo.
  writeFile(
    privateRoot,
    'seed/videos/sample.mp4',
    fs.readFileSync(new URL('../../../assets/sample-lecture.mp4', import.meta.url)),
  );
  const iso = (offsetDays: number) => new Date(now.getTime() - offsetDays * DAY).toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction().execute(async (trx) => {
    await putSettings(trx, {
      enable_wp: true,
      enable_gen_exm: true,
      enable_wallet_system: true,
      enable_wallet_transfers: true,
      transfer_fees: 1,
      teachers_page: true,
      email_verification: false,
      general_announcement: ANNOUNCEMENT,
      home_mode: 'default',
      appIsDown: false,
      play_store_url: 'https://play.google.com/store/apps/details?id=app.dars.student',
      apple_store_url: 'https://apps.apple.com/eg/app/dars-student/id6450000000',
      desktop_app_url: 'https://dars.example/desktop',
      stable_version: '1.0.0',
      android_stable_version: '1.0.0',
      ios_stable_version: '1.0.0',
      contact_phone: '01001234567',
      contact_email: 'support@dars.example',
      recharge_info: {
        min_recharge_amount: 20,
        supported_methods: ['recharge_card', 'mobile_wallets', 'paymob_card'],
        mobile_wallet_number: '01001234567',
      },
      crisp_website_id: null,
      social: {
        youtube: 'https://youtube.com/@dars.edu',
        facebook: 'https://facebook.com/dars.edu',
        linkedin: null,
        telegram: 'https://t.me/dars_edu',
        messenger: null,
        twitter: null,
        tiktok: 'https://tiktok.com/@dars.edu',
        whatsapp: 'https://wa.me/201001234567',
      },
    });
    await trx
      .insertInto('settings')
      .values({
        key: 'header_images',
        value: JSON.stringify([
          {
            url: `/storage/${writeFile(publicRoot, 'seed/slides/1.svg', slide({ hue: 215, title: 'ذاكر بذكاء مع دَرس', line: 'شرح ومتابعة وامتحانات في مكان واحد' }))}`,
            to: '/courses',
          },
          {
            url: `/storage/${writeFile(publicRoot, 'seed/slides/2.svg', slide({ hue: 265, title: 'مراجعة ليلة الامتحان', line: 'أهم القوانين في محاضرات قصيرة' }))}`,
            to: '/courses?query=مراجعة',
          },
          {
            url: `/storage/${writeFile(publicRoot, 'seed/slides/3.svg', slide({ hue: 150, title: 'تابعنا على يوتيوب', line: 'دروس مجانية كل أسبوع' }))}`,
            href: 'https://youtube.com/@dars.edu',
          },
        ]),
      })
      .execute();

    const gradeIds: number[] = [];
    for (const [position, name] of GRADES.entries()) {
      gradeIds.push(
        (
          await trx
            .insertInto('grades')
            .values({ name, position })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    const categoryIds: number[] = [];
    for (const [position, c] of CATEGORIES.entries()) {
      categoryIds.push(
        (
          await trx
            .insertInto('categories')
            .values({ name: c.name, position })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    }

    const teacherIds: number[] = [];
    for (const [i, t] of TEACHERS.entries()) {
      const initial = t.name.replace(/^(أ\.|د\.|Mr\.)\s*/, '').charAt(0);
      const { id } = await trx
        .insertInto('teachers')
        .values({
          name: t.name,
          bio: t.bio,
          avatar_path: writeFile(
            publicRoot,
            `seed/teachers/${i + 1}-avatar.svg`,
            avatar({ hue: t.hue, initial }),
          ),
          banner_path: writeFile(
            publicRoot,
            `seed/teachers/${i + 1}-banner.svg`,
            banner({ hue: t.hue, seed: i + 11 }),
          ),
          phone: t.phone ?? null,
          email: t.email ?? null,
          whatsapp_url: t.whatsapp_url ?? null,
          facebook_url: t.facebook_url ?? null,
          messenger_url: t.messenger_url ?? null,
          twitter_url: t.twitter_url ?? null,
          youtube_url: t.youtube_url ?? null,
          telegram_url: t.telegram_url ?? null,
          created_at: iso(400),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      teacherIds.push(id);
    }

    const courseIds: number[] = [];
    const lectureIdsByCourse: number[][] = [];
    let examSeq = 0;
    for (const [ci, c] of COURSES.entries()) {
      // The catalogue grew over time: the first courses (most of them featured) are the
      // oldest, so the home page's «أحدث الدورات» differs from «دورات مميزة».
      const addedAt = iso((COURSES.length - ci) * 3 + 1);
      const category = CATEGORIES[c.category]!;
      const { id: courseId } = await trx
        .insertInto('courses')
        .values({
          name: c.name,
          description: c.description,
          search_text: courseSearchText(c),
          image_path: writeFile(
            publicRoot,
            `seed/courses/${ci + 1}.svg`,
            courseCover({ hue: category.hue, glyph: category.glyph, seed: ci + 1 }),
          ),
          featured: c.featured ? 1 : 0,
          pay_type: c.pay_type,
          price: toPiasters(c.price),
          show_preview: c.show_preview ? 1 : 0,
          users_limit: c.users_limit ?? null,
          published: 1,
          created_at: addedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      courseIds.push(courseId);
      await trx
        .insertInto('course_grades')
        .values(c.grades.map((g) => ({ course_id: courseId, grade_id: gradeIds[g]! })))
        .execute();
      await trx
        .insertInto('course_categories')
        .values({ course_id: courseId, category_id: categoryIds[c.category]! })
        .execute();
      await trx
        .insertInto('course_teachers')
        .values(
          c.teachers.map((t, position) => ({
            course_id: courseId,
            teacher_id: teacherIds[t]!,
            position,
          })),
        )
        .execute();

      const lectureIds: number[] = [];
      for (const [li, name] of c.lectures.entries()) {
        const byLecture = c.pay_type === 'lectures';
        const price = byLecture ? (li === 0 ? 0 : 30 + (li % 3) * 10) : 0;
        const { id: lectureId } = await trx
          .insertInto('lectures')
          .values({
            course_id: courseId,
            name,
            position: li,
            free: byLecture && li === 0 ? 1 : 0,
            price: toPiasters(price),
            preview: li === 0 || (byLecture && li === 1) ? 1 : 0,
            expiry_days: byLecture && li === 2 ? 30 : null,
            repurchasable: byLecture && li === 3 ? 1 : 0,
            repurchase_price: byLecture && li === 3 ? toPiasters(20) : null,
            paycard_disabled: byLecture && li === 4 ? 1 : 0,
            created_at: addedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        lectureIds.push(lectureId);

        const videoCount = 1 + ((ci + li) % 3);
        await trx
          .insertInto('videos')
          .values(
            VIDEO_NAMES.slice(0, videoCount).map((videoName, vi) => ({
              lecture_id: lectureId,
              name: `${videoName}: ${name}`,
              position: vi,
              source_path: 'seed/videos/sample.mp4',
              license_url: null,
              duration_seconds: 600 + vi * 300,
              views_limit: vi === 0 ? null : 3,
              hide_attendance_chips: vi === 2 ? 1 : 0,
              attendance_required: vi === 0 ? 1 : 0,
              attendance_chip_text: vi === 1 ? 'مراجعة' : null,
            })),
          )
          .execute();

        const pdf = writeFile(
          privateRoot,
          `seed/attachments/${ci + 1}-${li + 1}.pdf`,
          tinyPdf(`Dars - lecture ${li + 1} summary`),
        );
        const attachments = [
          {
            name: `ملخص ${name}`,
            file_path: pdf,
            size: fs.statSync(path.join(privateRoot, pdf)).size,
            extension: 'pdf',
          },
        ];
        if (li % 2 === 1) {
          const sheet = writeFile(
            privateRoot,
            `seed/attachments/${ci + 1}-${li + 1}-sheet.txt`,
            `ورقة تدريبات: ${name}\n١) ...\n٢) ...\n`,
          );
          attachments.push({
            name: `تدريبات ${name}`,
            file_path: sheet,
            size: fs.statSync(path.join(privateRoot, sheet)).size,
            extension: 'txt',
          });
        }
        await trx
          .insertInto('attachments')
          .values(attachments.map((a, position) => ({ lecture_id: lectureId, position, ...a })))
          .execute();

        const bank = QUESTION_BANK[c.category] ?? QUESTION_BANK[0]!;
        const lectureExam = async (kind: 'exam' | 'homework', label: string) =>
          insertExam(
            trx,
            {
              name: `${label}: ${name}`,
              code: `L${String(++examSeq).padStart(4, '0')}`,
              kind,
              courseId,
              general: false,
              questions: bank,
              duration: kind === 'exam' ? 20 : null,
              detailed: true,
            },
            addedAt,
          );
        if (li === 0) {
          const quiz = await lectureExam('exam', 'اختبار قصير');
          await trx
            .insertInto('lecture_exams')
            .values({
              lecture_id: lectureId,
              exam_id: quiz,
              position: 0,
              must_pass: 0,
              must_take: 0,
              alternative_exam_id: null,
              navigate_to_alternative: 0,
            })
            .execute();
        } else if (li === 1) {
          const homework = await lectureExam('homework', 'واجب');
          await trx
            .insertInto('lecture_exams')
            .values({
              lecture_id: lectureId,
              exam_id: homework,
              position: 0,
              must_pass: 0,
              must_take: 1,
              alternative_exam_id: null,
              navigate_to_alternative: 0,
            })
            .execute();
        } else if (li === 2) {
          const exam = await lectureExam('exam', 'امتحان');
          const alternative = await lectureExam('exam', 'امتحان بديل');
          await trx
            .insertInto('lecture_exams')
            .values({
              lecture_id: lectureId,
              exam_id: exam,
              position: 0,
              must_pass: 1,
              must_take: 0,
              alternative_exam_id: alternative,
              navigate_to_alternative: 1,
            })
            .execute();
        }
      }
      lectureIdsByCourse.push(lectureIds);
    }

    await insertExam(
      trx,
      {
        name: 'امتحان الفيزياء الشامل',
        code: DEMO_EXAM_CODES[0],
        kind: 'exam',
        courseId: null,
        general: true,
        questions: QUESTION_BANK[1]!,
        duration: 30,
        detailed: true,
      },
      iso(2),
    );
    await insertExam(
      trx,
      {
        name: 'امتحان الرياضيات الشهري',
        code: DEMO_EXAM_CODES[1],
        kind: 'exam',
        courseId: null,
        general: true,
        questions: QUESTION_BANK[0]!,
        duration: 45,
        detailed: false,
      },
      iso(2),
    );

    const studentIds: number[] = [];
    for (const [i, s] of DEMO_STUDENTS.entries()) {
      const { id } = await trx
        .insertInto('users')
        .values({
          name: s.name,
          email: s.email,
          phone: s.phone,
          password_hash: passwordHash,
          grade_id: gradeIds[s.grade]!,
          avatar_path: null,
          group_id: null,
          email_verified_at: iso(30),
          balance: 0,
          wallet_address: newWalletAddress(),
          center_name: i === 0 ? 'سنتر النور التعليمي' : null,
          profile_qr_code: i === 0 ? `DARS-STUDENT-${1000 + i}` : null,
          created_at: iso(60),
          updated_at: iso(60),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      studentIds.push(id);
    }

    // Student 1: recharged 540, bought one lecture for 40 → 500 on the ledger and the balance.
    const [first, second] = studentIds as [number, number];
    const organicCourse = courseIds[1]!;
    const boughtLecture = lectureIdsByCourse[1]![1]!;
    const ledger = [
      {
        type: 'recharge',
        value: toPiasters(540),
        comment: 'شحن بكارت شحن',
        lecture_id: null,
        course_id: null,
        at: iso(20),
      },
      {
        type: 'lecture_purchase',
        value: -toPiasters(40),
        comment: null,
        lecture_id: boughtLecture,
        course_id: organicCourse,
        at: iso(19),
      },
    ];
    let balance = 0;
    for (const entry of ledger) {
      balance += entry.value;
      await trx
        .insertInto('wallet_transactions')
        .values({
          serial: newSerial(new Date(entry.at)),
          user_id: first,
          type: entry.type,
          value: entry.value,
          balance_after: balance,
          comment: entry.comment,
          course_id: entry.course_id,
          lecture_id: entry.lecture_id,
          counterpart_user_id: null,
          created_at: entry.at,
        })
        .execute();
    }
    await trx.updateTable('users').set({ balance }).where('id', '=', first).execute();
    await trx
      .insertInto('enrollments')
      .values([
        { user_id: first, course_id: organicCourse, created_at: iso(21) },
        { user_id: first, course_id: courseIds[3]!, created_at: iso(25) },
      ])
      .execute();
    await trx
      .insertInto('lecture_purchases')
      .values([
        {
          user_id: first,
          lecture_id: lectureIdsByCourse[1]![0]!,
          price_paid: 0,
          pay_by: 'free',
          created_at: iso(21),
          expires_at: null,
        },
        {
          user_id: first,
          lecture_id: boughtLecture,
          price_paid: toPiasters(40),
          pay_by: 'wallet',
          created_at: iso(19),
          expires_at: null,
        },
      ])
      .execute();

    for (const card of DEMO_PAYCARDS) {
      const usedBy = 'usedByStudent' in card ? studentIds[card.usedByStudent]! : null;
      await trx
        .insertInto('paycards')
        .values({
          code_hash: hashPaycardCode(card.code),
          code_hint: normalizePaycardCode(card.code).slice(-4),
          value: toPiasters(card.value),
          course_id: 'course' in card ? courseIds[card.course]! : null,
          lecture_id: null,
          expires_at:
            'expired' in card ? iso(1) : new Date(now.getTime() + 365 * DAY).toISOString(),
          used_by: usedBy,
          used_at: usedBy ? iso(10) : null,
          created_at: iso(90),
        })
        .execute();
      if (usedBy && 'forCourse' in card) {
        await trx
          .insertInto('enrollments')
          .values({ user_id: second, course_id: courseIds[card.forCourse]!, created_at: iso(10) })
          .execute();
      }
    }
  });
  return true;
}
