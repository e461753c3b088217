import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { writePng } from './png';
import { openRecharge, openWallet, rechargeWith } from './wallet';

/** The demo's staff logins (README) and their password. */
export const STAFF = { admin: 'admin@dars.test', leader: 'leader@dars.test' } as const;
const PASSWORD = 'dars12345';

/**
 * Signs a demo staff member into the console and waits for its menu.
 * @example await staffSignIn(page, STAFF.leader)
 */
export async function staffSignIn(page: Page, email: string): Promise<void> {
  await page.goto('/staff/');
  // The console's first load (one large script) is slow on a busy machine.
  await page.locator('input[name="username"]').waitFor({ timeout: 45_000 });
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  // Signed in once the account menu shows (a phone keeps the menu in a drawer).
  await page.getByRole('button', { name: /^الحساب/ }).waitFor({ timeout: 30_000 });
}

/**
 * A console list filtered as react-admin keeps it in the address.
 * @example await page.goto(filtered('mobile-payments', { status: 'pending' }))
 */
export function filtered(path: string, filter: Record<string, unknown>): string {
  return `/staff/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

/**
 * The signed-in student sends a mobile-wallet recharge of `amount` with a receipt picture, in
 * the student app's wallet, and waits until it is pending.
 * @example await sendReceipt(page, 100, '01098765432', 'حوّلت من فودافون كاش')
 */
export async function sendReceipt(
  page: Page,
  amount: number,
  payer: string,
  message: string,
): Promise<void> {
  await openWallet(page);
  const dialog = await openRecharge(page);
  await rechargeWith(dialog, 'تحويل من محفظة موبايل', amount);
  await dialog.getByRole('textbox', { name: /رقم المحفظة التي حوّلت منها/ }).fill(payer);
  const receipt = writePng('staff-receipt.png', 96);
  try {
    await dialog.getByLabel('صورة إيصال التحويل').setInputFiles(receipt.file);
    await dialog.getByText('staff-receipt.png').waitFor();
    await dialog.getByRole('textbox', { name: 'رسالة (اختياري)' }).fill(message);
    await dialog.getByRole('button', { name: 'إرسال الطلب' }).click();
    await dialog.waitFor({ state: 'detached' });
  } finally {
    receipt.remove();
  }
  await page.getByText(/^لديك طلب شحن قيد المراجعة/).waitFor();
}

/**
 * Adds a question of `type` to the exam from its page ('إضافة سؤال'), `fill` completing what
 * the type asks for, and waits until the exam's page lists it.
 * @example await addQuestion(page, examId, 'مقالي', 'اشرح القانون الأول لنيوتن بمثال.')
 */
export async function addQuestion(
  page: Page,
  examId: number,
  type: 'اختيار من متعدد' | 'صواب وخطأ' | 'مقالي',
  text: string,
  fill?: () => Promise<void>,
) {
  await page.getByRole('link', { name: 'إضافة سؤال' }).click();
  await page.waitForURL(/\/staff\/questions\/create/);
  // The form settles once the exam is read (whether students started it): pick the type
  // until it stays picked, and check the text is still there before saving.
  const radio = page.getByRole('radio', { name: type, exact: true });
  await expect
    .poll(async () => {
      await radio.check({ timeout: 2_000 }).catch(() => undefined);
      return radio.isChecked();
    })
    .toBe(true);
  const textBox = page.getByRole('textbox', { name: 'نص السؤال' });
  await textBox.fill(text);
  await fill?.();
  expect(await textBox.inputValue()).toBe(text);
  expect(await radio.isChecked()).toBe(true);
  await page.getByRole('button', { name: 'حفظ', exact: true }).click();
  await page.waitForURL(new RegExp(`/staff/exams/${examId}$`));
  await page.getByText(text).waitFor();
}
