import fs from 'node:fs';
import { describe, expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { API_BASE } from '@dars/contract';
import { screenshot } from './support/browser';
import { it, signIn } from './support/catalog';
import {
  answerKey,
  expectStatus,
  questionSection,
  serverResults,
  serverSession,
  sessionTokenOf,
} from './support/exams';
import { writePng } from './support/png';
import { expectNoSidewaysOverflow, VIEWPORT_NAMES } from './support/screens';
import { serverURL } from './support/server';

/**
 * An essay's image answer made offline is kept on the device (IndexedDB, ADR 017: follow-up)
 * and reaches the server after the page was closed and opened again, as text and choices
 * already did through local storage. So is the image's removal. The exam still running, the
 * results list says so (ADR 017: follow-up). Phone and desktop, against the real server and
 * its demo exam ESSAY2026 (essays that take images).
 */

const EXAM = { code: 'ESSAY2026', name: 'مسائل مقالية مصوّرة: الكهربية وحساب المثلثات' };

const TEXT = {
  start: 'ابدأ الامتحان',
  continue: 'متابعة الامتحان',
  welcomeBack: 'مرحباً بعودتك',
  essay: 'إجابتك',
  attachImage: 'إرفاق صورة',
  removeImage: 'حذف الصورة',
  answerImage: 'الصورة المرفقة بإجابتك',
  saved: 'تم الحفظ',
  waiting: 'بانتظار الإرسال',
  offline: 'أنت غير متصل بالإنترنت الآن',
  notSubmitted: 'لم يتم التسليم بعد',
  notCorrected: 'لم يتم التصحيح',
} as const;

const ESSAY_TEXT = 'م = (٦ × ٣) ÷ (٦ + ٣) = ٢ أوم، والتيار ٦ أمبير: الحل في الصورة.';
/** Long enough for the outbox's next retry after a failed image call (1, 2, 4, 8, then 15 s). */
const UNTIL_RETRIED = { timeout: 20_000 };
const IMAGE_CALL = `**${API_BASE}/exams/session/answers/image`;

/**
 * How many image changes the page's device keeps for the session (the outbox's IndexedDB
 * store, apps/web/src/features/exams/lib/image-change-store.ts).
 */
function keptImageChanges(page: Page, sessionToken: string): Promise<number> {
  return page.evaluate(
    (token) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('dars-exam-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('image_changes')) return resolve(0);
          const count = db
            .transaction('image_changes')
            .objectStore('image_changes')
            .index('by_token')
            .count(token);
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
    sessionToken,
  );
}

/**
 * Brings the network back and opens the session on a new page of the same browser, as after
 * closing the tab, with the image call failing as if offline; dismisses the welcome back.
 */
async function reopenWithImagesBlocked(context: BrowserContext, path: string): Promise<Page> {
  // For the whole context, and before the network is back: a tab closed a moment ago may
  // still fire its outbox's retry (a clean-clone run once found the image already sent here).
  await context.route(IMAGE_CALL, (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(path);
  const welcome = page.getByRole('dialog', { name: TEXT.welcomeBack });
  await welcome.getByRole('button', { name: TEXT.continue, exact: true }).click();
  await welcome.waitFor({ state: 'hidden' });
  return page;
}

/** The session's essay answer as the server holds it. */
async function serverEssay(token: string, sessionToken: string, questionId: number) {
  const { answer_attempts } = await serverSession(token, sessionToken);
  return answer_attempts.find((a) => a.question_id === questionId);
}

describe.each(VIEWPORT_NAMES)('on a %s', (viewport) => {
  it.override({ viewport });

  const shot = (page: Page, number: string, name: string) =>
    screenshot(page, `${viewport}-exm-img-${number}-${name}`);

  it('keeps an image attached offline through closing the page and sends it once back online; its removal too; the results list says the exam still runs', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);
    const [essay] = await answerKey(EXAM.code);
    expect(essay!.type).toBe('essay');
    page.on('dialog', (dialog) => void dialog.accept());
    const png = writePng('solution.png', 96);

    try {
      await page.goto(`/exams?exam_code=${EXAM.code}`);
      const details = page.getByRole('main').getByRole('region', { name: EXAM.name });
      await details.getByRole('button', { name: TEXT.start, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/exams/session');
      const sessionToken = sessionTokenOf(page);
      const sessionPath = new URL(page.url()).pathname + new URL(page.url()).search;
      let section = questionSection(page, 1);
      await section.getByRole('textbox', { name: TEXT.essay }).fill(ESSAY_TEXT);
      await section.getByRole('textbox', { name: TEXT.essay }).blur();
      await expectStatus(section, TEXT.saved);

      // Offline, the photo of the solution is attached: it waits on the device.
      await context.setOffline(true);
      await page.getByRole('status').filter({ hasText: TEXT.offline }).waitFor();
      await page.getByTestId(`essay-image-input-${essay!.id}`).setInputFiles(png.file);
      await section.getByRole('img', { name: TEXT.answerImage }).waitFor();
      await expectStatus(section, TEXT.waiting);
      await expect.poll(() => keptImageChanges(page, sessionToken)).toBe(1);
      await expectNoSidewaysOverflow(page);
      await shot(page, '01', 'attached-offline');
      await page.close(); // the tab is closed before the network returns
      expect((await serverEssay(token, sessionToken, essay!.id))?.answer_image).toBeNull();

      // Back online, the exam opened again: the kept image shows, waiting, until it is sent.
      let again = await reopenWithImagesBlocked(context, sessionPath);
      section = questionSection(again, 1);
      await section.getByRole('img', { name: TEXT.answerImage }).waitFor();
      await expectStatus(section, TEXT.waiting);
      expect(await section.getByRole('textbox', { name: TEXT.essay }).inputValue()).toBe(
        ESSAY_TEXT,
      );
      await expectNoSidewaysOverflow(again);
      await shot(again, '02', 'kept-after-reopening');
      expect((await serverEssay(token, sessionToken, essay!.id))?.answer_image).toBeNull();

      await context.unroute(IMAGE_CALL); // the outbox's next retry (1, 2, 4, 8 s) gets through
      await expectStatus(section, TEXT.saved, UNTIL_RETRIED);
      const saved = await serverEssay(token, sessionToken, essay!.id);
      expect(saved?.answer_text).toBe(ESSAY_TEXT);
      expect(saved?.answer_image).not.toBeNull();
      const stored = await fetch(new URL(saved!.answer_image!, serverURL()));
      expect(stored.status).toBe(200);
      expect(Buffer.from(await stored.arrayBuffer())).toEqual(fs.readFileSync(png.file));
      expect(await keptImageChanges(again, sessionToken)).toBe(0);
      await shot(again, '03', 'image-sent');

      // The removal, made offline and the tab closed, reaches the server the same way.
      await context.setOffline(true);
      await section.getByRole('button', { name: TEXT.removeImage, exact: true }).click();
      await expectStatus(section, TEXT.waiting);
      await expect.poll(() => keptImageChanges(again, sessionToken)).toBe(1);
      await again.close();
      again = await reopenWithImagesBlocked(context, sessionPath);
      section = questionSection(again, 1);
      await expectStatus(section, TEXT.waiting);
      expect(await section.getByRole('img', { name: TEXT.answerImage }).count()).toBe(0);
      expect((await serverEssay(token, sessionToken, essay!.id))?.answer_image).not.toBeNull();
      await context.unroute(IMAGE_CALL);
      await expectStatus(section, TEXT.saved, UNTIL_RETRIED);
      await expect
        .poll(() => serverEssay(token, sessionToken, essay!.id))
        .toMatchObject({ answer_text: ESSAY_TEXT, answer_image: null });
      await shot(again, '04', 'removal-sent');

      // Still running: the results list says it is not submitted yet and offers to continue.
      await again.goto('/my-exams/exams');
      const row = again
        .getByRole('main')
        .getByRole('listitem')
        .filter({ has: again.getByRole('heading', { name: EXAM.name, exact: true }) });
      await row.getByText(TEXT.notSubmitted, { exact: true }).waitFor();
      expect(await row.getByText(TEXT.notCorrected, { exact: true }).count()).toBe(0);
      expect((await serverResults(token, 'exams'))[0]).toMatchObject({ active: true });
      await row.getByRole('link', { name: TEXT.continue, exact: true }).click();
      await again.waitForURL((url) => url.searchParams.get('exam_code') === EXAM.code);
      await again.getByRole('main').getByRole('region', { name: EXAM.name }).waitFor();
      await again.goBack();
      await row.waitFor();
      await expectNoSidewaysOverflow(again);
      await shot(again, '05', 'results-running');
    } finally {
      png.remove();
    }
  });
});
