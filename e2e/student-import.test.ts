import fs from 'node:fs';
import { randomInt, randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { STORAGE_KEYS } from '@dars/contract';
import { canLogIn } from './support/api';
import { openPage, screenshot, waitForAppStart, type ViewportName } from './support/browser';
import { withDatabase } from './support/database';
import { mailedText } from './support/outbox';
import { expectNoSidewaysOverflow, it, pathname, VIEWPORT_NAMES } from './support/screens';
import { serverURL } from './support/server';
import { filtered, STAFF, staffSignIn } from './support/staff';

/**
 * Students brought in (issue 28, ADR 052), on a desktop and a phone, against the real server:
 * the admin downloads the template, checks a roster with mistakes (each problem in Arabic with
 * its row, the import held back), fixes the file and imports it; opens a new student's page and
 * makes a set-password link; the student opens it on their own device, is greeted by name, sets
 * a password and is signed in; the link then no longer works. Every screenshot runs axe
 * (serious and critical) and the CSP check.
 */

const HEADER =
  'الاسم,الهاتف,البريد الإلكتروني,الصف,السنتر,هاتف ولي الأمر,الدورات,المدفوع نقدًا,الرصيد,ملاحظات';
const PASSWORD = 'welcome-pass-1';
const INVALID = 'الرابط غير صالح أو انتهت صلاحيته؛ اطلب من المدرسة رابطًا جديدًا';

/** A CSV as a school saves it from Excel: a byte-order mark, CRLF lines. */
const csv = (lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`);

/** Puts a file in the import page's picker (a hidden input behind «اختيار ملف»). */
async function pick(page: Page, name: string, buffer: Buffer) {
  await page.getByTestId('student-import-file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer,
  });
  // The name is isolated (U+2068 … U+2069) inside the Arabic sentence.
  await page.getByText(`الملف المختار: \u2068${name}\u2069`, { exact: false }).waitFor();
}

/** Arabic-Indic digits for a Western number, as a school's sheet may have them. */
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);

describe.each(VIEWPORT_NAMES)('bringing students in on a %s', (viewport: ViewportName) => {
  it.override({ viewport });

  it(
    'imports a roster with mistakes once fixed; a new student sets a password from the link',
    { timeout: 300_000 },
    async ({ page, context, browser }) => {
      const tag = randomUUID().slice(0, 4);
      const shot = (p: Page, n: string, name: string, options?: { fullPage?: boolean }) =>
        screenshot(p, `student-import-${viewport}-${n}-${name}`, options);
      const base = String(randomInt(1_000_000, 9_999_999));
      const phone = (i: number) => `010${base}${i}`;
      const who = {
        nour: { name: `نور الهدى ${tag}`, email: `nour-${tag}@school.example`, phone: phone(0) },
        omar: { name: `عمر خالد ${tag}`, phone: phone(1) },
        laila: { name: `ليلى سمير ${tag}`, phone: phone(2) },
        parent: `0122${base}`,
      };
      const { grade, course } = await withDatabase(async (db) => ({
        grade: await db
          .selectFrom('grades')
          .select(['id', 'name'])
          .orderBy('position')
          .executeTakeFirstOrThrow(),
        // Not a course of a teacher with a login: the cash recorded here would move that
        // teacher's statement, which staff-teacher.test.ts reads to the piaster.
        course: await db
          .selectFrom('courses')
          .select(['id', 'name'])
          .where('published', '=', 1)
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('course_teachers')
                  .innerJoin(
                    'teacher_logins',
                    'teacher_logins.teacher_id',
                    'course_teachers.teacher_id',
                  )
                  .select('course_teachers.course_id')
                  .whereRef('course_teachers.course_id', '=', 'courses.id'),
              ),
            ),
          )
          .orderBy('id')
          .executeTakeFirstOrThrow(),
      }));
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);

      // --- the admin: the students list and its two new buttons ---
      await staffSignIn(page, STAFF.admin);
      await page.goto('/staff/students');
      await page.getByRole('link', { name: 'استيراد طلاب' }).waitFor();
      await expectNoSidewaysOverflow(page);
      await shot(page, '00', 'list');
      await page.getByRole('button', { name: 'إضافة طالب' }).click();
      const add = page.getByRole('dialog', { name: 'إضافة طالب' });
      await add.getByRole('textbox', { name: /^الهاتف/ }).waitFor();
      await shot(page, '00b', 'add-student', { fullPage: false });
      await add.getByRole('button', { name: 'إلغاء' }).click();
      await add.waitFor({ state: 'detached' });
      await page.getByRole('link', { name: 'استيراد طلاب' }).click();
      await page.waitForURL(/\/staff\/students\/import$/);
      await page.getByRole('heading', { name: 'استيراد طلاب', level: 1 }).waitFor();
      await expectNoSidewaysOverflow(page);
      await shot(page, '01', 'import-page');

      // The template: UTF-8 with its byte-order mark, the header and one example row.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'تنزيل نموذج' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('نموذج استيراد الطلاب.csv');
      const template = fs.readFileSync(await download.path());
      expect([...template.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = template.toString('utf8').slice(1).split('\r\n');
      expect(lines[0]).toBe(
        'الاسم,الهاتف,البريد الإلكتروني,الصف الدراسي,السنتر,هاتف ولي الأمر,بريد ولي الأمر,الدورات,المدفوع نقدًا,الرصيد',
      );
      expect(lines).toHaveLength(3);

      // --- a roster with mistakes: checked, each problem said with its row ---
      const nourRow = `${who.nour.name},${who.nour.phone},${who.nour.email},${grade.name},سنتر النور,${who.parent},${course.id},150,20,`;
      await pick(
        page,
        'roster.csv',
        csv([
          nourRow,
          `,${who.omar.phone},,${grade.name},,,,,,بلا اسم`,
          `${who.omar.name},0101111,,${grade.name},,,,,,`,
          `${who.laila.name},${who.nour.phone},,${grade.name},,,,,,`,
        ]),
      );
      await page.getByRole('button', { name: 'فحص الملف' }).click();
      const heading = page.getByRole('heading', { name: 'نتيجة الفحص' });
      await heading.waitFor();
      // The report takes the focus, for a screen reader to read it.
      await expect.poll(() => heading.evaluate((h) => h === document.activeElement)).toBe(true);
      // A table on a desktop, a card a problem on a phone; each with its row.
      const problems =
        viewport === 'phone'
          ? page.getByRole('list', { name: 'الأخطاء (3)' }).getByRole('listitem')
          : page
              .getByRole('table', { name: 'الأخطاء (3)' })
              .getByRole('row')
              .filter({ has: page.getByRole('cell') });
      expect(await problems.count()).toBe(3);
      const said = (n: number) => problems.nth(n).innerText();
      expect(await said(0)).toMatch(/3[\s\S]*الاسم[\s\S]*الاسم مطلوب/);
      expect(await said(1)).toMatch(/4[\s\S]*الهاتف[\s\S]*0101111[\s\S]*رقم الهاتف غير صحيح/);
      expect(await said(2)).toMatch(/5[\s\S]*الهاتف[\s\S]*رقم الهاتف مكرر في الملف \(الصف 2\)/);
      expect(await problems.nth(1).getByText('0101111').getAttribute('dir')).toBe('ltr');
      await page.getByText('أعمدة لم نعرفها وستُترك: ملاحظات').waitFor();
      const importOne = page.getByRole('button', { name: 'استيراد طالب واحد' });
      expect(await importOne.isDisabled()).toBe(true);
      const onlyValid = page.getByRole('checkbox', {
        name: 'استيراد الصفوف السليمة فقط وترك الصفوف التي بها أخطاء',
      });
      // From the keyboard: the box ticked with the space bar enables the import.
      await onlyValid.focus();
      await onlyValid.press('Space');
      await expect.poll(() => importOne.isEnabled()).toBe(true);
      await expectNoSidewaysOverflow(page);
      await shot(page, '02', 'problems');
      await onlyValid.press('Space');
      await expect.poll(() => importOne.isDisabled()).toBe(true);

      // --- the file fixed (a phone in Arabic digits): a new file starts a new check ---
      await pick(
        page,
        'roster-fixed.csv',
        csv([
          nourRow,
          `${who.omar.name},${arabicDigits(who.omar.phone)},,${grade.name},,${who.parent},,,,`,
          `${who.laila.name},+2${who.laila.phone},,${grade.name},,,,,,`,
        ]),
      );
      expect(await heading.count()).toBe(0);
      await page.getByRole('button', { name: 'فحص الملف' }).click();
      await page.getByText('الملف سليم، وعدد الطلاب الجاهزين للاستيراد: 3').waitFor();
      expect(await page.getByRole('checkbox').count()).toBe(0);
      const preview = page.getByRole('table', { name: 'أول الصفوف كما ستُستورد' });
      await preview.getByText(who.omar.phone, { exact: true }).waitFor();
      await shot(page, '03', 'ready');
      await page.getByRole('button', { name: 'استيراد 3 طلاب' }).click();
      await page.getByRole('heading', { name: 'تم الاستيراد' }).waitFor({ timeout: 30_000 });
      await page.getByText('أُضيف 3 طلاب.').waitFor();
      // The demo's message sandbox is a text channel: every new student gets a text, Nour mail too.
      await page
        .getByText(
          'سيُرسل رابط تعيين كلمة المرور في رسالة على الهاتف إلى 3 طلاب، وبالبريد أيضًا لمن له بريد.',
        )
        .waitFor();
      await shot(page, '04', 'imported');

      // The student with an e-mail was mailed a link to the student app.
      const mail = await mailedText(who.nour.email, 'كلمة المرور', '/welcome#');
      expect(mail).toContain(`${new URL(serverURL()).origin}/welcome#`);

      // --- a new student's page: the parent's phone, and a set-password link ---
      await page.getByRole('link', { name: 'العودة إلى قائمة الطلاب' }).click();
      await page.waitForURL(/\/staff\/students(\?.*)?$/);
      await page.goto(filtered('students', { q: who.omar.phone }));
      await page.getByText(who.omar.name).first().click();
      await page.getByRole('heading', { name: who.omar.name }).waitFor();
      await page.getByText(who.parent, { exact: true }).waitFor();
      await expectNoSidewaysOverflow(page);
      await shot(page, '05', 'student');
      await page.getByRole('button', { name: 'رابط تعيين كلمة المرور' }).click();
      await page.getByRole('button', { name: 'إنشاء الرابط' }).click();
      const dialog = page.getByRole('dialog', {
        name: `رابط تعيين كلمة المرور لـ ${who.omar.name}`,
      });
      const field = dialog.getByRole('textbox', { name: 'الرابط' });
      await field.waitFor();
      const link = await field.inputValue();
      expect(link).toMatch(/\/welcome#[\w-]{30,}$/);
      expect(new URL(link).origin).toBe(new URL(serverURL()).origin);
      await dialog.getByText(/ليس للطالب بريد إلكتروني/).waitFor();
      await dialog.getByRole('button', { name: 'نسخ الرابط' }).click();
      await dialog.getByText('نُسخ الرابط').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await shot(page, '06', 'link', { fullPage: false });

      // --- the student, on their own device ---
      const device = await openPage(browser, serverURL(), viewport);
      try {
        const s = device.page;
        await s.goto(link);
        await waitForAppStart(s);
        await s.getByRole('heading', { name: `مرحبًا ${who.omar.name}` }).waitFor({
          timeout: 45_000,
        });
        await expectNoSidewaysOverflow(s);
        await shot(s, '07', 'welcome');
        await s.getByLabel('كلمة المرور الجديدة').fill(PASSWORD);
        await s.getByLabel('تأكيد كلمة المرور').fill('another-pass-1');
        await s.getByRole('button', { name: 'حفظ كلمة المرور والدخول' }).click();
        await s.getByText('تأكيد كلمة المرور غير مطابق').waitFor();
        await s.getByLabel('تأكيد كلمة المرور').fill(PASSWORD);
        await s.getByRole('button', { name: 'حفظ كلمة المرور والدخول' }).click();
        // Signed in as a login signs in: home, with the account's menu.
        await s.waitForURL(/\/home$/, { timeout: 45_000 });
        expect(pathname(s)).toBe('/home');
        await s.getByRole('main').getByRole('heading').first().waitFor({ timeout: 45_000 });
        // The session stored where a login stores it, the address without the token.
        expect(
          await s.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token),
        ).toBeTruthy();
        expect(s.url()).not.toContain(link.split('#')[1]);
        await shot(s, '08', 'home');
        expect(await canLogIn(who.omar.phone, PASSWORD)).toBe(true);
      } finally {
        await device.context.close();
      }

      // The link works once.
      const again = await openPage(browser, serverURL(), viewport);
      try {
        const s = again.page;
        await s.goto(link);
        await s.getByRole('alert').filter({ hasText: INVALID }).waitFor({ timeout: 45_000 });
        await s.getByRole('main').getByRole('link', { name: 'راسل الدعم' }).waitFor();
        await expectNoSidewaysOverflow(s);
        await shot(s, '09', 'used-link');
      } finally {
        await again.context.close();
      }
    },
  );
});
