import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { staffStatsSchema, type StaffStats } from '@dars/contract';
import { formatMoney } from '@dars/ui/format';
import { callApi, getApi } from './support/api';
import { screenshot } from './support/browser';
import { withDatabase } from './support/database';
import { insertTeacher } from '../apps/server/src/db/seed/teachers';
import { expectNoSidewaysOverflow, it as screensIt } from './support/screens';
import { STAFF, staffSignIn } from './support/staff';

/**
 * The owner's numbers (issue 23, ADR 033) against the real server: an admin grants a student a
 * lecture paid in cash at the centre, and the dashboard counts it under revenue («نقدًا في
 * المركز»), by course and by teacher; on a desktop and a phone, axe and CSP checked on every
 * screenshot. Each journey makes its own teacher, course and lecture, so the course's and the
 * teacher's rows hold exactly the cash the journey recorded.
 */

const ADMIN = STAFF.admin;
const PASSWORD = 'dars12345';

interface Made {
  teacher: string;
  course: string;
  lecture: string;
  lectureId: number;
  remove: () => Promise<void>;
}

/** A teacher, their course sold by lectures and one lecture of 120 pounds, straight into the database. */
async function makeCourse(): Promise<Made> {
  const tag = randomUUID().slice(0, 4);
  const now = new Date().toISOString();
  const names = {
    teacher: `أ. سامي ${tag}`,
    course: `فيزياء السنتر ${tag}`,
    lecture: `محاضرة السنتر ${tag}`,
  };
  const ids = await withDatabase(async (db) => {
    const teacher = await insertTeacher(db, { name: names.teacher, created_at: now });
    const course = await db
      .insertInto('courses')
      .values({
        name: names.course,
        description: 'دورة صنعتها رحلة اختبار أرقام المالك.',
        search_text: names.course,
        image_path: null,
        featured: 0,
        pay_type: 'lectures',
        price: 0,
        show_preview: 0,
        users_limit: null,
        published: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('course_teachers')
      .values({ course_id: course.id, teacher_id: teacher, position: 0 })
      .execute();
    const lecture = await db
      .insertInto('lectures')
      .values({
        course_id: course.id,
        name: names.lecture,
        position: 0,
        free: 0,
        price: 12_000,
        preview: 0,
        expiry_days: null,
        repurchasable: 0,
        repurchase_price: null,
        paycard_disabled: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { teacher, course: course.id, lecture: lecture.id };
  });
  return {
    ...names,
    lectureId: ids.lecture,
    // The students fixture removes the student (and so the grant) first.
    remove: () =>
      withDatabase(async (db) => {
        await db.deleteFrom('lecture_purchases').where('lecture_id', '=', ids.lecture).execute();
        await db.deleteFrom('enrollments').where('course_id', '=', ids.course).execute();
        await db.deleteFrom('courses').where('id', '=', ids.course).execute();
        await db.deleteFrom('teachers').where('id', '=', ids.teacher).execute();
      }),
  };
}

/** `it` with a course of the journey's own (`ownCourse`), removed when the test ends. */
const it = screensIt.extend<{ ownCourse: Made }>({
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's needs from this pattern
  ownCourse: async ({}, use) => {
    const made = await makeCourse();
    try {
      await use(made);
    } finally {
      await made.remove();
    }
  },
});

async function adminToken(): Promise<string> {
  const { status, json } = await callApi('/staff/login', {
    body: { email: ADMIN, password: PASSWORD },
  });
  expect(status).toBe(200);
  return (json as { data: { token: string } }).data.token;
}

/** The server's own figures for the last 30 days, as the dashboard asks for them first. */
async function serverStats(token: string): Promise<StaffStats> {
  const { json } = await getApi('/staff/stats', { token });
  return staffStatsSchema.parse((json as { data: unknown }).data);
}

/** The row of a dashboard table that names `name`, with its count and amount. */
function rowOf(page: Page, table: string, name: string): Locator {
  return page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name });
}

/** What the dashboard must show of one cash grant: under revenue, by course, by teacher. */
async function expectCashShown(page: Page, made: Made, amount: string) {
  const methods = page.getByRole('figure', { name: 'الإيرادات حسب طريقة الدفع' });
  await expect
    .poll(() => methods.getByRole('listitem').allInnerTexts())
    .toContainEqual(expect.stringMatching(/^نقدًا في المركز: [\d,.]+ جنيه/));
  const course = rowOf(page, 'المبيعات المدفوعة حسب الدورة', made.course);
  await expect.poll(() => course.locator('td').allInnerTexts()).toEqual([made.course, '1', amount]);
  const teacher = rowOf(page, 'المبيعات المدفوعة حسب المدرس', made.teacher);
  await expect
    .poll(() => teacher.locator('td').allInnerTexts())
    .toEqual([made.teacher, '1', amount]);
}

describe('the owner’s numbers on a desktop', () => {
  it.override({ viewport: 'desktop' });

  it('an admin grants a lecture paid 345.67 in cash; the dashboard counts it as revenue, by course and by teacher', async ({
    page,
    students,
    ownCourse: made,
  }) => {
    const student = await students.create();
    const token = await adminToken();
    const before = await serverStats(token);
    await staffSignIn(page, STAFF.admin);
    await page.getByText('أهلاً بك في لوحة إدارة دَرس').waitFor();

    await page.goto(`/staff/students/${student.id}/show`);
    await page.getByRole('heading', { name: student.name }).waitFor();
    await page.getByRole('button', { name: 'منح دورة أو محاضرة' }).click();
    const dialog = page.getByRole('dialog', { name: `منح ${student.name} دورة أو محاضرة` });
    await dialog.getByRole('radio', { name: 'محاضرة' }).check();
    await dialog.getByRole('combobox', { name: /محاضرة/ }).fill(made.lecture);
    await page.getByRole('option', { name: made.lecture }).click();
    await dialog.getByLabel(/المدفوع نقدًا في المركز/).fill('345.67');
    await screenshot(page, 'staff-owner-numbers-desktop-01-grant-cash', { fullPage: false });
    await dialog.getByRole('button', { name: 'منح دورة أو محاضرة' }).click();
    await page.getByText('تم المنح وتسجيل 345.67 جنيه نقدًا في المركز').waitFor();

    await page.getByRole('tab', { name: /المشتريات/ }).click();
    const bought = page.getByRole('row').filter({ hasText: made.lecture });
    await bought.getByText(/^نقدًا في المركز/).waitFor();
    await expect.poll(() => bought.innerText()).toContain('345.67 جنيه');
    await screenshot(page, 'staff-owner-numbers-desktop-02-purchases');

    // The server's figures moved by exactly the cash: revenue, its cash line, one more sale.
    const after = await serverStats(token);
    const cash = (s: StaffStats) => s.revenue!.by_method.find((m) => m.method === 'cash');
    expect(Math.round((after.revenue!.total - before.revenue!.total) * 100)).toBe(34_567);
    expect(Math.round(((cash(after)?.amount ?? 0) - (cash(before)?.amount ?? 0)) * 100)).toBe(
      34_567,
    );
    expect(after.sales.total - before.sales.total).toBe(1);

    await page.goto('/staff/');
    await page
      .getByRole('heading', { name: 'الإيرادات', exact: true })
      .waitFor({ timeout: 30_000 });
    await expectCashShown(page, made, '345.67 جنيه');
    const revenueTile = page.getByRole('heading', { name: 'الإيرادات', exact: true }).locator('..');
    await expect.poll(() => revenueTile.innerText()).toContain(formatMoney(after.revenue!.total));
    await expectNoSidewaysOverflow(page);
    await screenshot(page, 'staff-owner-numbers-desktop-03-dashboard');

    // This month, from the presets: the grant is today, so it is still there.
    await page.getByRole('button', { name: 'هذا الشهر' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'هذا الشهر' }).getAttribute('aria-pressed'))
      .toBe('true');
    await expectCashShown(page, made, '345.67 جنيه');

    // A refund (ADR 050): 45.67 of it paid back in cash. The sale stays where it was; the
    // revenue tile says what was given back, and the lecture leaves the purchases tab.
    await page.goto(`/staff/students/${student.id}/show`);
    await page.getByRole('tab', { name: /المشتريات/ }).click();
    await page.getByRole('button', { name: `رد المبلغ: ${made.lecture}` }).click();
    const refund = page.getByRole('dialog', { name: `رد ثمن «${made.lecture}»` });
    await refund.getByText(/المدفوع: 345.67 جنيه/).waitFor();
    await refund.getByLabel(/المبلغ المردود/).fill('45.67');
    await refund.getByRole('radio', { name: 'نقدًا في المركز' }).check();
    await refund.getByLabel(/السبب/).fill('لم يحضر الحصة');
    await screenshot(page, 'staff-owner-numbers-desktop-04-refund', { fullPage: false });
    await refund.getByRole('button', { name: 'رد المبلغ' }).click();
    await page.getByText('تم رد 45.67 جنيه وإلغاء وصول الطالب').waitFor();
    await page.getByRole('tab', { name: 'المرتجعات (1)' }).click();
    const given = page.getByRole('row').filter({ hasText: 'لم يحضر الحصة' });
    await expect.poll(() => given.innerText()).toContain('45.67 جنيه');
    await screenshot(page, 'staff-owner-numbers-desktop-05-refunds');
    const refunded = await serverStats(token);
    expect(refunded.sales.total).toBe(after.sales.total);
    expect(Math.round((refunded.revenue!.refunds.cash - after.revenue!.refunds.cash) * 100)).toBe(
      4_567,
    );
    await page.goto('/staff/');
    const tile = page.getByRole('heading', { name: 'الإيرادات', exact: true }).locator('..');
    await expect.poll(() => tile.innerText()).toMatch(/رُد منها .* بقيمة [\d,.]+ جنيه/);
  });
});

describe('the owner’s numbers on a phone', () => {
  it.override({ viewport: 'phone' });

  it('the dashboard reads on a phone: tiles, charts and tables one under another', async ({
    page,
    students,
    ownCourse: made,
  }) => {
    const student = await students.create();
    const token = await adminToken();
    const granted = await callApi(`/staff/students/${student.id}/grants`, {
      token,
      body: { lecture_id: made.lectureId, cash_amount: 80.5 },
    });
    expect(granted.status).toBe(200);
    await staffSignIn(page, STAFF.admin);
    await page.getByText('أهلاً بك في لوحة إدارة دَرس').waitFor();
    await page
      .getByRole('heading', { name: 'الإيرادات', exact: true })
      .waitFor({ timeout: 30_000 });
    await expectCashShown(page, made, '80.50 جنيه');
    await expectNoSidewaysOverflow(page);
    await screenshot(page, 'staff-owner-numbers-phone-01-dashboard');

    // The period by day, month and year on the phone's own pickers.
    const from = page.getByRole('group', { name: 'من يوم' });
    await from.getByRole('combobox', { name: 'اليوم' }).selectOption('1');
    await expectCashShown(page, made, '80.50 جنيه');
    await screenshot(page, 'staff-owner-numbers-phone-02-period', { fullPage: false });
  });
});
