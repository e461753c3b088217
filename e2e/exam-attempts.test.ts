import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { it, signIn } from './support/catalog';
import { withDatabase } from './support/database';
import { questionSection, serverSession, sessionTokenOf } from './support/exams';
import { expectNoSidewaysOverflow, VIEWPORT_NAMES } from './support/screens';

/**
 * Two attempts at an exam (issue 26, ADR 047), against the real server and the demo's DRAW2026
 * (two attempts, the better counting): a fresh student reads how many attempts the exam allows,
 * sits the first and leaves it blank, goes from the submitted screen to the exam's page and
 * starts the second, answers its first question right and submits; the results list names both
 * attempts and marks the second as the one that counts; the exam's page then says every attempt
 * is used. Every screen visited is checked with axe (the screenshots do).
 */

const EXAM = { code: 'DRAW2026', name: 'امتحان الكهربية التيارية (أسئلة مسحوبة من البنك)' };

/** The text of the right option of a question, where the teacher put it. */
function rightOption(questionId: number): Promise<string> {
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('answer_options')
      .select('text')
      .where('question_id', '=', questionId)
      .where('correct', '=', 1)
      .executeTakeFirstOrThrow(() => new Error(`no right option for question ${questionId}`));
    return row.text;
  });
}

/** Submits the running exam through its confirm dialog and waits for the submitted screen. */
async function submit(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: 'تسليم الإجابات', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'تسليم الإجابات', exact: true });
  await confirm.getByRole('button', { name: 'تسليم', exact: true }).click();
  await page.getByText('تم تسليم ا\uFEF9جابات بنجاح', { exact: true }).waitFor();
}

describe.each(VIEWPORT_NAMES)('on a %s', (viewport) => {
  it.override({ viewport });

  const shot = (page: Page, number: string, name: string) =>
    screenshot(page, `${viewport}-attempts-${number}-${name}`);

  it('sits an exam twice, the better attempt marked as counting, then all attempts used', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);
    const main = page.getByRole('main');
    const details = main.getByRole('region', { name: EXAM.name, exact: true });

    // --- before the first attempt: how many, and which counts ---
    await page.goto(`/exams?exam_code=${EXAM.code}`);
    await details.getByText('لك في هذا الامتحان محاولتان', { exact: true }).waitFor();
    await details.getByText('تُحتسب أعلى درجة', { exact: true }).waitFor();
    await expectNoSidewaysOverflow(page);
    await shot(page, '01', 'details-before');

    // --- attempt 1, left blank ---
    await details.getByRole('button', { name: 'ابدأ الامتحان', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/exams/session');
    const first = sessionTokenOf(page);
    await questionSection(page, 1).waitFor();
    await submit(page);
    // The submitted screen leads to the exam's page for the second attempt.
    const toNext = main.getByRole('link', { name: 'إلى المحاولة 2', exact: true });
    await toNext.waitFor();
    await shot(page, '02', 'submitted-first');
    await toNext.click();

    // --- the exam's page: attempt 1 of 2, the second to start, the first's result a link away ---
    await page.waitForURL((url) => url.pathname === '/exams');
    await details.getByText('المحاولة 1 من 2', { exact: true }).waitFor();
    const previous = details.getByRole('link', { name: 'نتائج محاولاتك', exact: true });
    await previous.waitFor();
    expect(await previous.getAttribute('href')).toBe('/my-exams/exams');
    await expectNoSidewaysOverflow(page);
    await shot(page, '03', 'details-next-attempt');
    await details.getByRole('button', { name: 'ابدأ المحاولة 2', exact: true }).click();

    // --- attempt 2: its own session; the first question answered right ---
    await page.waitForURL((url) => url.pathname === '/exams/session');
    const second = sessionTokenOf(page);
    expect(second).not.toBe(first);
    // Started by this click: no welcome back.
    expect(await page.getByRole('dialog').count()).toBe(0);
    const session = await serverSession(token, second);
    const question = session.questions[0]!;
    const section = questionSection(page, 1);
    await section.getByText(question.text, { exact: true }).waitFor();
    await section.getByRole('radio', { name: await rightOption(question.id), exact: true }).check();
    await section.getByRole('status').filter({ hasText: 'تم الحفظ' }).waitFor();
    await submit(page);
    // No third attempt to offer.
    await main.getByRole('button', { name: 'عرض النتيجة', exact: true }).waitFor();
    expect(await main.getByRole('link', { name: /المحاولة/ }).count()).toBe(0);

    // --- the results list: both attempts, the second (the better) counting ---
    await page.goto('/my-exams/exams');
    const rows = main.getByRole('listitem').filter({ hasText: EXAM.name });
    await rows.nth(1).waitFor();
    expect(await rows.count()).toBe(2);
    const [latest, earlier] = [rows.nth(0), rows.nth(1)];
    await latest.getByText('المحاولة 2', { exact: true }).waitFor();
    await latest.getByText('المحتسبة', { exact: true }).waitFor();
    await earlier.getByText('المحاولة 1', { exact: true }).waitFor();
    expect(await earlier.getByText('المحتسبة', { exact: true }).count()).toBe(0);
    await expectNoSidewaysOverflow(page);
    await shot(page, '04', 'results-list');

    // --- an attempt's row opens that attempt's own result ---
    await earlier.getByRole('link', { name: 'التفاصيل', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/exams/session');
    await main.getByRole('button', { name: 'عرض النتيجة', exact: true }).waitFor();
    await shot(page, '04b', 'earlier-attempt');

    // --- the exam's page: every attempt used ---
    await page.goto(`/exams?exam_code=${EXAM.code}`);
    await details.getByText('المحاولة 2 من 2', { exact: true }).waitFor();
    await details.getByText('استخدمت كل المحاولات المتاحة', { exact: true }).waitFor();
    await details.getByRole('button', { name: 'عرض النتيجة', exact: true }).waitFor();
    expect(await details.getByRole('button').count()).toBe(1);
    await shot(page, '05', 'details-all-used');
  });
});
