import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API_BASE, type Course } from '@dars/contract';
import { openPage, screenshot, waitForAppStart } from './support/browser';
import { it, signIn as studentSignIn, topUpWallet } from './support/catalog';
import { getApi, serverUser } from './support/api';
import { expectStatus, questionSection } from './support/exams';
import { expectNoSidewaysOverflow, pathname } from './support/screens';
import { serverURL } from './support/server';
import { addQuestion } from './support/staff';

/**
 * Issue 12's journey through the staff console and back out to a student (ADR 028), against
 * the real server: on a desktop, the demo admin signs in at /staff, makes a published course
 * with a priced lecture, uploads a video (resumable upload) and a PDF to the lecture, builds an
 * exam with a question of each type, attaches it to the lecture as must-pass; a new student
 * with money in the wallet finds the course by search, joins it, buys the lecture, takes the
 * exam (the essay marked by staff, so it is corrected and passed), which opens the videos, and
 * plays the video. Then the admin turns maintenance on and a student meets the maintenance
 * screen. A phone checks the console stays usable on one screen. Every screen is checked
 * by axe when its screenshot is taken (support/browser.ts).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = 'admin@dars.test';
const PASSWORD = 'dars12345';
const SAMPLE_VIDEO = path.join(ROOT, 'apps/server/assets/sample-lecture.mp4');

const STAFF = {
  save: 'حفظ',
  addLecture: 'إضافة محاضرة',
  addVideo: 'إضافة فيديو',
  videoFile: 'ملف الفيديو (MP4 حتى 2 جيجابايت)',
  hasFile: 'ملف الفيديو مرفوع',
  addAttachment: 'إضافة مرفق',
  attachmentFile: 'الملف (PDF أو صورة أو مستند وورد أو إكسل أو باوربوينت، حتى 50 ميجابايت)',
  attachExam: 'ربط امتحان',
  mustPass: 'يجب النجاح فيه',
  addQuestion: 'إضافة سؤال',
  questionText: 'نص السؤال',
  appIsDown: 'وضع الصيانة (إيقاف التطبيق للطلاب)',
} as const;

const STUDENT = {
  search: 'ابحث عن دورة',
  joinNow: 'انضم الآن',
  joinTitle: 'الانضمام إلى الدورة',
  joinConfirm: 'تأكيد الانضمام',
  lectures: 'قائمة المحاضرات',
  lecturePurchase: 'الحصول على المحاضرة',
  method: 'طريقة الدفع',
  wallet: 'المحفظة',
  confirm: 'تأكيد الشراء',
  tabs: 'محتوى المحاضرة',
  videosDisabled: 'الفيديوهات مغلقة حتى تؤدي الامتحانات المطلوبة',
  goToExams: 'الذهاب إلى الامتحانات',
  mustPass: 'يجب اجتياز الامتحان',
  openExam: 'فتح الامتحان',
  start: 'ابدأ الامتحان',
  next: 'السؤال التالي',
  essay: 'إجابتك',
  saved: 'تم الحفظ',
  submit: 'تسليم الإجابات',
  submitConfirm: 'تسليم',
  submitted: 'تم تسليم ا\uFEF9جابات بنجاح',
  viewResult: 'عرض النتيجة',
  notCorrected: 'لم يتم التصحيح',
  backToCourse: 'العودة إلى الدورة',
  closeVideo: 'إغلاق الفيديو',
  maintenance: 'المنصة تحت الصيانة الآن',
} as const;

/** A staff call with the token the console stored, as the console makes it. */
async function staffApi<T = unknown>(
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const res = await fetch(new URL(`${API_BASE}/staff${route}`, serverURL()), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { data: T };
  return { status: res.status, data: json.data };
}

async function staffSignIn(page: Page): Promise<string> {
  await page.goto('/staff/');
  // The console's first load (one large script) is slow on a busy machine.
  await page.locator('input[name="username"]').waitFor({ timeout: 45_000 });
  await page.locator('input[name="username"]').fill(ADMIN);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  const token = () => page.evaluate(() => window.localStorage.getItem('dars-staff-token') ?? '');
  await expect.poll(token).not.toBe('');
  await page.getByRole('main').waitFor();
  return token();
}

async function save(page: Page) {
  await page.getByRole('button', { name: STAFF.save, exact: true }).click();
}

/** A small real PDF (file-type reads its %PDF header). */
function writePdf(): { file: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-e2e-pdf-'));
  const file = path.join(dir, 'ملخص-المحاضرة.pdf');
  const body = [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n');
  fs.writeFileSync(file, body);
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Waits for a new lecture item's form to hold its lecture (from the address) before typing:
 * react-admin resets the form once the lecture's name has loaded.
 */
async function formReadyFor(page: Page, lecture: string) {
  await expect
    .poll(() => page.getByRole('combobox', { name: 'المحاضرة' }).inputValue())
    .toBe(lecture);
}

/** The lecture's page in the console, on one tab of its contents. */
async function openLectureTab(page: Page, lectureId: number, tab: string) {
  await page.goto(`/staff/lectures/${lectureId}?tab=${tab}`);
  await page.getByRole('tab', { name: tabName(tab), selected: true }).waitFor();
}

function tabName(tab: string): string {
  return { videos: 'الفيديوهات', exams: 'الامتحانات', attachments: 'المرفقات' }[tab] ?? tab;
}

/** Adds a question from the exam's page and comes back to it. */
/** The lecture dialog of the course page, opened from its list. */
async function openStudentLecture(page: Page, name: string): Promise<Locator> {
  await page
    .getByRole('main')
    .getByRole('list', { name: STUDENT.lectures })
    .getByRole('button', { name, exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name, exact: true });
  await dialog.getByRole('tablist', { name: STUDENT.tabs }).waitFor();
  return dialog;
}

describe('the staff journey on a desktop', () => {
  it.override({ viewport: 'desktop' });

  it('an admin puts in a course, a lecture with a video, a PDF and a must-pass exam; a student finds it, buys the lecture, takes the exam and watches the video', async ({
    page,
    browser,
    students,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const course = `دورة الرحلة ${tag}`;
    const lecture = 'محاضرة الرحلة الأولى';
    const video = 'شرح المحاضرة بالفيديو';
    const attachment = 'ملخص المحاضرة';
    const exam = `امتحان الرحلة ${tag}`;
    const code = `J${tag.toUpperCase()}`;
    const shot = (p: Page, n: string, name: string, options?: { fullPage?: boolean }) =>
      screenshot(p, `staff-journey-${n}-${name}`, options);

    // --- the admin, in the console ---
    const token = await staffSignIn(page);
    await shot(page, '01', 'signed-in');

    await page.goto('/staff/courses/create');
    await page.getByRole('textbox', { name: 'الاسم' }).fill(course);
    await page.getByRole('textbox', { name: 'الوصف' }).fill('دورة أنشأها المدير في رحلة الاختبار');
    await page.getByLabel('منشورة').check();
    await shot(page, '02', 'course-create');
    await save(page);
    await page.waitForURL(/\/staff\/courses\/\d+$/);
    const courseId = Number(pathname(page).split('/').pop());

    await page.getByRole('link', { name: STAFF.addLecture }).click();
    await page.waitForURL(/\/staff\/lectures\/create/);
    await expect
      .poll(() => page.getByRole('combobox', { name: 'الدورة' }).inputValue())
      .toBe(course);
    await page.getByRole('textbox', { name: 'الاسم' }).fill(lecture);
    await page.getByRole('spinbutton', { name: 'السعر (جنيه)' }).fill('25');
    await shot(page, '03', 'lecture-create');
    await save(page);
    await page.waitForURL(new RegExp(`/staff/courses/${courseId}$`));
    const lectures = await staffApi<{ id: number; name: string; price: number }[]>(
      token,
      'GET',
      `/lectures?course_id=${courseId}`,
    );
    expect(lectures.data.map((l) => [l.name, l.price])).toEqual([[lecture, 25]]);
    const lectureId = lectures.data[0]!.id;

    // A video: its fields, then its file by resumable upload once it exists.
    await openLectureTab(page, lectureId, 'videos');
    await page.getByRole('link', { name: STAFF.addVideo }).click();
    await page.waitForURL(/\/staff\/videos\/create/);
    await formReadyFor(page, lecture);
    await page.getByRole('textbox', { name: 'الاسم' }).fill(video);
    await page.getByLabel(STAFF.videoFile).setInputFiles(SAMPLE_VIDEO);
    await shot(page, '04', 'video-create');
    await save(page);
    await page.waitForURL(new RegExp(`/staff/lectures/${lectureId}\\?tab=videos`), {
      timeout: 60_000,
    });
    await page.getByText(STAFF.hasFile).first().waitFor();
    await shot(page, '05', 'lecture-videos');

    // A PDF attachment.
    const pdf = writePdf();
    try {
      await openLectureTab(page, lectureId, 'attachments');
      await page.getByRole('link', { name: STAFF.addAttachment }).click();
      await page.waitForURL(/\/staff\/attachments\/create/);
      await formReadyFor(page, lecture);
      await page.getByRole('textbox', { name: 'الاسم' }).fill(attachment);
      await page.getByLabel(STAFF.attachmentFile).setInputFiles(pdf.file);
      await shot(page, '06', 'attachment-create');
      await save(page);
      await page.waitForURL(new RegExp(`/staff/lectures/${lectureId}\\?tab=attachments`));
      await page.getByText(attachment).waitFor();
      await page.getByText('PDF', { exact: true }).waitFor();
      await shot(page, '07', 'lecture-attachments');
    } finally {
      pdf.remove();
    }

    // An exam with one question of each type.
    await page.goto('/staff/exams/create');
    await page.getByRole('textbox', { name: 'الاسم' }).fill(exam);
    await page.getByRole('textbox', { name: 'كود الامتحان' }).fill(code);
    await shot(page, '08', 'exam-create');
    await save(page);
    await page.waitForURL(/\/staff\/exams\/\d+$/);
    const examId = Number(pathname(page).split('/').pop());
    await addQuestion(page, examId, 'اختيار من متعدد', 'كم عدد قوانين نيوتن للحركة؟', async () => {
      await page.getByRole('textbox', { name: 'الإجابة 1', exact: true }).fill('ثلاثة');
      await page.getByRole('textbox', { name: 'الإجابة 2', exact: true }).fill('خمسة');
      await shot(page, '09', 'question-choices');
    });
    await addQuestion(page, examId, 'صواب وخطأ', 'القوة تساوي الكتلة في العجلة.', async () => {
      await page.getByRole('radio', { name: 'صواب', exact: true }).check();
    });
    await addQuestion(page, examId, 'مقالي', 'اشرح القانون الأول لنيوتن بمثال.');
    await shot(page, '10', 'exam-questions');
    const questions = await staffApi<{ type: string; mark: number }[]>(
      token,
      'GET',
      `/questions?exam_id=${examId}&sort=position&order=asc`,
    );
    expect(questions.data.map((q) => q.type)).toEqual(['choices', 'truefalse', 'essay']);

    // Attached to the lecture as must-pass.
    await openLectureTab(page, lectureId, 'exams');
    await page.getByRole('link', { name: STAFF.attachExam }).click();
    await page.waitForURL(/\/staff\/lecture-exams\/create/);
    await formReadyFor(page, lecture);
    await page.getByRole('combobox', { name: 'الامتحان', exact: true }).fill(code);
    await page.getByRole('option', { name: `${exam} (${code})` }).click();
    await page.getByLabel(STAFF.mustPass).check();
    await shot(page, '11', 'lecture-exam-create');
    await save(page);
    await page.waitForURL(new RegExp(`/staff/lectures/${lectureId}\\?tab=exams`));
    await page.getByText(exam).waitFor();
    await shot(page, '12', 'lecture-exams');
    const links = await staffApi<{ exam_id: number; must_pass: boolean }[]>(
      token,
      'GET',
      `/lecture-exams?lecture_id=${lectureId}`,
    );
    expect(links.data.map((l) => [l.exam_id, l.must_pass])).toEqual([[examId, true]]);

    // --- a student, on another device ---
    const student = await students.create();
    await topUpWallet(student, 100);
    const device = await openPage(browser, serverURL(), 'desktop');
    try {
      const s = device.page;
      const studentToken = await studentSignIn(device.context, student);
      s.on('dialog', (d) => void d.accept());
      await s.goto('/courses');
      // A signed-in student's page is covered by the splash until the app has started.
      await waitForAppStart(s);
      await s.getByRole('main').getByRole('textbox', { name: STUDENT.search }).fill(tag);
      // Once the search has applied: a click on the list it replaces can land on nothing.
      await s.waitForURL((url) => url.searchParams.get('query') === tag);
      await expect.poll(() => s.getByRole('main').getByTestId('course-card').count()).toBe(1);
      await s.getByRole('main').getByRole('heading', { name: course }).click();
      await s.waitForURL((url) => url.pathname === `/courses/${courseId}`);
      await s.getByRole('main').getByRole('heading', { level: 1, name: course }).waitFor();
      await shot(s, '13', 'student-course');

      await s.getByRole('main').getByRole('button', { name: STUDENT.joinNow, exact: true }).click();
      const join = s.getByRole('dialog', { name: STUDENT.joinTitle });
      await join.getByRole('button', { name: STUDENT.joinConfirm }).click();
      await join.waitFor({ state: 'hidden' });

      await s
        .getByRole('main')
        .getByRole('list', { name: STUDENT.lectures })
        .getByRole('button', { name: lecture, exact: true })
        .click();
      const purchase = s.getByRole('dialog', { name: STUDENT.lecturePurchase });
      await purchase.getByText(lecture).waitFor();
      await purchase
        .getByRole('radiogroup', { name: STUDENT.method })
        .getByRole('radio', { name: STUDENT.wallet, exact: true })
        .check();
      await shot(s, '14', 'student-buys-lecture', { fullPage: false });
      await purchase.getByRole('button', { name: STUDENT.confirm }).click();
      let dialog = s.getByRole('dialog', { name: lecture, exact: true });
      await dialog.getByRole('tablist', { name: STUDENT.tabs }).waitFor();
      expect((await serverUser(studentToken)).balance).toBe(75);
      // The must-pass exam keeps the video closed until it is passed.
      await dialog.getByText(STUDENT.videosDisabled).waitFor();
      await dialog.getByRole('tab', { name: 'المرفقات' }).click();
      await dialog.getByText(attachment).waitFor();
      await shot(s, '15', 'student-lecture-attachments', { fullPage: false });

      await dialog.getByRole('tab', { name: 'الفيديوهات' }).click();
      await dialog.getByRole('button', { name: STUDENT.goToExams }).click();
      const item = dialog
        .getByRole('listitem')
        .filter({ has: s.getByText(STUDENT.mustPass, { exact: true }) });
      await shot(s, '16', 'student-must-pass', { fullPage: false });
      await item.getByRole('link', { name: STUDENT.openExam }).click();
      await s.waitForURL((url) => url.pathname === '/exams');
      const details = s.getByRole('main').getByRole('region', { name: exam });
      await details.waitFor();
      await shot(s, '17', 'student-exam-details');
      await details.getByRole('button', { name: STUDENT.start, exact: true }).click();
      await s.waitForURL((url) => url.pathname === '/exams/session');

      // Questions in the order the admin put them; each answer saved.
      const section = (n: number) => questionSection(s, n);
      await section(1).getByRole('radio', { name: 'ثلاثة', exact: true }).check();
      await expectStatus(section(1), STUDENT.saved);
      await shot(s, '18', 'student-question-choices');
      await s.getByRole('main').getByRole('button', { name: STUDENT.next, exact: true }).click();
      await section(2).getByRole('radio', { name: 'صواب', exact: true }).check();
      await expectStatus(section(2), STUDENT.saved);
      await s.getByRole('main').getByRole('button', { name: STUDENT.next, exact: true }).click();
      await section(3)
        .getByRole('textbox', { name: STUDENT.essay })
        .fill('الجسم الساكن يبقى ساكناً ما لم تؤثر عليه قوة، مثل الكتاب على المنضدة.');
      await expectStatus(section(3), STUDENT.saved);
      await shot(s, '19', 'student-question-essay');
      await s.getByRole('main').getByRole('button', { name: STUDENT.submit, exact: true }).click();
      const confirm = s.getByRole('dialog', { name: STUDENT.submit, exact: true });
      await confirm.getByRole('button', { name: STUDENT.submitConfirm, exact: true }).click();
      await s.getByText(STUDENT.submitted, { exact: true }).waitFor();
      await s.getByRole('main').getByRole('button', { name: STUDENT.viewResult }).click();
      await s.getByRole('main').getByText(STUDENT.notCorrected).first().waitFor();
      await shot(s, '20', 'student-result-waiting');

      // Staff mark the essay (issue 13's marking), so the exam is corrected: 3 of 3, passed.
      const queue = await staffApi<{ id: number }[]>(token, 'GET', `/marking?exam_id=${examId}`);
      expect(queue.data).toHaveLength(1);
      const marked = await staffApi(token, 'POST', `/marking/${queue.data[0]!.id}`, { mark: 1 });
      expect(marked.status).toBe(200);
      // Marked, the session is corrected and passed (2 + 1 of 3): the student's course
      // page now opens the lecture's videos.
      await expect
        .poll(async () => {
          const { json } = await getApi(`/courses/${courseId}`, { token: studentToken });
          const found = (json as { data: Course }).data.lectures.find((l) => l.name === lecture);
          return found?.enable_videos;
        })
        .toBe(true);

      // Passed, the lecture's video opens and plays.
      await s.goto(`/courses/${courseId}`);
      dialog = await openStudentLecture(s, lecture);
      const play = dialog.getByRole('button', { name: `تشغيل ${video}`, exact: true });
      await expect.poll(() => play.isDisabled()).toBe(false);
      expect(await dialog.getByText(STUDENT.videosDisabled).count()).toBe(0);
      await play.click();
      const player = s.getByRole('dialog', { name: video, exact: true });
      const frame = player.getByTitle(`مشغل الفيديو: ${video}`).contentFrame();
      const element = frame.locator('video');
      await element.waitFor();
      await element.evaluate((v: HTMLVideoElement) => v.play());
      await expect
        .poll(() => element.evaluate((v: HTMLVideoElement) => v.currentTime))
        .toBeGreaterThan(0);
      await shot(s, '22', 'student-video-playing', { fullPage: false });
      await player.getByRole('button', { name: STUDENT.closeVideo }).click();
    } finally {
      await device.context.close();
    }
  }, 600_000);

  it('an admin turns maintenance on in the settings, a student meets the maintenance screen', async ({
    page,
    browser,
  }) => {
    const token = await staffSignIn(page);
    try {
      await page.goto('/staff/settings');
      const appIsDown = page.getByLabel(STAFF.appIsDown);
      await appIsDown.waitFor();
      expect(await appIsDown.isChecked()).toBe(false);
      await appIsDown.check();
      await screenshot(page, 'staff-journey-23-maintenance-on');
      await save(page);
      await page.getByText('تم الحفظ').waitFor();

      const student = await openPage(browser, serverURL(), 'desktop');
      try {
        await student.page.goto('/');
        await student.page.getByText(STUDENT.maintenance).waitFor();
        await screenshot(student.page, 'staff-journey-24-student-maintenance');
      } finally {
        await student.context.close();
      }

      // Off again through the same form.
      await page.reload();
      await appIsDown.waitFor();
      expect(await appIsDown.isChecked()).toBe(true);
      await appIsDown.uncheck();
      await save(page);
      await page.getByText('تم الحفظ').waitFor();
    } finally {
      const settings = await staffApi<{ appIsDown: boolean }>(token, 'GET', '/settings');
      if (settings.data.appIsDown)
        await staffApi(token, 'PATCH', '/settings', { appIsDown: false });
    }
    const after = await staffApi<{ appIsDown: boolean }>(token, 'GET', '/settings');
    expect(after.data.appIsDown).toBe(false);
  });
});

describe('the staff console on a phone', () => {
  it.override({ viewport: 'phone' });

  it('stays usable on one screen: menu, lists, a lecture with its contents, the audit log, pay cards', async ({
    page,
  }) => {
    const token = await staffSignIn(page);
    // A batch of pay cards to list (the demo's cards were seeded one by one, in no batch).
    const issued = await staffApi(token, 'POST', '/paycard-batches', { value: 20, count: 2 });
    expect(issued.status).toBe(200);
    // The menu is behind the bar's button, and lists the admin's screens.
    await page.getByRole('button', { name: 'فتح القائمة' }).click();
    await page.getByRole('menuitem', { name: 'حسابات فريق العمل' }).waitFor();
    await screenshot(page, 'staff-journey-phone-24-menu', { fullPage: false });
    await page.keyboard.press('Escape');
    for (const [n, route, ready] of [
      ['25', '/staff/courses', 'فيزياء'],
      ['26', '/staff/exams', 'listitem'],
      ['27', '/staff/accounts', 'leader@dars.test'],
      ['28', '/staff/audit-log', 'card'],
      ['30', '/staff/paycard-batches', 'listitem'],
    ] as const) {
      await page.goto(route);
      // The list's rows, not only its frame: the overflow check and the screenshot need them.
      // On a phone the lists are one line per record; the audit log, one card per entry; the
      // pay-card batches, one card per batch with its button.
      const main = page.getByRole('main');
      const row =
        ready === 'listitem'
          ? main.getByRole('listitem')
          : ready === 'card'
            ? main.locator('.MuiAccordion-root')
            : main.getByText(ready, { exact: false });
      await row.first().waitFor();
      await expectNoSidewaysOverflow(page);
      // The page's title in the bar is whole, not cut with an ellipsis.
      const title = page.locator('#react-admin-title');
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth), route).toBe(true);
      await screenshot(page, `staff-journey-phone-${n}-${route.split('/').pop()}`);
    }
    const lectures = await staffApi<{ id: number }[]>(token, 'GET', '/lectures?per_page=1');
    await page.goto(`/staff/lectures/${lectures.data[0]!.id}?tab=videos`);
    await page.getByRole('tab', { name: 'الفيديوهات', selected: true }).waitFor();
    await expectNoSidewaysOverflow(page);
    await screenshot(page, 'staff-journey-phone-29-lecture');
  });
});
