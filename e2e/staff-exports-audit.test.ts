import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi } from './support/api';
import { screenshot } from './support/browser';
import { withDatabase } from './support/database';
import { STAFF, staffSignIn } from './support/staff';
import { expectNoSidewaysOverflow, it, VIEWPORT_NAMES } from './support/screens';

// Issue 23 (ADR 034) against the real server, with the demo's admin: a change to a course is
// named in the audit log with its fields in Arabic, and the students and purchases lists
// download as files Excel opens in Arabic. axe and CSP are checked on every screenshot.
const ADMIN = STAFF.admin;
const PASSWORD = 'dars12345';
const BOM = [0xef, 0xbb, 0xbf];

/** A course of this journey only, made through the staff API (unpublished: no student sees it). */
async function makeCourse(name: string): Promise<number> {
  const login = await callApi('/staff/login', { body: { email: ADMIN, password: PASSWORD } });
  expect(login.status).toBe(200);
  const token = (login.json as { data: { token: string } }).data.token;
  const made = await callApi('/staff/courses', {
    token,
    body: { name, pay_type: 'lectures', published: false },
  });
  expect(made.status).toBe(200);
  return (made.json as { data: { id: number } }).data.id;
}

/** Clicks the list's export button and answers the downloaded file's bytes and name. */
async function download(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'تنزيل ملف Excel' }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) };
}

function firstLine(bytes: Buffer): string {
  return bytes.subarray(3).toString('utf8').split('\r\n')[0]!;
}

describe.each(VIEWPORT_NAMES)('exports and the audit log on a %s', (viewport) => {
  it.override({ viewport });

  it('an admin changes a course, finds it named in the log with Arabic field names, and downloads students and purchases for Excel', async ({
    page,
  }) => {
    const name = `دورة سجل التغييرات ${randomUUID().slice(0, 4)}`;
    const id = await makeCourse(name);
    try {
      await staffSignIn(page, STAFF.admin);
      await page.getByText('أهلاً بك في لوحة إدارة دَرس').waitFor();
      await page.goto(`/staff/courses/${id}`);
      await page.getByLabel('الحد الأقصى للطلاب').fill('40');
      await page.getByLabel('الوصف').fill('دورة من جولة التصدير');
      await page.getByRole('button', { name: 'حفظ' }).click();
      // The edit page stays open after a save (redirect off): wait for the notice.
      await page.getByText('تم الحفظ').waitFor();

      await page.goto('/staff/audit-log');
      if (viewport === 'desktop') {
        const link = page.getByRole('link', { name }).first();
        await link.waitFor();
        expect(await link.getAttribute('href')).toBe(`/staff/courses/${id}`);
        const row = page.locator('tr', { has: link });
        await row.getByText('تعديل').click();
      } else {
        // A card per entry: its summary names the course, its details link to it.
        await page.getByRole('button', { name: new RegExp(`تعديل · الدورات: ${name}`) }).click();
        const link = page.getByRole('link', { name }).first();
        await link.waitFor();
        expect(await link.getAttribute('href')).toBe(`/staff/courses/${id}`);
      }
      const changes = page.getByRole('table', { name: /تفاصيل التغيير رقم/ }).first();
      await changes.waitFor();
      const fields = await changes.getByRole('rowheader').allInnerTexts();
      expect(fields).toEqual(expect.arrayContaining(['الوصف', 'الحد الأقصى للطلاب']));
      await expectNoSidewaysOverflow(page);
      await screenshot(page, `staff-exports-${viewport}-01-audit-log`);

      await page.goto('/staff/students');
      await page.getByRole('button', { name: 'تنزيل ملف Excel' }).waitFor();
      await expect
        .poll(() => page.getByRole('button', { name: 'تنزيل ملف Excel' }).isEnabled())
        .toBe(true);
      await screenshot(page, `staff-exports-${viewport}-02-students`);
      const students = await download(page);
      expect(students.name).toMatch(/^students-\d{4}-\d{2}-\d{2}\.csv$/);
      expect([...students.bytes.subarray(0, 3)]).toEqual(BOM);
      expect(firstLine(students.bytes)).toBe(
        'الرقم,الاسم,البريد الإلكتروني,الهاتف,الصف الدراسي,السنتر,هاتف ولي الأمر,بريد ولي الأمر,الرصيد (جنيه),عنوان المحفظة,البريد مؤكد,الحالة,تاريخ الإيقاف,سبب الإيقاف,تاريخ التسجيل',
      );

      await page.goto('/staff/purchases');
      await expect
        .poll(() => page.getByRole('button', { name: 'تنزيل ملف Excel' }).isEnabled())
        .toBe(true);
      await expectNoSidewaysOverflow(page);
      await screenshot(page, `staff-exports-${viewport}-03-purchases`);
      const purchases = await download(page);
      expect(purchases.name).toMatch(/^purchases-\d{4}-\d{2}-\d{2}\.csv$/);
      expect([...purchases.bytes.subarray(0, 3)]).toEqual(BOM);
      expect(firstLine(purchases.bytes)).toBe(
        'الرقم,رقم الطالب,اسم الطالب,هاتف الطالب,الدورة,المحاضرة,المدفوع (جنيه),طريقة الدفع,منحها,تاريخ الشراء,تنتهي في',
      );
      // A row in Cairo time, as Excel reads it, not ISO UTC.
      const row = purchases.bytes.subarray(3).toString('utf8').split('\r\n')[1] ?? '';
      expect(row).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2},/);
    } finally {
      await withDatabase((db) => db.deleteFrom('courses').where('id', '=', id).execute());
    }
  });
});
