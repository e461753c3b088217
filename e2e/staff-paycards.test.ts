import fs from 'node:fs';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { signIn as studentSignIn } from './support/catalog';
import { expectNoSidewaysOverflow, it } from './support/screens';
import { expectBalance, openRecharge, openWallet } from './support/wallet';

// Pay cards in the staff console (issue 13, ADR 030) against the real server: the demo's admin
// issues a batch of five, downloads its CSV (read back from the download), a student redeems
// one of its codes in the student app's wallet, and a second redeem of the same code is
// refused. axe and CSP are checked on every screenshot.
const ADMIN = 'admin@dars.test';
const PASSWORD = 'dars12345';
const CODE = /^[2-9A-HJ-NP-Z]{4}( [2-9A-HJ-NP-Z]{4}){3}$/;

async function signIn(page: Page, email: string) {
  await page.goto('/staff/');
  // The console's first load (one large script) is slow on a busy machine.
  await page.locator('input[name="username"]').waitFor({ timeout: 45_000 });
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.getByText('أهلاً بك في لوحة إدارة دَرس').waitFor();
}

/** Types a pay-card code in the wallet's recharge dialog and sends it. */
async function redeem(page: Page, code: string) {
  const dialog = await openRecharge(page);
  await dialog.getByRole('radio', { name: 'كارت شحن' }).check();
  await dialog.getByRole('button', { name: 'التالي' }).click();
  await dialog.getByRole('textbox', { name: /كود الكارت/ }).fill(code);
  await dialog.getByRole('button', { name: 'شحن الرصيد' }).click();
  return dialog;
}

describe('pay cards in the staff console on a desktop', () => {
  it.override({ viewport: 'desktop' });

  it('an admin issues 5 cards and exports the CSV; a student redeems one once', async ({
    page,
    context,
    students,
  }) => {
    await signIn(page, ADMIN);
    // The dashboard's figures and charts (their own chunk) for the last 30 days.
    await page.getByText('طلبات شحن تنتظر المراجعة').waitFor({ timeout: 30_000 });
    await screenshot(page, 'staff-paycards-desktop-01-dashboard');

    await page.goto('/staff/paycard-batches/create');
    const value = page.getByRole('spinbutton', { name: 'قيمة البطاقة (جنيه)' });
    await value.waitFor({ timeout: 30_000 });
    await value.fill('35');
    await page.getByRole('spinbutton', { name: 'عدد البطاقات' }).fill('5');
    await screenshot(page, 'staff-paycards-desktop-02-issue-form');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await page.getByRole('heading', { name: 'تم إصدار 5 بطاقات' }).waitFor();
    const shown = (
      await page
        .getByRole('table', { name: 'أكواد البطاقات' })
        .locator('tbody td[dir="ltr"]')
        .allInnerTexts()
    ).map((c) => c.trim());
    expect(shown).toHaveLength(5);
    for (const code of shown) expect(code).toMatch(CODE);
    await expectNoSidewaysOverflow(page);
    await screenshot(page, 'staff-paycards-desktop-03-codes');

    // The CSV: the same five codes, read from the downloaded file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'تنزيل الأكواد (ملف جدول)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^paycards-batch-\d+-35\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const rows = csv.slice(1).trim().split('\r\n');
    expect(rows[0]).toBe('الرقم,الكود,القيمة (جنيه),مخصصة لـ,تنتهي في,الدفعة');
    const codes = rows.slice(1).map((row) => row.split(',')[1]!);
    expect(codes).toEqual(shown);

    // The print view: only the sheet of five cards.
    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('.paycard-sheet');
    await expect.poll(() => sheet.isVisible()).toBe(true);
    expect(await sheet.locator(':scope > div').count()).toBe(5);
    expect(await sheet.innerText()).toContain(codes[0]!);
    await page.emulateMedia({ media: 'screen' });
    expect(await sheet.isVisible()).toBe(false);

    // A student redeems the third card in the student app's wallet.
    const student = await students.create();
    await studentSignIn(context, student);
    const wallet = await context.newPage();
    await openWallet(wallet);
    await expectBalance(wallet, 0);
    const dialog = await redeem(wallet, codes[2]!);
    await wallet.getByText('تم شحن الكارت وإضافة قيمته إلى رصيدك').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expectBalance(wallet, 35);
    // The same code again: refused in the spec's words, the balance unchanged.
    const again = await redeem(wallet, codes[2]!);
    await again.getByText('البطاقة مُستخدمة سابقاً').waitFor();
    await screenshot(wallet, 'staff-paycards-desktop-04-second-redeem', { fullPage: false });
    await wallet.keyboard.press('Escape');
    await expectBalance(wallet, 35);
    await wallet.close();

    // The batch list counts the used card.
    await page.goto('/staff/paycard-batches');
    await page.getByText('مستخدمة 1 — متاحة 4 — موقوفة 0').first().waitFor();
    await screenshot(page, 'staff-paycards-desktop-05-batches');
  }, 240_000);
});
