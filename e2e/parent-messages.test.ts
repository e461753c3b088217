import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { withDatabase } from './support/database';
import { expectNoSidewaysOverflow, it } from './support/screens';

// A message to a student's parent from the staff console (issue 28, ADR 053), against the real
// demo server: the demo has no WhatsApp or SMS provider, so its sandbox records the message,
// which the console lists with its state and /demo/messages shows as the parent would read it.
// axe and CSP are checked on every screenshot.

const ADMIN = 'admin@dars.test';
const PASSWORD = 'dars12345';
const TEXT = 'نذكّركم بمراجعة الفيزياء يوم الخميس الساعة الخامسة';

async function signIn(page: Page) {
  await page.goto('/staff/');
  await page.locator('input[name="username"]').waitFor({ timeout: 45_000 });
  await page.locator('input[name="username"]').fill(ADMIN);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.getByText('أهلاً بك في لوحة إدارة دَرس').waitFor();
}

describe('a message to a parent on a desktop', () => {
  it.override({ viewport: 'desktop' });

  it('an admin sends a student’s parent a message; the sandbox records it and the list says it went', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    await withDatabase((db) =>
      db
        .updateTable('users')
        .set({ parent_phone: '01098765432' })
        .where('id', '=', student.id)
        .execute(),
    );
    await signIn(page);
    await page.getByRole('menuitem', { name: /رسائل أولياء الأمور/ }).click();
    await page.getByRole('link', { name: 'رسالة إلى أولياء الأمور' }).click();
    await page.getByRole('heading', { name: 'رسالة إلى أولياء الأمور', level: 2 }).waitFor();
    await page.getByRole('combobox', { name: /الطالب/ }).fill(student.phone);
    await page.getByRole('option', { name: new RegExp(student.name) }).click();
    await page.getByRole('radio', { name: 'واتساب' }).check();
    await page.getByLabel(/نص الرسالة/).fill(TEXT);
    await expectNoSidewaysOverflow(page);
    await screenshot(page, 'parent-messages-desktop-01-form');
    await page.getByRole('button', { name: 'إرسال', exact: true }).click();
    await page
      .getByText('رسائل في طريقها: 1 — أرقام أوقفت الرسائل: 0 — طلاب بلا رقم ولي أمر: 0')
      .waitFor();

    // The worker sends it within a poll or two: the list shows it went.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText(`دَرس: ${TEXT}`).first().waitFor();
          return page.getByText('أُرسلت').count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'parent-messages-desktop-02-list');

    await page.goto('/demo/messages');
    await page.getByRole('heading', { name: /رسائل النسخة التجريبية/ }).waitFor();
    const first = page.locator('article').first();
    await expect.poll(() => first.innerText()).toContain(TEXT);
    expect(await first.innerText()).toContain('01098765432');
    await screenshot(page, 'parent-messages-desktop-03-sandbox');
  });
});
