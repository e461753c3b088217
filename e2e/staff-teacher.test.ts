import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, type ViewportName } from './support/browser';
import { withDatabase } from './support/database';
import { expectNoSidewaysOverflow, it } from './support/screens';
import { staffSignIn } from './support/staff';

/**
 * A teacher's own login (issue 27, ADR 048) in the console against the real server, on a
 * desktop and a phone: the demo teacher (أ. محمد عبد الحميد) signs in to a home with his three
 * courses and the essays waiting for him, a menu of his screens only, a course list of exactly
 * his three physics courses, his course's form with the price and the teachers shown as the
 * school's, another teacher's course by its address answered as one that does not exist, and
 * his monthly statement from his home, holding the demo students' purchases of this month.
 * Every screenshot is checked with axe (serious and critical) and CSP.
 */

const TEACHER = 'teacher@dars.test';
const HIS_COURSES = [
  'الفيزياء الحديثة — الصف الثالث الثانوي',
  'الفيزياء للصف الأول الثانوي',
  'مراجعة ليلة الامتحان — فيزياء',
];

/** A course of his, and one of another teacher's, by their teachers in the database. */
async function courses(): Promise<{ his: number; other: number }> {
  return withDatabase(async (db) => {
    const teacher = await db
      .selectFrom('teacher_logins')
      .innerJoin('users', 'users.id', 'teacher_logins.user_id')
      .select('teacher_logins.teacher_id')
      .where('users.email', '=', TEACHER)
      .executeTakeFirstOrThrow();
    const his = await db
      .selectFrom('course_teachers')
      .select('course_id')
      .where('teacher_id', '=', teacher.teacher_id)
      .orderBy('course_id')
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('course_teachers')
      .select('course_id')
      .where('teacher_id', '!=', teacher.teacher_id)
      .orderBy('course_id')
      .executeTakeFirstOrThrow();
    return { his: his.course_id, other: other.course_id };
  });
}

describe.each<ViewportName>(['desktop', 'phone'])('a teacher’s console on a %s', (viewport) => {
  it.override({ viewport });

  it('opens his courses, exams and marking only, and answers another teacher’s course as missing', async ({
    page,
  }) => {
    const shot = (p: Page, n: string, name: string) =>
      screenshot(p, `${viewport}-staff-teacher-${n}-${name}`);
    const { his, other } = await courses();

    await staffSignIn(page, TEACHER);
    const mine = page.getByRole('link', { name: /دوراتي/ });
    await expect.poll(() => mine.innerText()).toMatch(/^3\s/);
    await page.getByRole('link', { name: /إجابات تنتظر التصحيح/ }).waitFor();
    // His courses' figures under them (their own chunk), without the school's money.
    await page.getByText('طلاب جدد في دوراتي').waitFor({ timeout: 60_000 });
    expect(await page.getByRole('heading', { name: 'الإيرادات', exact: true }).count()).toBe(0);
    await expectNoSidewaysOverflow(page);
    await shot(page, '01', 'home');

    // His menu: his screens, none of the school's.
    if (viewport === 'phone')
      await page
        .getByRole('button', { name: /القائمة/ })
        .first()
        .click();
    const menu = (name: string) => page.getByRole('menuitem', { name, exact: true });
    await menu('الدورات').waitFor();
    await menu('طلابي').waitFor();
    await menu('طلبات الدعم').waitFor();
    for (const closed of ['الإعدادات', 'الطلاب', 'بطاقات الدفع', 'سجل التغييرات'])
      expect(await menu(closed).count(), closed).toBe(0);
    await shot(page, '02', 'menu');
    if (viewport === 'phone') await page.keyboard.press('Escape');

    await page.goto('/staff/courses');
    for (const name of HIS_COURSES) await page.getByText(name, { exact: true }).first().waitFor();
    await expect.poll(() => page.getByText(/^الفيزياء|^مراجعة ليلة/).count()).toBe(3);
    await expect.poll(() => page.getByText('الكيمياء العضوية من الصفر').count()).toBe(0);
    await expectNoSidewaysOverflow(page);
    await shot(page, '03', 'courses');

    await page.goto(`/staff/courses/${his}`);
    const price = page.getByRole('spinbutton', { name: /السعر/ });
    await price.waitFor();
    expect(await price.isDisabled()).toBe(true);
    await page.getByText('مدرسو الكورس تحددهم إدارة المنصة').waitFor();
    await expectNoSidewaysOverflow(page);
    await shot(page, '04', 'course');

    // Another teacher's course, by its address: as if it did not exist.
    await page.goto(`/staff/courses/${other}`);
    await page.getByText('العنصر غير موجود').first().waitFor();
    await shot(page, '05', 'other-course');

    // His statement, from his home: this month the demo students bought «مراجعة ليلة الامتحان»
    // (99) by wallet and for cash (demo-sales.ts), 59.40 of each his at 60 %.
    await page.goto('/staff/');
    await page
      .getByRole('link', { name: /118\.80 جنيه.*نصيبي هذا الشهر|نصيبي هذا الشهر.*118\.80 جنيه/ })
      .click();
    await page.getByRole('heading', { name: 'كشف حساب المدرس: أ. محمد عبد الحميد' }).waitFor();
    await page.getByText('2 عملية بيع بقيمة 198.00 جنيه، نصيب المدرس منها 118.80 جنيه').waitFor();
    expect(await page.getByText('لا مبيعات في هذا الشهر').count()).toBe(0);
    await expectNoSidewaysOverflow(page);
    await shot(page, '06', 'statement');

    // His students (ADR 048): the demo students of his courses, with no money on the page.
    await page.goto('/staff/');
    if (viewport === 'phone')
      await page
        .getByRole('button', { name: /القائمة/ })
        .first()
        .click();
    await menu('طلابي').click();
    await page.getByRole('heading', { level: 1, name: 'طلاب المدرس' }).waitFor();
    // On a phone a row's name shares its line's element with the average («—»).
    for (const name of ['مريم علي', 'أحمد محمود']) await page.getByText(name).first().waitFor();
    expect(await page.getByText(/جنيه/).count()).toBe(0);
    await expectNoSidewaysOverflow(page);
    await shot(page, '07', 'students');
  });
});
