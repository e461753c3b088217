import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { insertTeacher } from '../apps/server/src/db/seed/teachers';
import { callApi } from './support/api';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { topUpWallet } from './support/catalog';
import { withDatabase } from './support/database';
import { answerKey, takeExamThroughApi } from './support/exams';
import { mailedText } from './support/outbox';
import { expectNoSidewaysOverflow, it, pathname } from './support/screens';
import { serverURL } from './support/server';
import { addQuestion, filtered, STAFF, staffSignIn } from './support/staff';

/**
 * An invited teacher's first day (issue 27, ADR 048), on a desktop and a phone, against the
 * real server: the admin adds a teacher's login without a password, so the server mails an
 * invitation; the teacher opens its link on their own device, sets a password and lands on
 * their home; builds a lecture in their course and an exam with an essay question; a student
 * who bought the course takes the exam; the teacher marks the essay, then opens this month's
 * statement, which has the student's purchase and the teacher's share of it.
 * Every screenshot is checked with axe (serious and critical) and CSP.
 */

const PASSWORD = 'teacher-pass-1';
/** The course's price and the teacher's share: 60 % of 150.00 is 90.00 (by hand). */
const PRICE = 150;
const SHARE = 60;
const LECTURE = 'المحاضرة الأولى: الاتزان الكيميائي';

async function save(page: Page) {
  await page.getByRole('button', { name: 'حفظ', exact: true }).click();
}

describe.each<ViewportName>(['desktop', 'phone'])('an invited teacher on a %s', (viewport) => {
  it.override({ viewport });

  it('sets a password from the mailed link, builds a lecture and an exam, marks an essay and sees the statement', async ({
    page,
    browser,
    students,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const shot = (p: Page, n: string, name: string, options?: { fullPage?: boolean }) =>
      screenshot(p, `${viewport}-staff-invite-${n}-${name}`, options);
    const who = {
      profile: `أ. هدى سليم ${tag}`,
      email: `huda-${tag}@school.example`,
      phone: `0112${String(Date.now()).slice(-7)}`,
      course: `كيمياء الصف الثالث ${tag}`,
    };
    // The school's side, as an admin would have it: the teacher's profile, share and course.
    const { teacherId, courseId } = await withDatabase(async (db) => {
      const now = new Date().toISOString();
      const id = await insertTeacher(db, {
        name: who.profile,
        created_at: now,
        revenue_share_percent: SHARE,
      });
      const course = await db
        .insertInto('courses')
        .values({
          name: who.course,
          description: 'دورة صنعتها رحلة دعوة مدرس.',
          search_text: who.course,
          image_path: null,
          featured: 0,
          pay_type: 'course',
          price: PRICE * 100,
          show_preview: 0,
          users_limit: null,
          published: 1,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('course_teachers')
        .values({ course_id: course.id, teacher_id: id, position: 0 })
        .execute();
      return { teacherId: id, courseId: course.id };
    });

    // --- the admin invites the teacher: no password typed ---
    await staffSignIn(page, STAFF.admin);
    await page.goto('/staff/accounts/create');
    await page.getByRole('textbox', { name: 'الاسم' }).fill(who.profile);
    await page.getByRole('textbox', { name: 'البريد الإلكتروني' }).fill(who.email);
    await page.getByRole('textbox', { name: 'الهاتف' }).fill(who.phone);
    await page.getByRole('combobox', { name: 'الدور' }).click();
    await page.getByRole('option', { name: 'مدرس', exact: true }).click();
    await page.getByRole('combobox', { name: /^المدرس/ }).fill(tag);
    await page.getByRole('option', { name: who.profile }).click();
    expect(await page.getByRole('radio', { name: /إرسال دعوة بالبريد/ }).isChecked()).toBe(true);
    await shot(page, '01', 'account-invite');
    await save(page);
    await page.getByText(`أُرسلت دعوة إلى ${who.email}`).waitFor();
    await page.waitForURL(/\/staff\/accounts(\?.*)?$/);
    await page
      .getByText(/بانتظار القبول حتى/)
      .first()
      .waitFor();
    await shot(page, '02', 'accounts-invited');

    const mail = await mailedText(who.email, 'دعوة للانضمام', '/staff/set-password#');
    const link = mail.match(/https?:\/\/\S+/)![0];
    expect(new URL(link).origin).toBe(new URL(serverURL()).origin);

    // --- the teacher, on their own device ---
    const device = await openPage(browser, serverURL(), viewport);
    try {
      const t = device.page;
      await t.goto(link);
      await t.getByText(`مرحباً ${who.profile}، اختر كلمة مرور لحسابك في لوحة الإدارة.`).waitFor({
        timeout: 45_000,
      });
      await t.getByText(who.email, { exact: true }).waitFor();
      await expectNoSidewaysOverflow(t);
      await shot(t, '03', 'set-password');
      await t.getByLabel('كلمة المرور الجديدة').fill(PASSWORD);
      await t.getByLabel('أعد كتابة كلمة المرور').fill(PASSWORD);
      await t.getByRole('button', { name: 'حفظ كلمة المرور والدخول' }).click();
      // Signed in: their home, with their one course.
      const mine = t.getByRole('link', { name: /دوراتي/ });
      await mine.waitFor({ timeout: 45_000 });
      await expect.poll(() => mine.innerText()).toMatch(/^1\s/);
      await shot(t, '04', 'home');
      // The link is used up.
      const again = await callApi('/staff/invitation/check', {
        body: { token: link.split('#')[1] },
      });
      expect(again.status).toBe(422);

      // A lecture in their course (the price stays the school's).
      await t.goto(
        `/staff/lectures/create?source=${encodeURIComponent(JSON.stringify({ course_id: courseId }))}`,
      );
      await expect
        .poll(() => t.getByRole('combobox', { name: 'الدورة' }).inputValue())
        .toBe(who.course);
      await t.getByRole('textbox', { name: 'الاسم' }).fill(LECTURE);
      await shot(t, '05', 'lecture-create');
      await save(t);
      await t.waitForURL(new RegExp(`/staff/courses/${courseId}$`));
      await t.getByText(LECTURE).first().waitFor();

      // An exam with an essay question.
      const code = `H${tag.toUpperCase()}`;
      await t.goto('/staff/exams/create');
      const exam = `اختبار الاتزان ${tag}`;
      await t.getByRole('textbox', { name: 'الاسم' }).fill(exam);
      await t.getByRole('textbox', { name: 'كود الامتحان' }).fill(code);
      // A teacher's exam is one of their courses'.
      await t.getByRole('combobox', { name: /^الدورة/ }).fill(tag);
      await t.getByRole('option', { name: who.course }).click();
      await save(t);
      await t.waitForURL(/\/staff\/exams\/\d+$/);
      const examId = Number(pathname(t).split('/').pop());
      await addQuestion(t, examId, 'مقالي', 'اشرح مبدأ لوشاتيليه بمثال.');
      await shot(t, '06', 'exam');

      // Under the lecture, where the course's students reach it.
      const lectureId = await withDatabase(async (db) =>
        db
          .selectFrom('lectures')
          .select('id')
          .where('course_id', '=', courseId)
          .executeTakeFirstOrThrow()
          .then((r) => r.id),
      );
      await t.goto(`/staff/lectures/${lectureId}?tab=exams`);
      await t.getByRole('tab', { name: 'الامتحانات', selected: true }).waitFor();
      await t.getByRole('link', { name: 'ربط امتحان' }).click();
      await t.waitForURL(/\/staff\/lecture-exams\/create/);
      await expect
        .poll(() => t.getByRole('combobox', { name: 'المحاضرة' }).inputValue())
        .toBe(LECTURE);
      await t.getByRole('combobox', { name: 'الامتحان', exact: true }).fill(code);
      await t.getByRole('option', { name: `${exam} (${code})` }).click();
      await save(t);
      await t.waitForURL(new RegExp(`/staff/lectures/${lectureId}\\?tab=exams`));
      await t.getByText(exam).waitFor();

      // A student buys the course and answers the essay.
      const student = await students.create();
      await topUpWallet(student, PRICE);
      const login = await callApi('/login', {
        body: { login: student.email, password: student.password },
      });
      const { token } = login.json as { token: string };
      const bought = await callApi(`/courses/${courseId}/purchase`, {
        token,
        body: { pay_by: 'wallet' },
      });
      expect(bought.status, JSON.stringify(bought.json)).toBe(200);
      const [essay] = await answerKey(code);
      await takeExamThroughApi(token, code, (q) => ({
        question_id: q.id,
        answer_text: 'يتجه التفاعل إلى تقليل أثر التغيير، مثل زيادة الضغط.',
      }));
      expect(essay).toBeDefined();

      // The teacher marks it.
      await t.goto(filtered('marking', { q: student.name }));
      const card = t.getByRole('article').filter({ hasText: student.name });
      await card.getByText('اشرح مبدأ لوشاتيليه بمثال.').waitFor();
      await card.getByRole('textbox', { name: /^الدرجة/ }).fill('1');
      await card.getByRole('textbox', { name: 'تعليق للطالب (اختياري)' }).fill('أحسنت');
      await shot(t, '07', 'marking');
      await card.getByRole('button', { name: 'حفظ الدرجة' }).click();
      await card
        .getByRole('status')
        .getByText(/نتيجة الطالب الآن: 1 من 1/)
        .waitFor();

      // Their statement: the student's purchase and their share of it.
      await t.goto(`/staff/teachers/${teacherId}/statement`);
      const body = t.getByRole('main');
      await body.getByText(who.course).first().waitFor();
      await expect.poll(() => body.innerText()).toContain('90.00');
      await expectNoSidewaysOverflow(t);
      await shot(t, '08', 'statement');
    } finally {
      await device.context.close();
    }
  });
});
