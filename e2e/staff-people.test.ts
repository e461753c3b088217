import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { callApi, serverUser } from './support/api';
import { screenshot } from './support/browser';
import { expectNoSidewaysOverflow, it, VIEWPORT_NAMES } from './support/screens';

// Students and messages in the staff console (issue 13, ADR 029) against the real server, with
// the demo's admin; axe and CSP are checked on every screenshot.
const ADMIN = 'admin@dars.test';
const PASSWORD = 'dars12345';

async function signIn(page: Page, email: string) {
  await page.goto('/staff/');
  // The console's first load (one large script) is slow on a busy machine.
  await page.locator('input[name="username"]').waitFor({ timeout: 45_000 });
  await page.locator('input[name="username"]').fill(email);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await page.getByText('أهلاً بك في لوحة إدارة دَرس').waitFor();
}

/** Activates a control from the keyboard: focus, then Enter. */
async function press(control: Locator) {
  await control.focus();
  await control.press('Enter');
}

async function studentToken(login: string, password: string): Promise<string> {
  const res = await callApi('/login', { body: { login, password } });
  expect(res.status).toBe(200);
  return (res.json as { token: string }).token;
}

describe.each(VIEWPORT_NAMES)('students in the staff console on a %s', (viewport) => {
  it.override({ viewport });

  it('an admin finds a student by phone, reads the tabs and blocks the account: the student is signed out and refused', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const token = await studentToken(student.email, student.password);
    await signIn(page, ADMIN);
    await page.goto('/staff/students');
    await page.getByPlaceholder('بحث').fill(student.phone);
    // The search reaches the address after a pause: open the student once it has.
    await expect.poll(() => decodeURIComponent(page.url())).toContain(student.phone);
    await page.getByText(student.name).first().click();
    await page.getByRole('heading', { name: student.name }).waitFor();
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `staff-people-${viewport}-01-student`);

    await press(page.getByRole('tab', { name: /المحفظة/ }));
    await page.getByText('لا توجد عمليات في المحفظة').waitFor();
    await screenshot(page, `staff-people-${viewport}-01b-ledger`);

    // By keyboard, as a staff member without a mouse would.
    await press(page.getByRole('button', { name: 'إيقاف الحساب' }));
    const dialog = page.getByRole('dialog', { name: `إيقاف حساب ${student.name}` });
    await dialog.getByLabel(/سبب الإيقاف/).fill('مشاركة الحساب مع آخرين');
    await screenshot(page, `staff-people-${viewport}-02-block`, { fullPage: false });
    await press(dialog.getByRole('button', { name: 'إيقاف الحساب' }));
    await page.getByRole('button', { name: 'إعادة تفعيل الحساب' }).waitFor();
    await press(page.getByRole('tab', { name: 'البيانات' }));
    await page.getByText('مشاركة الحساب مع آخرين').waitFor();
    await screenshot(page, `staff-people-${viewport}-03-blocked`);

    expect((await callApi('/auth/user', { token })).status).toBe(401);
    const refused = await callApi('/login', {
      body: { login: student.email, password: student.password },
    });
    expect(refused.status).toBe(403);
    expect((refused.json as { message: string }).message).toBe(
      'تم إيقاف حسابك، تواصل مع الدعم لمعرفة التفاصيل',
    );

    await press(page.getByRole('button', { name: 'إعادة تفعيل الحساب' }));
    await press(page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }));
    await page.getByRole('button', { name: 'إيقاف الحساب' }).waitFor();
    await studentToken(student.email, student.password);
  });
});

describe('messages in the staff console on a desktop', () => {
  it.override({ viewport: 'desktop' });

  it("an admin sends one student a message that reaches the student's bell", async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const token = await studentToken(student.email, student.password);
    await signIn(page, ADMIN);
    await page.getByRole('menuitem', { name: /الرسائل والإعلان/ }).click();
    await page.getByRole('heading', { name: 'إرسال إشعار للطلاب' }).waitFor();
    await screenshot(page, 'staff-people-desktop-04-messages');
    await page.getByRole('combobox', { name: /الطالب/ }).fill(student.phone);
    await page.getByRole('option', { name: new RegExp(student.name) }).click();
    await page.getByLabel(/عنوان الإشعار/).fill('تنبيه من الإدارة');
    await page.getByLabel(/نص الإشعار/).fill('راجع جدول الامتحانات الجديد');
    await page.getByLabel(/مسار يفتحه الإشعار/).fill('/exams');
    await page.getByRole('button', { name: 'إرسال الإشعار' }).click();
    await page.getByText('تم إرسال الإشعار إلى طالب واحد').waitFor();
    const [first] = (await serverUser(token)).notifications;
    expect(first).toMatchObject({
      data: {
        type: 'admin_message',
        title: 'تنبيه من الإدارة',
        content: 'راجع جدول الامتحانات الجديد',
        to: '/exams',
      },
    });
  });
});
