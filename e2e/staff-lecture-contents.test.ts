import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { API_BASE } from '@dars/contract';
import { screenshot } from './support/browser';
import { expectNoSidewaysOverflow, it, VIEWPORT_NAMES } from './support/screens';
import { serverURL } from './support/server';

// A lecture's contents in the staff console (ADR 027) against the real server: a video's file
// by resumable upload (tus) through a dropped connection, a PDF attachment, and an exam attached
// as must-pass; axe and the CSP are checked on every screenshot.
const ADMIN = 'admin@dars.test';
const PASSWORD = 'dars12345';
/** The console's tus chunk (components/video-upload.tsx): the file is one chunk and a bit. */
const CHUNK = 32 * 1024 * 1024;

async function staffApi<T>(token: string, route: string): Promise<T> {
  const res = await fetch(new URL(`${API_BASE}/staff${route}`, serverURL()), {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

async function signIn(page: Page) {
  await page.goto('/staff/');
  await page.locator('input[name="username"]').waitFor({ timeout: 45_000 });
  await page.locator('input[name="username"]').fill(ADMIN);
  await page.locator('input[name="password"]').fill(PASSWORD);
  await page.getByRole('button', { name: 'تسجيل الدخول' }).click();
  const token = await page.waitForFunction(() => window.localStorage.getItem('dars-staff-token'));
  return (await token.jsonValue()) ?? '';
}

/** An MP4 by its first bytes (an ftyp box), then noise: what the server checks. */
function fakeMp4(size: number): Buffer {
  const head = Buffer.from('000000186674797069736f6d0000020069736f6d6d703432', 'hex');
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

describe.each(VIEWPORT_NAMES)("a lecture's contents on a %s", (viewport) => {
  it.override({ viewport });

  it('uploads a video through a dropped connection, a PDF, and attaches a must-pass exam', async ({
    page,
  }) => {
    const token = await signIn(page);
    const [lecture] = await staffApi<{ id: number }[]>(token, '/lectures?per_page=1');
    const [exam] = await staffApi<{ id: number; name: string; exam_code: string }[]>(
      token,
      '/exams?per_page=1&kind=exam',
    );
    const tag = randomUUID().slice(0, 6);

    // The second chunk's first try is cut: the upload asks where it got and goes on from there.
    const patches: string[] = [];
    let cut = false;
    await page.route('**/api/v1/staff/uploads/videos/*', async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.fallback();
      const offset = (await request.headerValue('upload-offset')) ?? '';
      patches.push(offset);
      if (!cut && offset === String(CHUNK)) {
        cut = true;
        return route.abort('connectionreset');
      }
      return route.fallback();
    });

    await page.goto(`/staff/lectures/${lecture!.id}`);
    await page.getByRole('tab', { name: 'الفيديوهات', selected: true }).waitFor();
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `staff-contents-${viewport}-01-videos`);
    await page.getByRole('link', { name: 'إضافة فيديو' }).click();
    // The lecture's page (with a name field too) stays while the new one loads: wait for it.
    await page.getByText('يبدأ رفع الملف بعد حفظ الفيديو', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'الاسم' }).fill(`شرح ${tag}`);
    await page.getByRole('spinbutton', { name: 'عدد المشاهدات المسموح' }).fill('3');
    // A file on disk: Chromium reads it itself (a 35 MB buffer through the protocol is slow).
    const video = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dars-video-')), 'lesson.mp4');
    fs.writeFileSync(video, fakeMp4(CHUNK + 3 * 1024 * 1024));
    await page.getByLabel('ملف الفيديو (MP4 حتى 2 جيجابايت)').setInputFiles(video);
    await screenshot(page, `staff-contents-${viewport}-02-new-video`);
    await page.getByRole('button', { name: 'حفظ' }).click();
    await page.getByRole('progressbar', { name: 'تقدم رفع الفيديو' }).waitFor();
    await page
      .getByRole('tab', { name: 'الفيديوهات', selected: true })
      .waitFor({ timeout: 60_000 });
    expect(patches).toEqual(['0', String(CHUNK), String(CHUNK)]);
    const row = page.getByTestId('videos-list').getByRole('listitem').filter({ hasText: tag });
    await row.getByText('ملف الفيديو مرفوع').waitFor();
    await screenshot(page, `staff-contents-${viewport}-03-video-uploaded`);

    await page.getByRole('tab', { name: 'المرفقات' }).click();
    await page.getByRole('link', { name: 'إضافة مرفق' }).click();
    await page.getByText('اسحب الملف إلى هنا أو اضغط لاختياره').waitFor();
    await page.getByRole('textbox', { name: 'الاسم' }).fill(`ملخص ${tag}`);
    await page.getByLabel(/^الملف \(PDF/).setInputFiles({
      name: 'summary.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
    });
    await screenshot(page, `staff-contents-${viewport}-04-new-attachment`);
    await page.getByRole('button', { name: 'حفظ' }).click();
    await page.getByRole('tab', { name: 'المرفقات', selected: true }).waitFor();
    const attachment = page
      .getByTestId('attachments-list')
      .getByRole('listitem')
      .filter({ hasText: tag });
    await attachment.getByText('PDF').waitFor();
    await screenshot(page, `staff-contents-${viewport}-05-attachments`);

    await page.getByRole('tab', { name: 'الامتحانات' }).click();
    await page.getByRole('link', { name: 'ربط امتحان' }).click();
    await page.getByRole('radio', { name: 'واجب' }).waitFor();
    await page.getByRole('combobox', { name: 'الامتحان', exact: true }).fill(exam!.exam_code);
    await page.getByRole('option', { name: `${exam!.name} (${exam!.exam_code})` }).click();
    await page.getByLabel('يجب النجاح فيه').check();
    await screenshot(page, `staff-contents-${viewport}-06-attach-exam`);
    await page.getByRole('button', { name: 'حفظ' }).click();
    await page.getByRole('tab', { name: 'الامتحانات', selected: true }).waitFor();
    const attached = page.getByTestId('lecture-exams-list').getByRole('listitem').last();
    await attached.getByText('يجب النجاح فيه').waitFor();
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `staff-contents-${viewport}-07-exams`);

    const videos = await staffApi<{ name: string; has_file: boolean }[]>(
      token,
      `/videos?lecture_id=${lecture!.id}&per_page=100`,
    );
    expect(videos.find((v) => v.name === `شرح ${tag}`)?.has_file).toBe(true);
    fs.rmSync(path.dirname(video), { recursive: true, force: true });
    // Three forms and a 35 MB upload through a cut: longer than one screen's journey.
  }, 240_000);
});
