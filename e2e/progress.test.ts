import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { callApi } from './support/api';
import { openPage, screenshot } from './support/browser';
import { courseId, lectureId, signIn } from './support/catalog';
import { withDatabase } from './support/database';
import { expectNoSidewaysOverflow, it, VIEWPORT_NAMES } from './support/screens';
import { serverURL } from './support/server';
import { STAFF, staffSignIn } from './support/staff';

/**
 * Progress and attendance (issue 28, ADR 054) against the real server and its demo seed, on a
 * phone and a desktop: a new student plays a video of the free lecture قوانين مندل for a few
 * seconds; the player reports what played, the server writes it with its next batch; the
 * student's progress page names the video, partly watched, among what is left; the admin's
 * report of the course, filtered to that lecture and «لم يشاهد», finds the student, and
 * «بلا أي نشاط» no longer does.
 */

const GENETICS = 'علم الوراثة';
const MENDEL = 'قوانين مندل';
const VIDEO = 'حل التمارين: قوانين مندل';

/** What the server wrote of the student's watching of the video (after a batch). */
function watchedSeconds(studentId: number, videoName: string): Promise<number> {
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('video_progress')
      .innerJoin('videos', 'videos.id', 'video_progress.video_id')
      .select('video_progress.watched_seconds')
      .where('video_progress.user_id', '=', studentId)
      .where('videos.name', '=', videoName)
      .executeTakeFirst();
    return row?.watched_seconds ?? 0;
  });
}

describe.each(VIEWPORT_NAMES)('progress on a %s', (viewport) => {
  it.override({ viewport });
  const shot = (page: Page, name: string) => screenshot(page, `${viewport}-progress-${name}`);

  it('records what a student watched, shows it on their progress page and in the staff report', async ({
    page,
    context,
    browser,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);
    const course = await courseId(GENETICS);
    const lecture = await lectureId(GENETICS, MENDEL);
    expect((await callApi(`/lectures/${lecture}/purchase`, { token })).status).toBe(200);

    // --- the student plays the video for a few seconds, then closes it ---
    await page.goto(`/courses/${course}`);
    await page.getByRole('main').getByRole('button', { name: MENDEL, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: MENDEL, exact: true });
    await dialog.getByRole('button', { name: `تشغيل ${VIDEO}`, exact: true }).click();
    const player = page.getByRole('dialog', { name: VIDEO, exact: true });
    const frameElement = player.getByTitle(`مشغل الفيديو: ${VIDEO}`);
    await frameElement.waitFor();
    const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
    const video = frame.locator('video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(2);
    // Paused, the page reports what played; closing sends nothing more than it played.
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    // Some of it: on a machine busy enough that the page's clock steps by more than 2 s, those
    // steps count as seeks (a CI run saw 1 s written of 2 s played).
    await expect
      .poll(() => watchedSeconds(student.id, VIDEO), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await player.getByRole('button', { name: 'إغلاق الفيديو' }).click();
    await player.waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // --- the student's progress page, from the course page ---
    await page.getByRole('link', { name: 'تقدّمي في الدورة' }).click();
    await page.getByRole('heading', { level: 1, name: 'تقدّمي في الدورة' }).waitFor();
    const left = page.getByRole('region', { name: 'المتبقي عليك' });
    const item = left.getByRole('link').filter({ hasText: VIDEO });
    await item.waitFor();
    expect(await item.innerText()).toMatch(/شاهدت (\d+٪|أقل من 1٪)/);
    await expectNoSidewaysOverflow(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, '01-student');

    // --- the admin's report of the course: who has not watched قوانين مندل ---
    const { context: staffContext, page: staff } = await openPage(browser, serverURL(), viewport);
    try {
      await staffSignIn(staff, STAFF.admin);
      const report = (status: string) =>
        `/staff/courses/${course}/progress?filter=${encodeURIComponent(
          JSON.stringify({ lecture_id: lecture, status, q: student.name }),
        )}`;
      await staff.goto(report('not_watched'));
      await staff
        .getByRole('heading', { name: new RegExp(`^متابعة الطلاب: ${GENETICS}`) })
        .first()
        .waitFor();
      await staff.getByText(student.name).first().waitFor();
      await expectNoSidewaysOverflow(staff);
      await expectNoSeriousA11yViolations(staff);
      await shot(staff, '02-staff-not-watched');

      // Having played a few seconds, the student is no longer one with no activity at all.
      await staff.goto(report('no_activity'));
      await staff.getByText('لا يوجد طلاب يطابقون هذا البحث').waitFor();
      expect(await staff.getByText(student.name).count()).toBe(0);
    } finally {
      await staffContext.close();
    }
  }, 240_000);
});
