import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { API_BASE } from '@dars/contract';
import { openPage, screenshot } from './support/browser';
import { expectNoSidewaysOverflow, it, pathname, VIEWPORT_NAMES } from './support/screens';
import { serverURL } from './support/server';

// The staff console of issue 12 (apps/staff, ADR 023) against the real server: the demo's
// admin and leader (apps/server/src/db/seed/demo-staff.ts) sign in at /staff.
const ADMIN = 'admin@dars.test';
const LEADER = 'leader@dars.test';
const PASSWORD = 'dars12345';

/** A staff call with the token the console stored, as the console makes it. */
async function staffApi(
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; json: { data?: unknown; message?: string } }> {
  const res = await fetch(new URL(`${API_BASE}/staff${route}`, serverURL()), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json().catch(() => ({})) };
}

function staffToken(page: Page): Promise<string> {
  return page.evaluate(() => window.localStorage.getItem('dars-staff-token') ?? '');
}

async function signIn(page: Page, email: string) {
  await page.goto('/staff/');
  // The console's first load (one 400 kB script) is slow on a busy machine.
  await page.locator('input[name="username"]').waitFor({ timeout: 45_000 });
  expect(pathname(page)).toBe('/staff/login');
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.getByText('أهلاً بك في لوحة إدارة دَرس').waitFor();
}

/** The menu: always there on a desktop, behind the bar's button on a phone. */
async function openMenu(page: Page, viewport: string) {
  if (viewport === 'phone') await page.getByRole('button', { name: 'فتح القائمة' }).click();
}

async function save(page: Page) {
  await page.getByRole('button', { name: 'حفظ' }).click();
}

describe.each(VIEWPORT_NAMES)('the staff console on a %s', (viewport) => {
  it.override({ viewport });

  it('signs in in Arabic, right to left, and refuses a wrong password in Arabic', async ({
    page,
  }) => {
    await page.goto('/staff/courses');
    await page.locator('input[name="username"]').waitFor({ timeout: 45_000 });
    expect(await page.evaluate(() => [document.documentElement.lang, document.dir])).toEqual([
      'ar',
      'rtl',
    ]);
    await screenshot(page, `staff-${viewport}-01-login`);
    await page.locator('input[name="username"]').fill(ADMIN);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
    await expect.poll(() => page.getByRole('alert').allInnerTexts()).not.toEqual([]);
    const alert = (await page.getByRole('alert').allInnerTexts()).join(' ');
    expect(alert).toMatch(/[\u0600-\u06FF]/);
    expect(alert).not.toMatch(/[A-Za-z]{4,}/);
    await signIn(page, ADMIN);
    await openMenu(page, viewport);
    await expect.poll(() => page.getByRole('menuitem', { name: 'الإعدادات' }).count()).toBe(1);
    await screenshot(page, `staff-${viewport}-02-admin-menu`, { fullPage: viewport !== 'phone' });
    if (viewport === 'phone') await page.keyboard.press('Escape');
    await page.goto('/staff/courses');
    await page.getByText('فيزياء', { exact: false }).first().waitFor();
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `staff-${viewport}-03-courses`);
  });

  it("shows the server's 422 message under the field it is about", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto('/staff/teachers/create');
    await page.getByRole('textbox', { name: 'الاسم' }).fill(`مدرس ${randomUUID().slice(0, 6)}`);
    await page.getByRole('textbox', { name: 'رابط فيسبوك' }).fill('facebook dot com');
    await save(page);
    const field = page.getByRole('textbox', { name: 'رابط فيسبوك' });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    // The server's own words for the field (its 422), not a browser bubble.
    await page.getByText(/^أدخل رابطاً/).waitFor();
    expect(pathname(page)).toBe('/staff/teachers/create');
    await screenshot(page, `staff-${viewport}-09-teacher-422`);
  });

  it('keeps a leader out of the settings and away from prices', async ({ page }) => {
    await signIn(page, LEADER);
    await openMenu(page, viewport);
    await page.getByRole('menuitem', { name: 'الدورات' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'الإعدادات' }).count()).toBe(0);
    await screenshot(page, `staff-${viewport}-10-leader-menu`, { fullPage: viewport !== 'phone' });
    if (viewport === 'phone') await page.keyboard.press('Escape');

    await page.goto('/staff/settings');
    await page.getByText('ليس لديك صلاحية لفتح هذه الصفحة').waitFor();
    await screenshot(page, `staff-${viewport}-11-leader-settings`);

    const token = await staffToken(page);
    const list = await staffApi(token, 'GET', '/courses?per_page=1');
    const course = (list.json.data as { id: number; price: number }[])[0]!;
    await page.goto(`/staff/courses/${course.id}`);
    const price = page.getByRole('spinbutton', { name: 'السعر (جنيه)' });
    await expect.poll(() => price.isDisabled()).toBe(true);
    await page.getByText('تعديل الأسعار متاح للمدير فقط').first().waitFor();
    await screenshot(page, `staff-${viewport}-12-leader-course`);

    // What the disabled field keeps from the screen, the server refuses from anyone else.
    const refused = await staffApi(token, 'PATCH', `/courses/${course.id}`, {
      price: course.price + 10,
    });
    expect(refused.status).toBe(403);
    const after = await staffApi(token, 'GET', `/courses/${course.id}`);
    expect((after.json.data as { price: number }).price).toBe(course.price);
    expect((await staffApi(token, 'GET', '/settings')).status).toBe(403);
  });
});

// The content journey is a desktop one; the phone walks sign-in, lists, forms and refusals.
describe('content on a desktop', () => {
  it.override({ viewport: 'desktop' });

  it('lets an admin put in a grade, a category and a course with lectures in order, which students then find', async ({
    page,
    browser,
  }) => {
    const tag = randomUUID().slice(0, 6);
    const grade = `صف تجريبي ${tag}`;
    const category = `تصنيف تجريبي ${tag}`;
    const course = `دورة الكيمياء ${tag}`;
    await signIn(page, ADMIN);
    const token = await staffToken(page);

    await page.goto('/staff/grades/create');
    await page.getByRole('textbox', { name: 'الاسم' }).fill(grade);
    await screenshot(page, `staff-desktop-04-grade-create`);
    await save(page);
    await page.waitForURL(/\/staff\/grades$/);
    await page.getByText(grade).waitFor();

    await page.goto('/staff/categories/create');
    await page.getByRole('textbox', { name: 'الاسم' }).fill(category);
    await save(page);
    await page.waitForURL(/\/staff\/categories$/);

    await page.goto('/staff/courses/create');
    await page.getByRole('textbox', { name: 'الاسم' }).fill(course);
    await page.getByRole('textbox', { name: 'الوصف' }).fill('دورة أنشأها المدير من لوحة الإدارة');
    await page.getByRole('spinbutton', { name: 'السعر (جنيه)' }).fill('50');
    await page.getByLabel('منشورة').check();
    await page.getByRole('combobox', { name: 'الصفوف الدراسية' }).fill(tag);
    await page.getByRole('option', { name: grade }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'التصنيفات' }).fill(tag);
    await page.getByRole('option', { name: category }).click();
    await page.keyboard.press('Escape');
    await screenshot(page, `staff-desktop-05-course-create`);
    await save(page);
    await page.waitForURL(/\/staff\/courses\/\d+$/);
    const courseId = Number(pathname(page).split('/').pop());

    for (const [name, price] of [
      ['المحاضرة الأولى', '20'],
      ['المحاضرة الثانية', '30'],
    ] as const) {
      await page.getByRole('link', { name: 'إضافة محاضرة' }).click();
      await page.waitForURL(/\/staff\/lectures\/create/);
      // The course comes filled in from the address once its name has loaded.
      await expect
        .poll(() => page.getByRole('combobox', { name: 'الدورة' }).inputValue())
        .toBe(course);
      await page.getByRole('textbox', { name: 'الاسم' }).fill(name);
      await page.getByRole('spinbutton', { name: 'السعر (جنيه)' }).fill(price);
      if (name === 'المحاضرة الأولى') await screenshot(page, `staff-desktop-06-lecture-create`);
      await save(page);
      await page.waitForURL(new RegExp(`/staff/courses/${courseId}$`));
    }
    const rows = page.getByTestId('lecture-row');
    await expect.poll(() => rows.allInnerTexts()).toHaveLength(2);
    expect((await rows.allInnerTexts()).map((t) => t.split('\n')[0])).toEqual([
      '1. المحاضرة الأولى',
      '2. المحاضرة الثانية',
    ]);

    // Keyboard reordering: space on the second lecture's handle, up, space.
    await page.getByRole('button', { name: 'سحب المحاضرة المحاضرة الثانية' }).focus();
    // dnd-kit takes each key on a later frame: a pause between them, as a person's.
    await page.keyboard.press('Space');
    await page.waitForTimeout(500);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(500);
    await page.keyboard.press('Space');
    await page.getByText('تم حفظ ترتيب المحاضرات').waitFor();
    await screenshot(page, `staff-desktop-07-course-lectures`);
    const listed = await staffApi(
      token,
      'GET',
      `/lectures?course_id=${courseId}&sort=position&order=asc`,
    );
    expect((listed.json.data as { name: string }[]).map((l) => l.name)).toEqual([
      'المحاضرة الثانية',
      'المحاضرة الأولى',
    ]);

    // A student finds the published course in the catalogue, lectures in the new order.
    const student = await openPage(browser, serverURL(), 'desktop');
    try {
      await student.page.goto(`/courses/${courseId}`);
      await student.page.getByRole('heading', { name: course }).first().waitFor();
      await screenshot(student.page, `staff-desktop-08-student-sees-course`);
    } finally {
      await student.context.close();
    }
    // …and the student API gives its lectures in the order the admin dragged.
    const seen = await fetch(new URL(`${API_BASE}/courses/${courseId}`, serverURL()));
    const { data } = (await seen.json()) as { data: { lectures: { name: string }[] } };
    expect(data.lectures.map((l) => l.name)).toEqual(['المحاضرة الثانية', 'المحاضرة الأولى']);
    await staffApi(token, 'DELETE', `/courses/${courseId}`);
  });

  it('lets an admin turn maintenance on, which a student then meets', async ({ page, browser }) => {
    await signIn(page, ADMIN);
    const token = await staffToken(page);
    try {
      await page.goto('/staff/settings');
      const appIsDown = page.getByLabel('وضع الصيانة (إيقاف التطبيق للطلاب)');
      await appIsDown.waitFor();
      expect(await appIsDown.isChecked()).toBe(false);
      await screenshot(page, 'staff-desktop-13-settings');
      await appIsDown.check();
      await save(page);
      await page.getByText('تم الحفظ').waitFor();

      const student = await openPage(browser, serverURL(), 'phone');
      try {
        await student.page.goto('/');
        await student.page.getByText('المنصة تحت الصيانة الآن').waitFor();
        await screenshot(student.page, 'staff-desktop-14-student-maintenance');
      } finally {
        await student.context.close();
      }
    } finally {
      const off = await staffApi(token, 'PATCH', '/settings', { appIsDown: false });
      expect(off.status).toBe(200);
    }
  });
});
