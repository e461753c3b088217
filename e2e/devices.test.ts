import { describe, expect } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@dars/contract';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { serverUser } from './support/api';
import { expectNoCspViolations, openPage, screenshot } from './support/browser';
import { changeSettings } from './support/database';
import { it, VIEWPORT_NAMES } from './support/screens';
import { serverURL } from './support/server';
import { STAFF, staffSignIn } from './support/staff';
import type { Student } from './support/students';

/**
 * Devices and sessions (issue 28, ADR 051), on a phone and on a desktop, against the real
 * server: with the school's limit at 2, a student signs in on two devices (two browser
 * contexts, each with its own device id); a third is refused with the message that says what to
 * do; from the first device's profile the second is signed out; the third then signs in, and
 * the second finds itself signed out. An admin sees the student's devices in the console.
 */

const TEXT = {
  loginField: 'البريد الإلكتروني أو رقم الهاتف',
  password: 'كلمة المرور',
  refused:
    'وصلت إلى الحد الأقصى لعدد الأجهزة (2). سجّل الخروج من جهاز آخر من صفحة حسابك، أو تواصل مع الدعم.',
  limit: 'عدد الأجهزة المسموح بها لحسابك: 2، والمستخدم منها الآن: 2.',
  signedOut: 'تم تسجيل الخروج من الجهاز',
} as const;

async function submitLogin(page: Page, student: Student): Promise<void> {
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: TEXT.loginField, exact: true }).fill(student.email);
  await main.getByLabel(TEXT.password, { exact: true }).fill(student.password);
  await main.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
}

async function logIn(page: Page, student: Student): Promise<void> {
  await submitLogin(page, student);
  await page.waitForURL((url) => url.pathname === '/home');
  await page.getByRole('main').getByRole('heading').first().waitFor();
}

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.token);
}

function devicesList(page: Page): Locator {
  return page.getByRole('main').getByRole('list', { name: 'أجهزتك', exact: true });
}

async function openDevices(page: Page): Promise<Locator> {
  await page.goto('/profile');
  const list = devicesList(page);
  await list.waitFor();
  return list;
}

describe.each(VIEWPORT_NAMES)('on a %s', (viewport) => {
  it.override({ viewport });

  const shot = (page: Page, number: string, name: string, options?: { fullPage?: boolean }) =>
    screenshot(page, `${viewport}-dev-${number}-${name}`, options);
  /**
   * The profile's devices: the whole page on a desktop; on a phone the screen at the devices
   * (a full-page capture of a touch phone scrolled to them draws the top bar mid-page).
   */
  const devicesShot = async (page: Page, number: string, name: string) => {
    if (viewport === 'phone') {
      await page.getByRole('heading', { name: 'الأجهزة', exact: true }).scrollIntoViewIfNeeded();
    }
    return shot(page, number, name, { fullPage: viewport === 'desktop' });
  };

  it('refuses a third device with the message; one signed out from the profile lets it in', async ({
    browser,
    page,
    students,
  }) => {
    const restore = await changeSettings({ max_devices_per_student: 2 });
    const others: BrowserContext[] = [];
    const another = async () => {
      const opened = await openPage(browser, serverURL(), viewport);
      others.push(opened.context);
      return opened.page;
    };
    try {
      const student = await students.create();
      await logIn(page, student);
      const second = await another();
      await logIn(second, student);
      const secondToken = await storedToken(second);

      // A third device: refused after the right password, told what to do, not signed in.
      const third = await another();
      await submitLogin(third, student);
      const refusal = third.getByRole('alert').filter({ hasText: TEXT.refused });
      await refusal.waitFor();
      expect(await storedToken(third)).toBeNull();
      await shot(third, '01', 'third-device-refused');

      // The first device's profile lists both, this one marked, each with where and when.
      const list = await openDevices(page);
      await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
      await page.getByText(TEXT.limit).waitFor();
      const here = list.getByRole('listitem').filter({ hasText: 'هذا الجهاز' });
      expect(await here.count()).toBe(1);
      expect(await here.getByRole('button').count()).toBe(0);
      await devicesShot(page, '02', 'profile-devices');

      const other = list.getByRole('listitem').filter({ hasNotText: 'هذا الجهاز' });
      await other.getByRole('button', { name: /^تسجيل الخروج من / }).click();
      const dialog = page.getByRole('dialog', { name: 'تسجيل الخروج من هذا الجهاز' });
      await dialog.waitFor();
      await shot(page, '03', 'sign-out-confirm', { fullPage: false });
      await dialog.getByRole('button', { name: 'تسجيل الخروج', exact: true }).click();
      await page.getByRole('status').filter({ hasText: TEXT.signedOut }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
      await devicesShot(page, '04', 'device-signed-out');

      // The device signed out is: its token no longer works, and the app sends it to sign in.
      await expect(serverUser(secondToken!)).rejects.toThrow(/401/);
      await second.reload();
      await second.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });

      // The third device now signs in, and sees itself and the first.
      await logIn(third, student);
      const thirdList = await openDevices(third);
      await expect.poll(() => thirdList.getByRole('listitem').count()).toBe(2);
      await devicesShot(third, '05', 'third-device-in');
      await expectNoSeriousA11yViolations(third);

      // The signed-out device is refused again: the two places are taken.
      await submitLogin(second, student);
      await second.getByRole('alert').filter({ hasText: TEXT.refused }).waitFor();

      // An admin sees the student's devices on the student's page.
      const staff = await another();
      await staffSignIn(staff, STAFF.admin);
      await staff.goto(`/staff/students/${student.id}/show`);
      // From the keyboard: on a touch phone the student page's tabs never settle for a click
      // (ADR 029's journey does the same).
      const tab = staff.getByRole('tab', { name: 'الأجهزة' });
      await tab.focus();
      await tab.press('Enter');
      const staffList = staff.getByRole('list', { name: 'أجهزة الطالب' });
      await staffList.waitFor({ timeout: 30_000 });
      await expect.poll(() => staffList.getByRole('listitem').count()).toBe(2);
      await staff.getByText('الحد المسموح: جهازان؛ المستخدم الآن: 2.').waitFor();
      await shot(staff, '06', 'console-student-devices');
      for (const context of others) expectNoCspViolations(context);
    } finally {
      await restore();
      for (const context of others) await context.close();
    }
    // Four browser contexts and the console's first load, on a shared machine.
  }, 300_000);
});
