import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { callApi, getApi, serverUser } from './support/api';
import { openPage, screenshot } from './support/browser';
import { signIn } from './support/catalog';
import { withDatabase } from './support/database';
import { mailedText } from './support/outbox';
import { expectNoSidewaysOverflow, it, pathname, VIEWPORT_NAMES } from './support/screens';
import { serverURL } from './support/server';
import { STAFF, staffSignIn } from './support/staff';

/**
 * Support that answers back (issue 24, ADR 039), on a phone and on a desktop, against the real
 * server: a student sends a ticket from the help page and is given its reference; the demo
 * leader replies (in the console on the desktop, through the console's API on the phone); the
 * student finds the reply marked new in «رسائلي», opens it (which reads its notification, as the
 * bell shows), and replies in the same thread, which staff see as the student's. A guest sends a
 * ticket, follows it by the link given on screen and by the one in the reply's e-mail, and
 * replies; a wrong link says so. Every screenshot is checked with axe; no screen scrolls sideways
 * (long words, a link and an LTR code in the messages).
 */

const PASSWORD = 'dars12345';
const SENT = 'تم إرسال رسالتك بنجاح، سيتواصل معك فريق الدعم قريباً';
/** A long unbroken word, a link and a left-to-right code: each must wrap inside its bubble. */
const LONG = 'https://dars.example/courses/physics-2026/lectures/a-very-long-path-0123456789abcdef';
const CODE = 'PAY-7F3K9Q2M8X1Z4C6V0B5N';

async function staffToken(): Promise<string> {
  const login = await callApi('/staff/login', {
    body: { email: STAFF.leader, password: PASSWORD },
  });
  expect(login.status).toBe(200);
  return (login.json as { data: { token: string } }).data.token;
}

interface StaffReply {
  author: string;
  name: string;
  content: string;
}

async function staffThread(token: string, id: number): Promise<StaffReply[]> {
  const { status, json } = await getApi(`/staff/support-tickets/${id}`, { token });
  expect(status).toBe(200);
  return (json as { data: { replies: StaffReply[] } }).data.replies;
}

/** The reference the sent notice shows, e.g. `S-00042`. */
async function sentReference(page: Page): Promise<string> {
  const notice = page.getByRole('status').filter({ hasText: SENT });
  await notice.waitFor();
  const reference = /S-\d{5,}/.exec(await notice.innerText())?.[0];
  expect(reference).toBeDefined();
  return reference!;
}

describe.each(VIEWPORT_NAMES)('support conversation on a %s', (viewport) => {
  it.override({ viewport });

  const shot = (page: Page, number: string, name: string, options?: { fullPage?: boolean }) =>
    screenshot(page, `${viewport}-support-${number}-${name}`, options);

  it('a student sends a ticket, reads the staff reply in «رسائلي» and replies in the same thread', async ({
    page,
    browser,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(page.context(), student);
    const main = page.getByRole('main');
    const ticket = {
      title: `لا يفتح الدرس ${randomUUID().slice(0, 4)}`,
      content: `ضغطت على الرابط ${LONG} وظهر الرمز ${CODE} ثم توقفت الصفحة.`,
    };

    // --- the help page: the ticket, its reference and the way to its conversation ---
    await page.goto('/help');
    await main.getByRole('textbox', { name: 'عنوان الرسالة', exact: true }).fill(ticket.title);
    await main.getByRole('textbox', { name: 'نص الرسالة', exact: true }).fill(ticket.content);
    await main.getByRole('button', { name: 'إرسال', exact: true }).click();
    const reference = await sentReference(page);
    const id = Number(reference.slice(2));
    await shot(page, '01', 'ticket-sent');
    await expectNoSidewaysOverflow(page);
    await main.getByRole('link', { name: 'عرض المحادثة' }).click();
    await page.waitForURL((url) => url.pathname === `/messages/${id}`);
    await main.getByRole('heading', { level: 1, name: ticket.title }).waitFor();
    await main.getByText(reference, { exact: true }).waitFor();
    await main.getByText('مفتوحة', { exact: true }).waitFor();
    await shot(page, '02', 'conversation-open');
    await expectNoSidewaysOverflow(page);

    // --- the leader replies ---
    const reply = `أرسل لنا صورة من الشاشة من فضلك، وجرّب الرابط ${LONG} مرة أخرى.`;
    const leader = await staffToken();
    if (viewport === 'desktop') {
      const staffSide = await openPage(browser, serverURL(), 'desktop');
      try {
        const staff = staffSide.page;
        await staffSignIn(staff, STAFF.leader);
        await staff.goto(`/staff/support-tickets/${id}/show`);
        await staff.getByRole('heading', { name: ticket.title }).waitFor();
        await staff.getByText(reference, { exact: true }).waitFor();
        await staff.getByRole('textbox', { name: 'ردك' }).fill(reply);
        await staff.getByRole('button', { name: 'إرسال الرد' }).click();
        await staff.getByRole('listitem').filter({ hasText: reply }).waitFor();
        await staff.getByText('تم الرد', { exact: true }).waitFor();
        await shot(staff, '03', 'staff-replied');
      } finally {
        await staffSide.context.close();
      }
    } else {
      const res = await callApi(`/staff/support-tickets/${id}/replies`, {
        token: leader,
        body: { content: reply },
      });
      expect(res.status).toBe(200);
    }
    expect((await serverUser(token)).notifications_count).toBe(1);

    // --- the student: «رسائلي» from the account menu, the reply marked new ---
    await page.goto('/home');
    await page.getByRole('banner').getByRole('button', { name: 'حسابي', exact: true }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'رسائلي' }).click();
    await page.waitForURL((url) => url.pathname === '/messages');
    const row = main.getByRole('listitem').filter({ hasText: ticket.title });
    await row.getByText('رد جديد', { exact: true }).waitFor();
    await row.getByText('تم الرد', { exact: true }).waitFor();
    await shot(page, '04', 'messages-unread');
    await expectNoSidewaysOverflow(page);
    // The link's name is the title, and says the reply is new (to a screen reader too).
    const open = row.getByRole('link', { name: ticket.title });
    expect(await open.evaluate((a) => a.textContent)).toBe(`${ticket.title}، رد جديد`);
    await open.click();
    await page.waitForURL((url) => url.pathname === `/messages/${id}`);
    const thread = main.getByRole('list', { name: 'الرسائل' });
    await thread.getByRole('listitem').filter({ hasText: 'من فريق الدعم' }).waitFor();
    expect(await thread.getByRole('listitem').count()).toBe(2);
    // Opening the conversation read its notification: the bell has nothing new.
    await expect.poll(async () => (await serverUser(token)).notifications_count).toBe(0);
    await shot(page, '05', 'reply-read');
    await expectNoSidewaysOverflow(page);

    // The bell's notification leads to the same conversation.
    await page.goto('/messages');
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^الإشعارات/ })
      .click();
    const panel = page.getByRole('dialog', { name: 'الإشعارات' });
    const note = panel.getByRole('link').filter({ hasText: `رد على طلب الدعم: ${ticket.title}` });
    expect(await note.getAttribute('href')).toBe(`/messages/${id}`);
    await note.click();
    await page.waitForURL((url) => url.pathname === `/messages/${id}`);

    // --- the student replies in the same thread ---
    const answer = `أرسلت الصورة، والرمز كان ${CODE}`;
    await main.getByRole('textbox', { name: 'ردك' }).fill(answer);
    await main.getByRole('button', { name: 'إرسال الرد' }).click();
    await main.getByRole('status').filter({ hasText: 'تم إرسال ردك' }).waitFor();
    await thread.getByRole('listitem').filter({ hasText: answer }).waitFor();
    await main.getByText('مفتوحة', { exact: true }).waitFor();
    await shot(page, '06', 'student-replied');
    await expectNoSidewaysOverflow(page);

    // Staff see who said what, in order; the ticket waits for them again.
    expect((await staffThread(leader, id)).map((r) => [r.author, r.name, r.content])).toEqual([
      ['staff', 'مشرف المحتوى', reply],
      ['student', student.name, answer],
    ]);
  }, 300_000);

  it('a guest follows a ticket by its link, reads the reply and answers; a wrong link says so', async ({
    page,
  }) => {
    const tag = randomUUID().slice(0, 8);
    const guest = { name: 'ولي أمر', email: `guest-${tag}@example.com`, phone: '01012345678' };
    const main = page.getByRole('main');
    try {
      await page.goto('/help');
      await main.getByRole('textbox', { name: 'الاسم', exact: true }).fill(guest.name);
      await main.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill(guest.email);
      await main.getByRole('textbox', { name: 'رقم الهاتف', exact: true }).fill(guest.phone);
      await main.getByRole('textbox', { name: 'عنوان الرسالة', exact: true }).fill(`سؤال ${tag}`);
      await main
        .getByRole('textbox', { name: 'نص الرسالة', exact: true })
        .fill(`هل توجد دورات للصف الثالث الثانوي؟ ${LONG}`);
      await main.getByRole('button', { name: 'إرسال', exact: true }).click();
      const reference = await sentReference(page);
      const id = Number(reference.slice(2));
      const link = main.getByRole('link', { name: /\/support\/follow\// });
      const href = await link.getAttribute('href');
      expect(href).toMatch(/^\/support\/follow\/[A-Za-z0-9_-]{43}$/);
      expect(await link.innerText()).toBe(`${serverURL()}${href}`);
      await shot(page, '07', 'guest-sent');
      await expectNoSidewaysOverflow(page);

      await link.click();
      await page.waitForURL((url) => url.pathname === href);
      await main.getByRole('heading', { level: 1, name: `سؤال ${tag}` }).waitFor();
      await main.getByText(reference, { exact: true }).waitFor();
      await shot(page, '08', 'guest-follow');
      await expectNoSidewaysOverflow(page);

      // The leader replies; the guest's e-mail carries a link of its own.
      const reply = 'نعم، توجد دورات للصف الثالث الثانوي، ويمكنك التسجيل من صفحة الدورات.';
      const res = await callApi(`/staff/support-tickets/${id}/replies`, {
        token: await staffToken(),
        body: { content: reply },
      });
      expect(res.status).toBe(200);
      const mail = await mailedText(guest.email, 'رد على طلب الدعم', reply);
      const mailed = /\/support\/follow\/[A-Za-z0-9_-]{43}/.exec(mail)?.[0];
      expect(mailed).toBeDefined();
      expect(mailed).not.toBe(href);
      await page.goto(mailed!);
      const thread = main.getByRole('list', { name: 'الرسائل' });
      await thread.getByRole('listitem').filter({ hasText: reply }).waitFor();
      await main.getByText('تم الرد', { exact: true }).waitFor();

      const answer = 'شكراً، وما مواعيد الدروس؟';
      await main.getByRole('textbox', { name: 'ردك' }).fill(answer);
      await main.getByRole('button', { name: 'إرسال الرد' }).click();
      await main.getByRole('status').filter({ hasText: 'تم إرسال ردك' }).waitFor();
      await thread.getByRole('listitem').filter({ hasText: answer }).waitFor();
      await shot(page, '09', 'guest-replied');
      await expectNoSidewaysOverflow(page);
      expect(pathname(page)).toBe(mailed);

      // A link with a wrong token: the server's Arabic message, no conversation.
      await page.goto(`/support/follow/${'x'.repeat(43)}`);
      await main
        .getByText('رابط المتابعة غير صحيح. تأكد من نسخ الرابط كاملاً كما وصلك.', { exact: true })
        .waitFor();
      await shot(page, '10', 'guest-wrong-link');
    } finally {
      await withDatabase((db) =>
        db.deleteFrom('support_tickets').where('email', '=', guest.email).execute(),
      );
    }
  }, 300_000);
});
