import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { staffEndpoints as e } from '@dars/contract';
import {
  LEADER,
  answer,
  fakeStaffApi,
  staffBasics,
  type Call,
  type Handler,
} from '../test/fake-api';
import { loadScreensFirst, openConsole } from '../test/console';
import { stubObjectUrls } from '../test/browser';

/**
 * The home slider's screen (issue 23): a picked picture shows before it is saved, the stored
 * address fills the slide, and every label, button and message is Arabic.
 */

const SLIDE = { url: '/storage/slides/a1.png', href: null, to: '/courses' };
function slidesApi(upload: Handler): { calls: Call[] } {
  return fakeStaffApi([
    ...staffBasics(LEADER),
    answer(e.staffGetHeaderImages, { data: [SLIDE] }),
    // The list as saved: the server answers what it stored.
    answer(e.staffPutHeaderImages, (c: Call) => ({
      data: e.staffPutHeaderImages.body.parse(c.body).header_images,
    })),
    upload,
  ]);
}

const open = () => openConsole('/header-images', LEADER);

/** Every visible word a person reads or hears on the page: labels, buttons, headings. */
function namesOnPage(): string[] {
  const labels = [...document.querySelectorAll('label, legend, h1, h2, p')].map(
    (e) => e.textContent ?? '',
  );
  const buttons = screen
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label') ?? b.textContent ?? '');
  return [...labels, ...buttons].map((t) => t.trim()).filter(Boolean);
}

loadScreensFirst(() => import('./header-images'));
beforeEach(() => {
  stubObjectUrls('blob:chosen-slide');
});

describe('the home slider screen', { timeout: 240_000 }, () => {
  it('speaks Arabic only: labels, buttons and help', async () => {
    slidesApi(() => undefined);
    open();
    expect(await screen.findByRole('img', { name: 'معاينة صورة الشريحة' })).toHaveAttribute(
      'src',
      '/storage/slides/a1.png',
    );
    expect(screen.getByLabelText(/^رابط الصورة/)).toHaveValue('/storage/slides/a1.png');
    expect(screen.getByLabelText('رابط خارجي عند الضغط')).toHaveValue('');
    expect(screen.getByLabelText('مسار داخلي عند الضغط')).toHaveValue('/courses');
    expect(screen.getByRole('button', { name: 'استبدال الصورة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'إضافة' })).toBeInTheDocument();
    const names = namesOnPage();
    expect(names).toContain('الحساب');
    // Nothing English: only URL examples and the image formats' names carry Latin letters.
    for (const name of names.filter((n) => !n.includes('/')))
      expect(name.replace(/PNG|JPEG|WebP/g, ''), name).not.toMatch(/[A-Za-z]/);
  });

  it('shows a picked picture at once, stores it, and saves the slide with its address', async () => {
    const api = slidesApi(
      answer(e.staffUploadHeaderImage, { data: { url: '/storage/slides/b2.png' } }),
    );
    const ui = open();
    await screen.findByRole('img', { name: 'معاينة صورة الشريحة' });
    await ui.click(screen.getByRole('button', { name: 'إضافة' }));
    await waitFor(() => expect(screen.getAllByTestId('slide-image-file')).toHaveLength(2));
    expect(screen.getByText('لم تُرفع صورة بعد')).toBeInTheDocument();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'new.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getAllByTestId('slide-image-file')[1]!, { target: { files: [file] } });

    await waitFor(() =>
      expect(screen.getAllByLabelText(/^رابط الصورة/)[1]).toHaveValue('/storage/slides/b2.png'),
    );
    const previews = screen.getAllByRole('img', { name: 'معاينة صورة الشريحة' });
    expect(previews).toHaveLength(2);
    const sent = api.calls.filter((c) => c.entry === 'staffUploadHeaderImage');
    expect(sent).toHaveLength(1);
    expect(((sent[0]!.body as FormData).get('file') as File).name).toBe('new.png');
    // Not yet saved: the list was only read.
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await ui.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(
      (put.body as { header_images: { url: string }[] }).header_images.map((s) => s.url),
    ).toEqual(['/storage/slides/a1.png', '/storage/slides/b2.png']);
  });

  it("shows the server's refusal of a file that is not an image under the slide", async () => {
    slidesApi(
      answer(
        e.staffUploadHeaderImage,
        { message: 'اختر صورة صالحة', errors: { file: ['اختر صورة صالحة'] } },
        { status: 422 },
      ),
    );
    open();
    await screen.findByRole('img', { name: 'معاينة صورة الشريحة' });
    const file = new File(['ليس صورة'], 'fake.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('slide-image-file'), { target: { files: [file] } });
    // The field: its buttons' row, and the message under it.
    const slide = screen.getByTestId('slide-image-file').parentElement!.parentElement!;
    expect(await within(slide).findByText('اختر صورة صالحة')).toBeInTheDocument();
    // The stored picture stays.
    expect(screen.getByLabelText(/^رابط الصورة/)).toHaveValue('/storage/slides/a1.png');
  });
});
