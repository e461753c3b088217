import fs from 'node:fs';
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  NOTIFICATIONS_INITIAL_COUNT,
  NOTIFICATIONS_MARK_READ_DELAY_MS,
  STORAGE_KEYS,
} from '@dars/contract';
import { ANNOUNCEMENT } from '../apps/server/src/db/seed/catalog-data';
import { notify } from '../apps/server/src/modules/notifications/notification-service';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { canLogIn, serverUser } from './support/api';
import { openPage, screenshot, VIEWPORTS, waitForAppStart } from './support/browser';
import { changeSettings, withDatabase } from './support/database';
import { mailedCode } from './support/outbox';
import { writePng } from './support/png';
import { it, pathname, VIEWPORT_NAMES } from './support/screens';
import type { Student } from './support/students';
import { serverURL } from './support/server';

/**
 * The accounts issue's journeys, on a phone and on a desktop, against the real server: register
 * and confirm the e-mail with the mailed code, finish an incomplete profile, log out, a wrong
 * password, reset the password, the notifications bell, the profile's changes, and support
 * tickets from a guest and from a student. Each journey makes its own student (support/students.ts).
 */

const SECOND_GRADE = 'الصف الثاني الثانوي';
const THIRD_GRADE = 'الصف الثالث الثانوي';
const NEW_PASSWORD = 'new-pass-5678';

const TEXT = {
  loginField: 'البريد الإلكتروني أو رقم الهاتف',
  password: 'كلمة المرور',
  wrongLogin: 'بيانات الدخول غير صحيحة',
  confirmed: 'تم تأكيد بريدك الإلكتروني بنجاح',
  unconfirmedBar: 'لم يتم تأكيد بريدك الإلكتروني بعد',
  incomplete: 'يتعين عليك إكمال بيانات حسابك حتى تتمكن من استعمال التطبيق',
  resetDone: 'تم تغيير كلمة المرور بنجاح، سجّل الدخول بكلمة المرور الجديدة',
  saved: 'تم حفظ التغييرات بنجاح',
  avatarChanged: 'تم تغيير الصورة بنجاح',
  passwordChanged: 'تم تغيير كلمة المرور بنجاح',
  wrongCurrentPassword: 'كلمة المرور الحالية غير صحيحة',
  blankField: 'لا يمكنك ترك حقل فارغاً',
  ticketSent: 'تم إرسال رسالتك بنجاح، سيتواصل معك فريق الدعم قريباً',
  /** The year now in Cairo, as the machine running the journey reads it (issue 24: not 2023). */
  copyright: `© ${new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone: 'Africa/Cairo' }).format(new Date())} دَرس. جميع الحقوق محفوظة.`,
  poweredBy: 'مُشغَّل بواسطة منصة دَرس',
} as const;

/** The phone bottom bar of a signed-in student with exams and the wallet on (spec §2). */
const BOTTOM_BAR_LABELS = [
  'الرئيسية',
  'دوراتي',
  'الدورات',
  'الامتحانات',
  'المحفظة',
  'الملف الشخصي',
];

function waitForPath(page: Page, path: string): Promise<void> {
  return page.waitForURL((url) => url.pathname === path);
}

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.token);
}

/** A password field: it has no textbox role, and 'كلمة المرور' is inside other labels. */
function passwordField(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(label, { exact: true });
}

/** An alert or status (message bar, snackbar) that says `text`. */
function notice(page: Page, role: 'alert' | 'status', text: string): Locator {
  return page.getByRole(role).filter({ hasText: text });
}

/** Picks an option of a select field (its menu opens in a popover outside <main>). */
async function chooseOption(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** Fills the login form and submits it; the caller waits for where the guards lead. */
async function submitLogin(page: Page, login: string, password: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: TEXT.loginField, exact: true }).fill(login);
  await passwordField(main, TEXT.password).fill(password);
  await main.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();
}

/** Logs in through the login screen and waits until the guards have led to `landing`. */
async function logIn(page: Page, student: Student, landing = '/home'): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, student.email, student.password);
  await waitForPath(page, landing);
  await page.getByRole('main').getByRole('heading').first().waitFor();
  await expectNoSeriousA11yViolations(page);
}

/** Opens the top bar's user menu ('حسابي') and returns it. */
async function openUserMenu(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'حسابي', exact: true }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

describe.each(VIEWPORT_NAMES)('on a %s', (viewport) => {
  it.override({ viewport });

  const shot = (page: Page, number: string, name: string, options?: { fullPage?: boolean }) =>
    screenshot(page, `${viewport}-acc-${number}-${name}`, options);

  it('registers, confirms the e-mail with the mailed code and lands on home', async ({
    page,
    students,
  }) => {
    const restore = await changeSettings({ email_verification: true });
    try {
      const student = students.details();
      students.adopt(student.email);
      const main = page.getByRole('main');
      await page.goto('/login');
      await main.getByRole('link', { name: 'أنشئ حساباً جديداً' }).click();
      await waitForPath(page, '/register');

      await main.getByRole('textbox', { name: 'الاسم', exact: true }).fill(student.name);
      await main
        .getByRole('textbox', { name: 'البريد الإلكتروني', exact: true })
        .fill(student.email);
      await main.getByRole('textbox', { name: 'رقم الهاتف', exact: true }).fill(student.phone);
      await chooseOption(page, main.getByRole('combobox', { name: 'الصف الدراسي' }), SECOND_GRADE);
      await passwordField(main, 'كلمة المرور').fill(student.password);
      await passwordField(main, 'تأكيد كلمة المرور').fill(student.password);
      await shot(page, '01', 'register-filled');
      await main.getByRole('button', { name: 'إنشاء الحساب' }).click();

      // The server answered 'SENT': the guards keep the new student on /confirm.
      await waitForPath(page, '/confirm');
      await page.getByRole('status').filter({ hasText: TEXT.unconfirmedBar }).waitFor();
      const token = await storedToken(page);
      expect(token).toBeTruthy();
      expect((await serverUser(token!)).email_verified_at).toBeNull();
      // Every other page leads back here until the e-mail is confirmed.
      await page.goto('/home');
      await waitForPath(page, '/confirm');
      await shot(page, '02', 'confirm');

      const code = await mailedCode(student.email, 'رمز تأكيد بريدك الإلكتروني');
      await main.getByRole('textbox', { name: 'رمز التأكيد', exact: true }).fill(code);
      await main.getByRole('button', { name: 'تأكيد', exact: true }).click();

      await waitForPath(page, '/home');
      await notice(page, 'alert', TEXT.confirmed).waitFor();
      expect(await page.getByText(TEXT.unconfirmedBar).count()).toBe(0);
      const user = await serverUser(token!);
      expect(user.email_verified_at).not.toBeNull();
      expect(user.grade?.name).toBe(SECOND_GRADE);
      await shot(page, '03', 'home-after-confirm');
    } finally {
      await restore();
    }
  });

  it('keeps an incomplete profile on /profile with the warning until a grade is saved', async ({
    page,
    students,
  }) => {
    const student = await students.create({ grade: false });
    const main = page.getByRole('main');
    await logIn(page, student, '/profile');
    const warning = notice(page, 'alert', TEXT.incomplete);
    await warning.waitFor();
    // Home is out of reach while the profile lacks a grade.
    await page.goto('/home');
    await waitForPath(page, '/profile');
    await warning.waitFor();
    await shot(page, '04', 'incomplete-profile');

    await chooseOption(page, main.getByRole('combobox', { name: 'الصف الدراسي' }), THIRD_GRADE);
    await main.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await notice(page, 'alert', TEXT.saved).waitFor();
    await warning.waitFor({ state: 'detached' });
    expect((await serverUser((await storedToken(page))!)).profile_not_completed).toBe(false);
    await shot(page, '05', 'profile-completed');

    await page.getByRole('banner').getByRole('link', { name: 'دَرس، الصفحة الرئيسية' }).click();
    await waitForPath(page, '/home');
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'حسابي' }).waitFor();
    expect(pathname(page)).toBe('/home');
  });

  it('asks before logging out: cancel keeps the session, confirm ends it on /login', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    await logIn(page, student);
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    const logoutDialog = page.getByRole('dialog', { name: 'تسجيل الخروج' });
    const chooseLogout = async () => {
      const menu = await openUserMenu(page);
      await menu.getByRole('menuitem', { name: 'تسجيل الخروج' }).click();
      await logoutDialog.waitFor();
    };

    await chooseLogout();
    await shot(page, '06', 'logout-confirm', { fullPage: false });
    await logoutDialog.getByRole('button', { name: 'إلغاء' }).click();
    await logoutDialog.waitFor({ state: 'detached' });
    expect(pathname(page)).toBe('/home');
    expect(await storedToken(page)).toBe(token);
    expect((await serverUser(token!)).email).toBe(student.email);

    await chooseLogout();
    await logoutDialog.getByRole('button', { name: 'تسجيل الخروج' }).click();
    await waitForPath(page, '/login');
    // Logging out reloads the page (session-actions.ts): the app starts again, the heaviest
    // step of a journey on a busy machine (CI once passed the 15 s a locator gets here).
    await waitForAppStart(page);
    await page.getByRole('main').getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
    expect(await storedToken(page)).toBeNull();
    // The server revoked the token too.
    await expect(serverUser(token!)).rejects.toThrow(/401/);
    await shot(page, '07', 'logged-out');
  });

  it("shows the server's message for a wrong password and stays on /login", async ({
    page,
    students,
  }) => {
    const student = await students.create();
    await page.goto('/login');
    await submitLogin(page, student.email, 'not-the-password');
    await notice(page, 'alert', TEXT.wrongLogin).waitFor();
    expect(pathname(page)).toBe('/login');
    expect(await storedToken(page)).toBeNull();
    await shot(page, '08', 'wrong-password');
  });

  it('resets the password with the mailed code: the new one signs in, the old one no longer does', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const main = page.getByRole('main');
    await page.goto('/login');
    await main.getByRole('link', { name: 'نسيت كلمة المرور؟' }).click();
    await waitForPath(page, '/reset-password');
    // The footer, as on its sibling forms (login, register).
    await page.getByRole('contentinfo').getByText(TEXT.poweredBy).waitFor();

    await main.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(student.email);
    await main.getByRole('button', { name: 'إرسال الرمز' }).click();
    const codeField = main.getByRole('textbox', { name: 'رمز الاستعادة', exact: true });
    await codeField.waitFor();
    await shot(page, '09', 'reset-code');
    await codeField.fill(await mailedCode(student.email, 'رمز استعادة كلمة المرور'));
    await main.getByRole('button', { name: 'تحقق من الرمز' }).click();

    const newPassword = passwordField(main, 'كلمة المرور الجديدة');
    await newPassword.waitFor();
    await newPassword.fill(NEW_PASSWORD);
    await passwordField(main, 'تأكيد كلمة المرور').fill(NEW_PASSWORD);
    await shot(page, '10', 'reset-new-password');
    await main.getByRole('button', { name: 'حفظ كلمة المرور' }).click();

    await waitForPath(page, '/login');
    await notice(page, 'status', TEXT.resetDone).waitFor();
    await shot(page, '11', 'reset-done');
    await submitLogin(page, student.email, student.password);
    await notice(page, 'alert', TEXT.wrongLogin).waitFor();
    expect(pathname(page)).toBe('/login');

    await submitLogin(page, student.email, NEW_PASSWORD);
    await waitForPath(page, '/home');
    expect(await storedToken(page)).toBeTruthy();
  });

  it('marks the notifications read 2 s after the bell opens, and the badge clears', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const unread = NOTIFICATIONS_INITIAL_COUNT + 2;
    await withDatabase(async (db) => {
      for (let n = 1; n <= unread; n++) {
        await notify(db, student.id, {
          type: 'admin_message',
          title: `رسالة من الإدارة رقم ${n}`,
          content: 'موعد المراجعة النهائية يوم الخميس القادم في تمام الساعة السابعة مساءً.',
          to: '/home',
        });
      }
    });
    await logIn(page, student);
    const token = (await storedToken(page))!;
    // The open panel hides the rest of the page from assistive technology (aria-hidden), so
    // the bell is found among hidden elements too, to read its badge while the panel is open.
    const bell = page
      .getByRole('banner', { includeHidden: true })
      .getByRole('button', { name: /^الإشعارات/, includeHidden: true });
    await expect.poll(() => bell.innerText()).toBe(String(unread));
    // Its name holds what its badge shows (WCAG 2.5.3).
    expect(await bell.getAttribute('aria-label')).toBe(`الإشعارات، ${unread} غير مقروءة`);

    const openedAt = Date.now();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'الإشعارات' });
    await panel.waitFor();
    // Not read on opening: the count stays until the delay has passed.
    expect(await bell.innerText()).toBe(String(unread));
    const items = panel.getByRole('listitem');
    await expect.poll(() => items.count()).toBe(NOTIFICATIONS_INITIAL_COUNT);
    expect(await items.first().innerText()).toContain(`رسالة من الإدارة رقم ${unread}`);
    await shot(page, '12', 'notifications-open', { fullPage: false });
    await panel.getByRole('button', { name: 'عرض المزيد' }).click();
    await expect.poll(() => items.count()).toBe(unread);

    await expect.poll(() => serverUser(token).then((u) => u.notifications_count)).toBe(0);
    expect(Date.now() - openedAt).toBeGreaterThanOrEqual(NOTIFICATIONS_MARK_READ_DELAY_MS);
    await expect.poll(() => bell.innerText()).toBe('');
    if (viewport === 'phone') await panel.getByRole('button', { name: 'إغلاق' }).click();
    else await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await shot(page, '13', 'notifications-read');

    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: 'حسابي' }).waitFor();
    expect(await bell.innerText()).toBe('');
  });

  it('changes the name, grade, avatar and password from the profile', async ({
    page,
    browser,
    students,
  }) => {
    const student = await students.create();
    const newName = `${student.name} المعدل`;
    const main = page.getByRole('main');
    await logIn(page, student);
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'الملف الشخصي' }).click();
    await waitForPath(page, '/profile');

    // Name and grade, kept by the server.
    const nameField = main.getByRole('textbox', { name: 'الاسم', exact: true });
    const grade = main.getByRole('combobox', { name: 'الصف الدراسي' });
    await nameField.fill(newName);
    await chooseOption(page, grade, THIRD_GRADE);
    await main.getByRole('button', { name: 'حفظ التغييرات' }).click();
    await notice(page, 'alert', TEXT.saved).waitFor();
    await page.reload();
    await expect.poll(() => nameField.inputValue()).toBe(newName);
    expect(await grade.innerText()).toContain(THIRD_GRADE);

    // The password: the wrong current one is refused under its field, the right one works.
    // (After the reload no snackbar covers the buttons: on a phone it sits above the bottom bar.)
    const current = passwordField(main, 'كلمة المرور الحالية');
    const next = passwordField(main, 'كلمة المرور الجديدة');
    await current.fill('not-the-password');
    await next.fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await main.getByText(TEXT.wrongCurrentPassword).waitFor();
    await shot(page, '14', 'wrong-current-password');
    await current.fill(student.password);
    await main.getByRole('button', { name: 'تغيير كلمة المرور' }).click();
    await notice(page, 'alert', TEXT.passwordChanged).waitFor();
    expect(await current.inputValue()).toBe('');
    expect(await main.getByText(TEXT.wrongCurrentPassword).count()).toBe(0);
    // This device stays signed in; the old password no longer works.
    await page.reload();
    await nameField.waitFor();
    expect(pathname(page)).toBe('/profile');
    expect(await canLogIn(student.email, student.password)).toBe(false);
    // On another device the new password signs in.
    const other = await openPage(browser, serverURL(), viewport);
    try {
      await other.page.goto('/login');
      await submitLogin(other.page, student.email, NEW_PASSWORD);
      await waitForPath(other.page, '/home');
    } finally {
      await other.context.close();
    }

    // The avatar: a real PNG, stored and served under /storage/avatars/.
    const avatar = main.getByRole('img', { name: `صورة ${newName}` });
    expect(await avatar.count()).toBe(0); // the initial letter stands in until a picture exists
    // The bytes are handed over, not the path: with a path the browser reads the file only at
    // upload time, and a temp file removed by then made this test flaky under load.
    const png = writePng('avatar.png');
    try {
      await main.getByLabel('تغيير الصورة').setInputFiles({
        name: 'avatar.png',
        mimeType: 'image/png',
        buffer: fs.readFileSync(png.file),
      });
    } finally {
      png.remove();
    }
    await notice(page, 'alert', TEXT.avatarChanged).waitFor();
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/storage\/avatars\/.+\.png$/);
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    await shot(page, '15', 'profile-avatar');
  });

  it('takes a support ticket from a guest, who must give a name, e-mail and phone', async ({
    page,
    students,
  }) => {
    const guest = students.details();
    const main = page.getByRole('main');
    const form = {
      title: 'لا أستطيع فتح المحاضرة',
      content: 'تظهر رسالة خطأ عند فتح المحاضرة الأولى.',
    };
    try {
      await page.goto('/help');
      const send = main.getByRole('button', { name: 'إرسال', exact: true });
      await send.click();
      // Every field is required: the five say so before anything is sent.
      await expect.poll(() => main.getByText(TEXT.blankField).count()).toBe(5);
      await shot(page, '16', 'guest-ticket-blank');

      await main.getByRole('textbox', { name: 'الاسم', exact: true }).fill(guest.name);
      await main.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(guest.email);
      await main.getByRole('textbox', { name: 'رقم الهاتف', exact: true }).fill(guest.phone);
      await main.getByRole('textbox', { name: 'عنوان الرسالة', exact: true }).fill(form.title);
      await main.getByRole('textbox', { name: 'نص الرسالة', exact: true }).fill(form.content);
      expect(await main.getByText(TEXT.blankField).count()).toBe(0);
      await send.click();
      await notice(page, 'status', TEXT.ticketSent).waitFor();
      await shot(page, '17', 'guest-ticket-sent');

      const tickets = await withDatabase((db) =>
        db.selectFrom('support_tickets').selectAll().where('email', '=', guest.email).execute(),
      );
      expect(tickets).toMatchObject([
        { user_id: null, name: guest.name, phone: guest.phone, ...form },
      ]);
    } finally {
      await withDatabase((db) =>
        db.deleteFrom('support_tickets').where('email', '=', guest.email).execute(),
      );
    }
  });

  it('takes a support ticket from a signed-in student without asking who they are', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const main = page.getByRole('main');
    const form = {
      title: 'استفسار عن الاشتراك',
      content: 'هل يشمل الاشتراك امتحانات الشهر القادم؟',
    };
    await logIn(page, student);
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'الدعم' }).click();
    await waitForPath(page, '/help');

    const subject = main.getByRole('textbox', { name: 'عنوان الرسالة', exact: true });
    await subject.waitFor();
    for (const name of ['الاسم', 'البريد الإلكتروني', 'رقم الهاتف'])
      expect(await main.getByRole('textbox', { name, exact: true }).count()).toBe(0);
    await subject.fill(form.title);
    await main.getByRole('textbox', { name: 'نص الرسالة', exact: true }).fill(form.content);
    await main.getByRole('button', { name: 'إرسال', exact: true }).click();
    await notice(page, 'status', TEXT.ticketSent).waitFor();
    await shot(page, '18', 'student-ticket-sent');

    const tickets = await withDatabase((db) =>
      db.selectFrom('support_tickets').selectAll().where('user_id', '=', student.id).execute(),
    );
    expect(tickets).toMatchObject([{ name: null, email: null, phone: null, ...form }]);
  });

  it('keeps the announcement off the not-found page and the login form, shows it once on home', async ({
    browser,
    students,
  }) => {
    const student = await students.create();
    // A first visit: this device has not closed the announcement yet.
    const first = await openPage(browser, serverURL(), viewport, { announcement: 'unseen' });
    try {
      const { page } = first;
      const announcement = page.getByRole('dialog', { name: 'إعلان' });
      // The dialog's code is loaded on demand: give it the time it would take to appear.
      const expectNoAnnouncement = async () => {
        await page.waitForTimeout(750);
        expect(await announcement.count()).toBe(0);
      };

      await page.goto('/no-such-page');
      await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
      await expectNoAnnouncement();
      await page.goto('/login');
      await page.getByRole('main').getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
      await expectNoAnnouncement();

      await submitLogin(page, student.email, student.password);
      await waitForPath(page, '/home');
      await announcement.waitFor();
      expect(await announcement.innerText()).toContain(ANNOUNCEMENT.split('\n')[0]!.trim());
      const dismiss = announcement.getByRole('button', { name: 'حسناً' });
      // Nothing drawn on the button before anyone reaches it (the focus ripple was a pale blob).
      expect(await dismiss.evaluate((button) => button.matches(':focus'))).toBe(false);
      await screenshot(page, `${viewport}-acc-19-announcement`, { fullPage: false });

      await dismiss.click();
      await announcement.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('main').getByRole('heading').first().waitFor();
      await expectNoAnnouncement();
    } finally {
      await first.context.close();
    }
  });
});

/** Where an element ends, and where the fixed bottom bar starts, in viewport pixels. */
async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element is not laid out');
  return box.y + box.height;
}

/**
 * Each bottom-bar label's natural width (one line, its own font) against the room its
 * destination gives it: a label that does not fit would be cut or spill onto its neighbour.
 */
function bottomBarLabelFits(bar: Locator) {
  return bar.evaluate((nav) =>
    Array.from(nav.querySelectorAll('a')).map((action) => {
      const label = action.querySelector('.MuiBottomNavigationAction-label')!;
      const probe = document.createElement('span');
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${
        getComputedStyle(label).font
      }`;
      probe.textContent = label.textContent;
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      const style = getComputedStyle(action);
      const room =
        action.getBoundingClientRect().width -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight);
      return { text: label.textContent, fits: needed <= room + 0.5 };
    }),
  );
}

describe.each([390, 360])('a signed-in student on a %i px phone', (width) => {
  it.override({ viewport: 'phone' });
  it.beforeEach(({ page }) => page.setViewportSize({ width, height: VIEWPORTS.phone.height }));

  it('scrolls the whole footer above the bottom bar and reads every bar label in full', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    await logIn(page, student);
    const bar = page.getByRole('navigation', { name: 'التنقل السريع' });
    expect(await bar.getByRole('link').allInnerTexts()).toEqual(BOTTOM_BAR_LABELS);
    expect(await bottomBarLabelFits(bar)).toEqual(
      BOTTOM_BAR_LABELS.map((text) => ({ text, fits: true })),
    );

    // The active label keeps its size: «الامتحانات» chosen still fits.
    await bar.getByRole('link', { name: 'الامتحانات' }).click();
    await waitForPath(page, '/exams');
    await expect
      .poll(() => bar.getByRole('link', { name: 'الامتحانات' }).getAttribute('class'))
      .toContain('Mui-selected');
    expect(await bottomBarLabelFits(bar)).toEqual(
      BOTTOM_BAR_LABELS.map((text) => ({ text, fits: true })),
    );

    // A page with the footer, scrolled to its end: the footer's last line clears the bar.
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    await footer.getByText(TEXT.poweredBy).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const barTop = (await bar.boundingBox())!.y;
    for (const end of [footer, footer.getByText(TEXT.copyright), footer.getByText(TEXT.poweredBy)])
      expect(await bottomOf(end)).toBeLessThanOrEqual(barTop + 0.5);
    expect(await bottomOf(footer)).toBeGreaterThan(barTop - 80);
    await screenshot(page, `phone-${width}-acc-20-footer-above-bottom-bar`, { fullPage: false });
  });
});
