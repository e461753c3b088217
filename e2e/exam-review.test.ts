import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from './support/browser';
import { it, signIn } from './support/catalog';
import { answerKey, expectStatus, questionSection } from './support/exams';
import { STAFF, filtered, staffSignIn } from './support/staff';
import { serverURL } from './support/server';

/**
 * An exam session's integrity record and the item analysis (issue 26, ADRs 043 and 044), on a
 * desktop against the real server: a student is told the page is recorded, leaves the exam page
 * and comes back, and submits; the leader finds the session among the flagged ones, reads its
 * timeline, and opens the exam's item analysis. Every screen visited is checked with axe.
 */

const EXAM = { code: 'MATH2026', name: 'امتحان الرياضيات الشهري' };

describe('the integrity record and the item analysis on a desktop', () => {
  it.override({ viewport: 'desktop' });

  it('a student leaves the exam page; the leader sees it in the timeline and the exam’s analysis', async ({
    page,
    browser,
    students,
  }) => {
    const student = await students.create();
    await signIn(page.context(), student);
    const shot = (p: Page, n: string, name: string, options?: { fullPage?: boolean }) =>
      screenshot(p, `desktop-exam-review-${n}-${name}`, options);

    // --- the student: told on the details, then leaves the page once during the exam ---
    await page.goto('/exams');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'كود الامتحان' }).fill(EXAM.code);
    await main.getByRole('button', { name: 'دخول', exact: true }).click();
    const details = main.getByRole('region', { name: EXAM.name, exact: true });
    await details
      .getByText('أثناء الامتحان يُسجَّل خروجك من صفحته وعودتك إليها وفتحه من جهاز آخر', {
        exact: false,
      })
      .waitFor();
    await shot(page, '00', 'details-notice');
    await details.getByRole('button', { name: 'ابدأ الامتحان', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/exams/session');
    const key = await answerKey(EXAM.code);
    const first = questionSection(page, 1);
    await first.getByText(key[0]!.text, { exact: true }).waitFor();

    // Another tab or app: the page is hidden, then shown again.
    const reported = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/exams/session/events') && r.status() === 200,
    );
    await page.evaluate(() => {
      const set = (state: 'hidden' | 'visible') => {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      };
      set('hidden');
      set('visible');
    });
    await reported;
    await first.getByRole('radio', { name: key[0]!.right!.text, exact: true }).check();
    await expectStatus(first, 'تم الحفظ');
    await main.getByRole('button', { name: 'تسليم الإجابات', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'تسليم الإجابات', exact: true });
    await confirm.getByRole('button', { name: 'تسليم', exact: true }).click();
    await page.getByText('تم تسليم ا\uFEF9جابات بنجاح', { exact: true }).waitFor();

    // --- the leader ---
    const staffSide = await openPage(browser, serverURL(), 'desktop');
    const staff = staffSide.page;
    try {
      await staffSignIn(staff, STAFF.leader);
      await staff.goto(filtered('exam-sessions', { flagged: 'true', q: student.name }));
      const open = staff.getByRole('button', { name: `: عرض سجل جلسة ${student.name}` });
      await open.waitFor();
      expect(await open.innerText()).toContain('غادر الصفحة 1');
      await shot(staff, '01', 'flagged-sessions');
      await open.click();
      const timeline = staff.getByRole('dialog', { name: `سجل المراقبة: ${student.name}` });
      await timeline.getByText('غادر صفحة الامتحان', { exact: true }).waitFor();
      await timeline.getByText('عاد إلى صفحة الامتحان', { exact: true }).waitFor();
      await timeline.getByText('فُتحت الجلسة', { exact: false }).waitFor();
      await shot(staff, '02', 'timeline', { fullPage: false });
      await timeline.getByRole('button', { name: 'إغلاق' }).click();

      // The exam's page: its item analysis over the submitted sessions.
      await staff.goto(filtered('exams', { q: EXAM.code }));
      await staff.getByRole('row').filter({ hasText: EXAM.name }).click();
      const analysis = staff.getByRole('region', { name: 'تحليل الأسئلة' });
      await analysis.getByText(/^الجلسات المسلَّمة: /).waitFor();
      await analysis.getByRole('button', { name: 'إعادة تصحيح السؤال 1' }).waitFor();
      await analysis.scrollIntoViewIfNeeded();
      await shot(staff, '03', 'item-analysis');
    } finally {
      await staffSide.context.close();
    }
  });
});
