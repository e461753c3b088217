import fs from 'node:fs';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, screenshot } from './support/browser';
import { it, signIn } from './support/catalog';
import { withDatabase } from './support/database';
import { answerKey, expectStatus, questionSection, serverResults } from './support/exams';
import { STAFF, filtered, sendReceipt, staffSignIn } from './support/staff';
import { expectBalance, openWallet, serverWallet } from './support/wallet';
import { serverURL } from './support/server';

/**
 * The staff's daily work of issue 13 (ADR 031), on a desktop, against the real server: a
 * student sends a mobile-wallet recharge with its receipt, a support ticket and an exam with an
 * essay answer; the demo leader approves the recharge, replies to the ticket and marks the
 * essay in the staff console; the student then sees the new balance, the reply in the bell and
 * the corrected result. Every screen visited is checked with axe (screenshot()).
 */

/** The demo's physics exam: four one-mark choice questions and a two-mark essay (6 marks). */
const EXAM = { code: 'PHY2026', name: 'امتحان الفيزياء الشامل' };
const ESSAY = 'المقاومة المكافئة لمقاومتين متساويتين على التوازي نصف إحداهما.';

describe('the staff daily work on a desktop', () => {
  it.override({ viewport: 'desktop' });

  it('a leader approves a recharge, answers a ticket and marks an essay; the student sees each', async ({
    page,
    browser,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(page.context(), student);
    const shot = (p: Page, n: string, name: string, options?: { fullPage?: boolean }) =>
      screenshot(p, `desktop-staff-daily-${n}-${name}`, options);

    // --- the student: a mobile-wallet recharge with its receipt ---
    await sendReceipt(page, 100, '01098765432', 'حوّلت من فودافون كاش');
    await expectBalance(page, 0);

    // --- a support ticket from the help page ---
    const ticket = {
      title: `لم يصل الشحن ${student.name}`,
      content: 'أرسلت طلب شحن عبر فودافون كاش، متى يضاف الرصيد؟',
    };
    await page.goto('/help');
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'عنوان الرسالة', exact: true }).fill(ticket.title);
    await main.getByRole('textbox', { name: 'نص الرسالة', exact: true }).fill(ticket.content);
    await main.getByRole('button', { name: 'إرسال', exact: true }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'تم إرسال رسالتك بنجاح، سيتواصل معك فريق الدعم قريباً' })
      .waitFor();

    // --- the exam, on its screens: every choice right and the essay written, submitted ---
    const key = await answerKey(EXAM.code);
    expect(key.map((q) => q.type)).toEqual([
      'choices',
      'choices',
      'truefalse',
      'truefalse',
      'essay',
    ]);
    await page.goto('/exams');
    await main.getByRole('textbox', { name: 'كود الامتحان' }).fill(EXAM.code);
    await main.getByRole('button', { name: 'دخول', exact: true }).click();
    const details = main.getByRole('region', { name: EXAM.name, exact: true });
    await details.getByRole('button', { name: 'ابدأ الامتحان', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/exams/session');
    for (const [i, question] of key.entries()) {
      const section = questionSection(page, i + 1);
      await section.getByText(question.text, { exact: true }).waitFor();
      if (question.type === 'essay') {
        await section.getByRole('textbox', { name: 'إجابتك' }).fill(ESSAY);
      } else {
        await section.getByRole('radio', { name: question.right!.text, exact: true }).check();
      }
      await expectStatus(section, 'تم الحفظ');
      if (i < key.length - 1)
        await main.getByRole('button', { name: 'السؤال التالي', exact: true }).click();
    }
    await shot(page, '00', 'essay-written');
    await main.getByRole('button', { name: 'تسليم الإجابات', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'تسليم الإجابات', exact: true });
    await confirm.getByText('أجبت عن 5 من 5.').waitFor();
    await confirm.getByRole('button', { name: 'تسليم', exact: true }).click();
    await page.getByText('تم تسليم ا\uFEF9جابات بنجاح', { exact: true }).waitFor();
    const [waiting] = await serverResults(token, 'exams');
    expect(waiting).toMatchObject({ exam: { exam_code: EXAM.code }, corrected: false });

    // --- the leader, on a computer of their own ---
    const staffSide = await openPage(browser, serverURL(), 'desktop');
    const staff = staffSide.page;
    try {
      await staffSignIn(staff, STAFF.leader);
      for (const item of ['طلبات الدعم', 'طلبات الشحن', 'التصحيح', 'نتائج الامتحانات'])
        await staff.getByRole('menuitem', { name: item }).waitFor();

      // Recharge review: the pending queue, the request with its receipt, approved.
      await staff.goto(filtered('mobile-payments', { status: 'pending', q: student.name }));
      const row = staff.getByRole('row').filter({ hasText: student.name });
      await row.waitFor();
      await shot(staff, '01', 'recharge-queue');
      await row.click();
      const receiptImage = staff.getByRole('img', {
        name: `صورة إيصال التحويل — ${student.name}`,
      });
      await receiptImage.waitFor();
      await expect
        .poll(() => receiptImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(96);
      await staff.getByText('01098765432').waitFor();
      await staff.getByText('حوّلت من فودافون كاش').waitFor();
      await shot(staff, '02', 'recharge-request');
      await staff.getByRole('button', { name: 'قبول وإضافة الرصيد' }).click();
      // The confirmation names the student and the amount (issue 23).
      const approval = staff.getByRole('dialog', { name: `قبول طلب شحن ${student.name}` });
      await approval.getByRole('button', { name: 'قبول وإضافة 100.00 جنيه' }).click();
      await staff.getByText('تمت مراجعة هذا الطلب').waitFor();
      await staff.getByText('مقبول', { exact: true }).waitFor();
      await shot(staff, '03', 'recharge-approved');

      // Support: the open inbox, the ticket, a reply.
      await staff.goto(filtered('support-tickets', { status: 'open', q: student.name }));
      const ticketRow = staff.getByRole('row').filter({ hasText: ticket.title });
      await ticketRow.waitFor();
      await shot(staff, '04', 'support-inbox');
      await ticketRow.click();
      await staff.getByRole('heading', { name: ticket.title }).waitFor();
      await staff.getByText(ticket.content).waitFor();
      await shot(staff, '05', 'support-ticket');
      const reply = 'تمت إضافة الرصيد إلى محفظتك، شكراً لتواصلك معنا.';
      await staff.getByRole('textbox', { name: 'ردك' }).fill(reply);
      await staff.getByRole('button', { name: 'إرسال الرد' }).click();
      await staff.getByRole('listitem').filter({ hasText: reply }).waitFor();
      await shot(staff, '06', 'support-replied');

      // Marking: the student's essay in the queue, marked 2 of 2 with a comment.
      await staff.goto(filtered('marking', { q: student.name }));
      const card = staff.getByRole('article').filter({ hasText: student.name });
      await card.getByText(ESSAY).waitFor();
      await shot(staff, '07', 'marking-queue');
      await card.getByRole('textbox', { name: /^الدرجة \(من 0 إلى 2\)/ }).fill('2');
      await card.getByRole('textbox', { name: 'تعليق للطالب (اختياري)' }).fill('إجابة صحيحة');
      await card.getByRole('button', { name: 'حفظ الدرجة' }).click();
      const result = card.getByRole('status');
      await result.getByText(/نتيجة الطالب الآن: 6 من 6/).waitFor();
      expect(await result.innerText()).toContain('ناجح');
      await shot(staff, '08', 'marked');

      // The exam's sessions with scores, and its results as CSV.
      const examId = await withDatabase(async (db) =>
        db
          .selectFrom('exams')
          .select('id')
          .where('exam_code', '=', EXAM.code)
          .executeTakeFirstOrThrow()
          .then((r) => r.id),
      );
      await staff.goto(filtered('exam-sessions', { exam_id: examId, q: student.name }));
      const sessionRow = staff.getByRole('row').filter({ hasText: student.name });
      await sessionRow.waitFor();
      expect(await sessionRow.innerText()).toContain('6 / 6');
      await shot(staff, '09', 'exam-sessions');
      const [download] = await Promise.all([
        staff.waitForEvent('download'),
        staff.getByRole('button', { name: 'تنزيل النتائج (CSV)' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`exam-${examId}-results.csv`);
      const bytes = fs.readFileSync((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const line = bytes
        .toString('utf8')
        .split('\r\n')
        .find((l) => l.includes(student.name));
      // Then the integrity record's three counts (ADR 044), the attempt and that it counts (ADR 047).
      expect(line).toMatch(/,6,6,100,ناجح,نعم,\d+,\d+,\d+,1,نعم$/);
    } finally {
      await staffSide.context.close();
    }

    // --- the student again: the balance, the reply in the bell, the corrected result ---
    await openWallet(page);
    await expectBalance(page, 100);
    expect((await serverWallet(token)).wallet.balance).toBe(100);
    await shot(page, '10', 'student-balance');

    const bell = page.getByRole('banner').getByRole('button', { name: /^الإشعارات/ });
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'الإشعارات' });
    const note = panel.getByRole('listitem').filter({ hasText: 'تمت إضافة الرصيد إلى محفظتك' });
    await note.waitFor();
    expect(await note.innerText()).toContain(`رد على طلب الدعم: ${ticket.title}`);
    await shot(page, '11', 'student-bell', { fullPage: false });
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });

    await page.goto('/my-exams/exams');
    const results = page.getByRole('main');
    const examRow = results
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: EXAM.name, exact: true }) });
    await examRow.waitFor();
    expect(await examRow.innerText()).toContain('الدرجة: 6 من 6');
    expect(await examRow.innerText()).toContain('ناجح');
    await shot(page, '12', 'student-result');
    const [corrected] = await serverResults(token, 'exams');
    expect(corrected).toMatchObject({ corrected: true, correction_mark: 6, total_mark: 6 });
  }, 300_000);
});
