import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_SCHOOL } from '@dars/contract';
import { putSettings } from '../apps/server/src/modules/settings/settings-service';
import { callApi } from './support/api';
import { openPage, screenshot, VIEWPORTS, type ViewportName } from './support/browser';
import { withDatabase } from './support/database';
import { mailedText } from './support/outbox';
import { writePng } from './support/png';
import { expectNoSidewaysOverflow, it } from './support/screens';
import { serverURL } from './support/server';
import { STAFF, staffSignIn } from './support/staff';

/**
 * The school's own identity (issue 27, ADR 049), on a desktop and a phone, against the real
 * server: the admin names the school, picks its colours (a colour white text cannot be read on
 * is said to fail as it is typed), uploads its logo and saves; the student web app's first
 * paint, before any script, is already in the school's name and colour; the app, once
 * started, shows its footer line; a mail goes out in its name. The identity is set back to
 * «دَرس» afterwards, for the journeys that follow on this server.
 * On a desktop, pay cards issued then print in its name with its logo.
 * Every screenshot is checked with axe (serious and critical) and CSP.
 */

const GREEN = '#0b6e4f';
/** rgb() of GREEN, as the browser reports a computed colour. */
const GREEN_RGB = 'rgb(11, 110, 79)';

describe.each<ViewportName>(['desktop', 'phone'])("the school's identity on a %s", (viewport) => {
  it.override({ viewport });

  it('set in the console, painted by the server before any script, and in its mail', async ({
    page,
    browser,
    students,
  }) => {
    const tag = randomUUID().slice(0, 4);
    const name = `سنتر النخبة ${tag}`;
    const shot = (p: Page, n: string, what: string, options?: { fullPage?: boolean }) =>
      screenshot(p, `${viewport}-identity-${n}-${what}`, options);
    const logo = writePng(`identity-logo-${tag}.png`, 96);
    try {
      await staffSignIn(page, STAFF.admin);
      await page.goto('/staff/settings');
      const section = page.getByRole('group', { name: 'هوية المدرسة' });
      const nameBox = section.getByRole('textbox', { name: 'اسم المدرسة' });
      await nameBox.waitFor({ timeout: 30_000 });
      await nameBox.fill(name);
      const primary = section.getByRole('textbox', { name: 'اللون الأساسي', exact: true });
      // Amber under white text: 2.1:1, said at once.
      await primary.fill('#f59e0b');
      await section
        .getByText('التباين 2.1:1 أقل من 4.5:1: لن يُقرأ النص عليه بوضوح ولن يُحفظ')
        .waitFor();
      await primary.fill(GREEN);
      await section.getByText(/^التباين 6\.2:1، مقروء بوضوح/).waitFor();
      await page.getByTestId('logo-light-file').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(logo.file),
      });
      await section
        .getByRole('group', { name: 'الشعار على خلفية فاتحة' })
        .getByRole('img', { name: 'معاينة الصورة' })
        .waitFor();
      await section
        .getByRole('textbox', { name: 'نص أسفل الصفحة (العنوان أو الترخيص مثلاً)' })
        .fill('12 شارع الجامعة، المنصورة');
      await expectNoSidewaysOverflow(page);
      await shot(page, '01', 'settings', { fullPage: false });
      await page.getByRole('button', { name: 'حفظ', exact: true }).click();
      await expect.poll(schoolNow).toMatchObject({ name, primary_color: GREEN });

      // The console's sign-in, on another device, in the school's name and logo.
      const staffDevice = await openPage(browser, serverURL(), viewport);
      try {
        const signIn = staffDevice.page;
        await signIn.goto('/staff/login');
        await signIn
          .getByRole('heading', { level: 1, name: `لوحة إدارة ${name}` })
          .waitFor({ timeout: 45_000 });
        expect(await signIn.title()).toBe(`لوحة إدارة ${name}`);
        await shot(signIn, '01b', 'staff-login');
      } finally {
        await staffDevice.context.close();
      }

      // A student's first paint, with no script at all: the server's page.
      const context = await browser.newContext({
        baseURL: serverURL(),
        viewport: VIEWPORTS[viewport],
        locale: 'ar-EG',
        isMobile: viewport === 'phone',
        hasTouch: viewport === 'phone',
        deviceScaleFactor: 1,
        javaScriptEnabled: false,
      });
      try {
        const guest = await context.newPage();
        await guest.goto('/');
        expect(await guest.title()).toBe(`${name} | منصتك للتعلّم أونلاين`);
        const home = guest.getByRole('link', { name: `${name}، الصفحة الرئيسية` });
        await home.waitFor();
        expect(await home.locator('img').getAttribute('src')).toMatch(/^\/storage\/brand\//);
        const register = guest.getByRole('banner').getByRole('link', { name: 'حساب جديد' });
        if (viewport === 'desktop') {
          expect(await register.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
            GREEN_RGB,
          );
        }
        expect(await guest.locator('meta[name="theme-color"]').getAttribute('content')).toBe(GREEN);
        expect(await guest.content()).not.toContain('دَرس،');
        await guest.screenshot({
          path: `e2e/artifacts/${viewport}-identity-02-first-paint.png`,
          animations: 'disabled',
        });
      } finally {
        await context.close();
      }

      // The started app: its footer, in the school's name, with its line.
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await footer.getByText(new RegExp(`^© \\d{4} ${name}\\. جميع الحقوق محفوظة\\.$`)).waitFor({
        timeout: 30_000,
      });
      await footer.getByText('12 شارع الجامعة، المنصورة').waitFor();
      await shot(page, '03', 'app');

      // Printed pay cards in its name, with its logo (the console reads the identity at load).
      if (viewport === 'desktop') {
        await page.goto('/staff/paycard-batches/create');
        const value = page.getByRole('spinbutton', { name: 'قيمة البطاقة (جنيه)' });
        await value.waitFor({ timeout: 30_000 });
        await value.fill('20');
        await page.getByRole('spinbutton', { name: 'عدد البطاقات' }).fill('3');
        await page.getByRole('button', { name: 'حفظ' }).click();
        await page.getByRole('heading', { name: 'تم إصدار 3 بطاقات' }).waitFor();
        await page.emulateMedia({ media: 'print' });
        const sheet = page.locator('.paycard-sheet');
        await expect.poll(() => sheet.isVisible()).toBe(true);
        const cards = sheet.locator(':scope > div');
        expect(await cards.count()).toBe(3);
        expect(await cards.first().innerText()).toContain(`بطاقة دفع ${name}`);
        expect(await cards.first().locator('img').getAttribute('src')).toMatch(
          /^\/storage\/brand\//,
        );
        await page.screenshot({
          path: `e2e/artifacts/${viewport}-identity-04-paycards-print.png`,
          animations: 'disabled',
        });
        await page.emulateMedia({ media: 'screen' });
      }

      // Mail in its name.
      const student = await students.create();
      expect((await callApi('/password/reset', { body: { email: student.email } })).status).toBe(
        200,
      );
      await mailedText(
        student.email,
        'رمز استعادة كلمة المرور',
        `رمز استعادة كلمة المرور على ${name} هو`,
      );
    } finally {
      logo.remove();
      await withDatabase((db) =>
        putSettings(db, { school: { ...DEFAULT_SCHOOL, legal_links: [] } }),
      );
    }
  });
});

/** The school's identity as GET /app answers it now. */
async function schoolNow(): Promise<Record<string, unknown>> {
  const res = await fetch(new URL('/api/v1/app', serverURL()));
  return ((await res.json()) as { data: { school: Record<string, unknown> } }).data.school;
}
