import fs from 'node:fs';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot, type ViewportName } from './support/browser';
import { signIn } from './support/catalog';
import { withDatabase } from './support/database';
import { writePng } from './support/png';
import { expectNoSidewaysOverflow, it } from './support/screens';
import { STAFF, filtered, sendReceipt, staffSignIn } from './support/staff';
import { expectBalance, ledgerRows, openWallet } from './support/wallet';
import { serverURL } from './support/server';

/**
 * The console going live (issue 23) against the real server, on a desktop and a phone, in a
 * browser whose language is Arabic (openPage: ar-EG, which writes ١٢٣ unless told otherwise):
 * a student sends a recharge receipt, the demo leader approves another amount with a note
 * after the confirmation, and the student's wallet shows what was approved; the home slider's
 * picture is previewed before saving; the printed pay-card sheet keeps each code on one line;
 * the lecture-exam form says when videos open and previews the student's window. Every
 * screenshot is checked with axe (serious and critical) and CSP.
 */

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/;
const NOTE = 'الإيصال يُظهر تحويل 87.50 جنيه فقط';

/** The page's visible text holds no Arabic-Indic digit (ADR 035). */
async function expectWesternDigits(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text.match(ARABIC_INDIC), text.slice(0, 300)).toBeNull();
}

/** A lecture whose exam must be passed and has an alternative (the demo's third lectures). */
async function mustPassLink(): Promise<number> {
  const row = await withDatabase((db) =>
    db
      .selectFrom('lecture_exams')
      .select('id')
      .where('must_pass', '=', 1)
      .where('alternative_exam_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

describe.each<ViewportName>(['desktop', 'phone'])(
  'the console in one Arabic on a %s',
  (viewport) => {
    it.override({ viewport });

    it('approves another amount with a note, previews a slide and a lecture exam, prints codes', async ({
      page,
      browser,
      students,
    }) => {
      const shot = (p: Page, n: string, name: string, options?: { fullPage?: boolean }) =>
        screenshot(p, `${viewport}-staff-arabic-${n}-${name}`, options);

      // --- the student sends 100 pounds' receipt ---
      const student = await students.create();
      await signIn(page.context(), student);
      await sendReceipt(page, 100, '01098765432', 'حوّلت من فودافون كاش');
      await expectBalance(page, 0);

      const staffSide = await openPage(browser, serverURL(), viewport);
      const staff = staffSide.page;
      try {
        await staffSignIn(staff, STAFF.leader);

        // --- the leader approves 87.50 of the 100 claimed, after the confirmation ---
        await staff.goto(filtered('mobile-payments', { status: 'pending', q: student.name }));
        const request = staff
          .getByRole(viewport === 'desktop' ? 'row' : 'link')
          .filter({ hasText: student.name });
        await request.first().click();
        await staff.getByRole('button', { name: 'قبول وإضافة الرصيد' }).click();
        const dialog = staff.getByRole('dialog', { name: `قبول طلب شحن ${student.name}` });
        await dialog.getByText(`طلب ${student.name} شحن 100.00 جنيه.`, { exact: false }).waitFor();
        const amount = dialog.getByRole('textbox', { name: /^المبلغ المقبول/ });
        await amount.fill('87.50');
        await dialog.getByRole('button', { name: 'قبول وإضافة 87.50 جنيه' }).click();
        await dialog.getByText('اكتب ملاحظة تشرح سبب اختلاف المبلغ عن المطلوب').waitFor();
        await dialog.getByRole('textbox', { name: /^ملاحظة \(مطلوبة/ }).fill(NOTE);
        await shot(staff, '01', 'approve-other-amount', { fullPage: false });
        await dialog.getByRole('button', { name: 'قبول وإضافة 87.50 جنيه' }).click();
        await staff.getByText('تمت مراجعة هذا الطلب').waitFor();
        await staff.getByText('87.50 جنيه', { exact: true }).waitFor();
        await staff.getByText(NOTE, { exact: true }).waitFor();
        await expectWesternDigits(staff);
        await shot(staff, '02', 'approved');

        // --- the student's wallet shows what was approved, with the note ---
        await openWallet(page);
        await expectBalance(page, 87.5);
        await expect.poll(() => ledgerRows(page).first().innerText()).toContain(NOTE);
        await shot(page, '03', 'student-wallet');

        // --- the home slider: a picture previewed before it is saved ---
        await staff.goto('/staff/header-images');
        const urls = staff.getByRole('textbox', { name: /^رابط الصورة/ });
        await urls.first().waitFor();
        const slides = await urls.count();
        await staff.getByRole('button', { name: 'إضافة' }).click();
        // The new slide's row, not the last one before it, takes the file.
        await expect.poll(() => urls.count()).toBe(slides + 1);
        const files = staff.getByTestId('slide-image-file');
        await expect.poll(() => files.count()).toBe(slides + 1);
        const slide = writePng('slide.png', 320);
        try {
          // The bytes, not the path: the browser reads a path only when it uploads, and the file
          // removed below by then left the slide's address empty on a busy machine (CI, 2026-11-29).
          await files.nth(slides).setInputFiles({
            name: 'slide.png',
            mimeType: 'image/png',
            buffer: fs.readFileSync(slide.file),
          });
        } finally {
          slide.remove();
        }
        const url = urls.nth(slides);
        // The upload is checked, stored and audited: give it a locator's time on a busy machine.
        await expect
          .poll(() => url.inputValue(), { timeout: 30_000 })
          .toMatch(/^\/storage\/slides\/[0-9a-f]+\.png$/);
        // The stored picture is shown, before the list is saved.
        const preview = staff.getByRole('img', { name: 'معاينة صورة الشريحة' }).last();
        await expect.poll(() => preview.getAttribute('src')).toBe(await url.inputValue());
        await expect
          .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth), {
            timeout: 30_000,
          })
          .toBe(320);
        await expectNoSidewaysOverflow(staff);
        await shot(staff, '04', 'slide-preview');
        // Not saved: the other journeys keep the demo's slides.

        // --- the lecture-exam form: when videos open, and the student's window ---
        await staff.goto(`/staff/lecture-exams/${await mustPassLink()}`);
        const notice = staff.getByTestId('lecture-exam-lock-notice');
        await notice.getByText(/تبقى فيديوهات المحاضرة مغلقة حتى ينجح الطالب/).waitFor();
        await notice.getByText(/ويكفي بدلاً منه أن ينجح في الامتحان البديل/).waitFor();
        const window_ = staff.getByRole('region', {
          name: 'معاينة: ما يراه الطالب قبل أن ينجح في الامتحان',
        });
        await window_
          .getByText(
            'الفيديوهات مغلقة حتى تؤدي الامتحانات المطلوبة، انتقل إلى تبويب الامتحانات أولاً.',
          )
          .waitFor();
        await window_.getByText('يجب اجتياز الامتحان').waitFor();
        await window_.getByText('فتح الامتحان').waitFor();
        await expectWesternDigits(staff);
        await shot(staff, '05', 'lecture-exam-preview');

        // --- a list with counts and paging in Western digits ---
        await staff.goto('/staff/courses');
        const range = staff.getByText(/^\d+-\d+ من \d+$/).first();
        await range.waitFor();
        // Read right to left: the range first (rightmost), then «من», then the total.
        // (The total is the demo's courses and those other journeys added: read it off the line.)
        const x = await range.evaluate((el) => {
          const text = el.firstChild as Text;
          const [, first, total] = /^(\d+-\d+) من (\d+)$/.exec(text.data)!;
          const at = (part: string, from = 0) => {
            const r = document.createRange();
            const i = text.data.indexOf(part, from);
            r.setStart(text, i);
            r.setEnd(text, i + part.length);
            return r.getBoundingClientRect().x;
          };
          return {
            range: at(first!),
            of: at('من'),
            total: at(total!, text.data.indexOf('من')),
          };
        });
        expect(x.range).toBeGreaterThan(x.of);
        expect(x.of).toBeGreaterThan(x.total);
        await expectWesternDigits(staff);
        await shot(staff, '06', 'courses-paging');
      } finally {
        await staffSide.context.close();
      }
    }, 300_000);

    it('prints pay-card codes on one line, with where to enter them', async ({ page }) => {
      await staffSignIn(page, STAFF.admin);
      await page.goto('/staff/paycard-batches/create');
      const value = page.getByRole('spinbutton', { name: 'قيمة البطاقة (جنيه)' });
      await value.waitFor({ timeout: 30_000 });
      await value.fill('50');
      await page.getByRole('spinbutton', { name: 'عدد البطاقات' }).fill('4');
      // The expiry in day, Arabic month and year, not mm/dd/yyyy.
      const expiry = page.getByRole('group', { name: /تنتهي صلاحيتها/ });
      await expiry.getByRole('combobox', { name: /^الشهر/ }).click();
      await page.getByRole('option', { name: 'ديسمبر' }).waitFor();
      await page.keyboard.press('Escape');
      await expectWesternDigits(page);
      await screenshot(page, `${viewport}-staff-arabic-07-issue-form`);
      await page.getByRole('button', { name: 'حفظ' }).click();
      await page.getByRole('heading', { name: 'تم إصدار 4 بطاقات' }).waitFor();

      await page.emulateMedia({ media: 'print' });
      const sheet = page.locator('.paycard-sheet');
      await expect.poll(() => sheet.isVisible()).toBe(true);
      const codes = sheet.locator('.paycard-code');
      expect(await codes.count()).toBe(4);
      for (const code of await codes.all()) {
        // One line: the box is no taller than its line height.
        const { height, lineHeight } = await code.evaluate((el) => ({
          height: el.getBoundingClientRect().height,
          lineHeight: parseFloat(getComputedStyle(el).lineHeight),
        }));
        expect(height).toBeLessThanOrEqual(lineHeight + 1);
      }
      expect(await sheet.innerText()).toContain(
        'للاستخدام: في تطبيق دَرس افتح المحفظة ثم «شحن الرصيد» واختر «كارت شحن»',
      );
      await page.setViewportSize({ width: 794, height: 1123 });
      await screenshot(page, `${viewport}-staff-arabic-08-printed-sheet`);
      await page.emulateMedia({ media: 'screen' });
    }, 300_000);
  },
);
