import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppSettings, GetWalletResponse } from '@dars/contract';
import { DEMO_STUDENTS } from '../../apps/server/src/db/seed/demo-students';
import { callApi, getApi } from './api';
import { waitForAppStart } from './browser';

/** The demo's two students (README: Demo logins), who transfer to each other. */
export const DEMO = {
  sender: { ...DEMO_STUDENTS[0]!, password: 'dars12345' },
  recipient: { ...DEMO_STUDENTS[1]!, password: 'dars12345' },
} as const;

/**
 * A token of the student's, from `POST /login`, for checking through the API what another
 * device shows.
 * @example const token = await logIn(DEMO.recipient)
 */
export async function logIn(student: { email: string; password: string }): Promise<string> {
  const { status, json } = await callApi('/login', {
    body: { login: student.email, password: student.password },
  });
  if (status !== 200) throw new Error(`POST /login answered ${status}`);
  return (json as { token: string }).token;
}

/**
 * The student's wallet as the server answers it (`GET /wallet`, first page); throws unless 200.
 * @example expect((await serverWallet(token)).wallet.balance).toBe(120)
 */
export async function serverWallet(token: string): Promise<GetWalletResponse> {
  const { status, json } = await getApi('/wallet', { token });
  if (status !== 200) throw new Error(`GET /wallet answered ${status}`);
  return json as GetWalletResponse;
}

/** The settings the running server answers (`GET /app`). */
export async function serverSettings(): Promise<AppSettings> {
  const { status, json } = await getApi('/app');
  if (status !== 200) throw new Error(`GET /app answered ${status}`);
  return (json as { data: AppSettings }).data;
}

/**
 * Money as the client shows it (two decimals, separators, 'جنيه'), for finding it on screen.
 * @example money(1250.5) // '1,250.50 جنيه'
 */
export function money(pounds: number): string {
  return `${pounds.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} جنيه`;
}

/**
 * Opens `/wallet` (with an optional query) and waits for its balance, or for the recharge
 * dialog that `?recharge=` opens over it (the page behind a dialog is hidden from roles).
 */
export async function openWallet(page: Page, query = ''): Promise<void> {
  await page.goto(`/wallet${query}`);
  await waitForAppStart(page);
  await walletCard(page, 'رصيدك الحالي')
    .or(page.getByRole('dialog', { name: 'شحن الرصيد' }))
    .waitFor();
}

/** One of the wallet's top cards, by its heading. */
export function walletCard(page: Page, heading: 'رصيدك الحالي' | 'عنوان محفظتك'): Locator {
  return page.getByRole('region', { name: heading });
}

/** Waits until the balance card shows `pounds`. */
export async function expectBalance(page: Page, pounds: number): Promise<void> {
  await expect
    .poll(() => walletCard(page, 'رصيدك الحالي').getByText(money(pounds), { exact: true }).count())
    .toBe(1);
}

/** The recharge dialog, opened from the balance card unless it is open already. */
export async function openRecharge(page: Page): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'شحن الرصيد' });
  if (!(await dialog.isVisible())) {
    await walletCard(page, 'رصيدك الحالي').getByRole('button', { name: 'شحن الرصيد' }).click();
  }
  await dialog.waitFor();
  return dialog;
}

/**
 * Step 0 of the recharge dialog: chooses the method, types the amount when one is given, and
 * goes on to the method's checkout.
 * @example await rechargeWith(dialog, 'التقسيط', 600)
 */
export async function rechargeWith(
  dialog: Locator,
  method: string,
  amount?: number,
): Promise<void> {
  await dialog.getByRole('radio', { name: method }).check();
  if (amount !== undefined)
    await dialog.getByRole('spinbutton', { name: /المبلغ بالجنيه/ }).fill(String(amount));
  await dialog.getByRole('button', { name: 'التالي' }).click();
}

/**
 * Opens the recharge dialog and starts paying `amount` with a gateway's method; returns the
 * dialog, at its checkout.
 * @example const dialog = await payWithGateway(page, 'كاشير', 40)
 */
export async function payWithGateway(page: Page, method: string, amount: number): Promise<Locator> {
  const dialog = await openRecharge(page);
  await rechargeWith(dialog, method, amount);
  await dialog.getByRole('button', { name: 'متابعة الدفع' }).click();
  return dialog;
}

/**
 * The ledger's rows as shown: table rows from the desktop breakpoint, list items on phones.
 * @example await expect.poll(() => ledgerRows(page).first().innerText()).toContain('شحن رصيد')
 */
export function ledgerRows(page: Page): Locator {
  const ledger = page.getByRole('region', { name: 'سجل المعاملات' });
  return ledger.locator('tbody tr, li');
}

/**
 * Checks a recharge of `pounds` landed, on screen and on the server: the balance card, the
 * newest ledger row (a recharge with its '+' value) and `GET /wallet` (a wallet that held
 * nothing before, as a journey's fresh student's does).
 * @example await expectRecharged(page, token, 120)
 */
export async function expectRecharged(page: Page, token: string, pounds: number): Promise<void> {
  await expectBalance(page, pounds);
  await expect.poll(() => ledgerRows(page).first().innerText()).toContain(`+${money(pounds)}`);
  expect(await ledgerRows(page).first().innerText()).toContain('شحن رصيد');
  const wallet = await serverWallet(token);
  expect(wallet.wallet.balance).toBe(pounds);
  expect(wallet.transactions.data[0]).toMatchObject({ type: 'recharge', value: pounds });
}
