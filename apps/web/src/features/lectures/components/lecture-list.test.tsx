import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Course } from '@dars/contract';
import {
  contentsFixture,
  courseDetailFixture,
  lectureExamFixture,
  lectureFixture,
  videoFixture,
} from '../../../test/catalog-fixtures';
import { userFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { LectureList } from './lecture-list';

function renderList(course: Course, options: { signedIn?: boolean; query?: string } = {}) {
  const onNeedCourse = vi.fn();
  const onPurchased = vi.fn();
  const result = renderWithApp(
    <LectureList course={course} onNeedCourse={onNeedCourse} onPurchased={onPurchased} />,
    {
      path: `/courses/${course.id}${options.query ?? ''}`,
      routePath: '/courses/:id',
      user: options.signedIn === false ? null : userFixture({ balance: 500 }),
    },
  );
  return { ...result, onNeedCourse, onPurchased };
}

const bought = lectureFixture({
  id: 31,
  name: 'المحاضرة الأولى',
  purchased: true,
  expiry_days: 30,
});
const locked = lectureFixture({ id: 32, name: 'المحاضرة الثانية', price: 40 });

describe('LectureList', () => {
  it('shows each lecture with its state', () => {
    mockApi({});
    renderList(courseDetailFixture({ pay_type: 'lectures', lectures: [bought, locked] }));
    const first = screen.getByRole('button', { name: 'المحاضرة الأولى' });
    expect(first).toHaveAccessibleDescription(/متاحة لك/);
    expect(first).toHaveAccessibleDescription(/صالحة لمدة 30 يوماً/);
    const second = screen.getByRole('button', { name: 'المحاضرة الثانية' });
    expect(second).toHaveAccessibleDescription(/مغلقة/);
    expect(second).toHaveAccessibleDescription(/40.00 جنيه/);
  });

  it('opens the contents of a bought lecture in three tabs', async () => {
    mockApi({
      'GET /api/v1/lectures/31/contents': () => ({
        body: contentsFixture({
          exams: [lectureExamFixture({ needs_attention: true, must_take: true })],
        }),
      }),
    });
    renderList(courseDetailFixture({ id: 1, pay_type: 'lectures', lectures: [bought, locked] }));
    await userEvent.click(screen.getByRole('button', { name: 'المحاضرة الأولى' }));
    const dialog = await screen.findByRole('dialog', { name: 'المحاضرة الأولى' });

    // Videos: attendance chip, remaining views, expiry.
    expect(await within(dialog).findByText('شرح الدرس')).toBeInTheDocument();
    expect(within(dialog).getByText('أساسي')).toBeInTheDocument();
    expect(within(dialog).getByText('المتبقي 2 من 3 مشاهدات')).toBeInTheDocument();
    expect(within(dialog).getByText('صالحة لمدة 30 يوماً')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'تشغيل شرح الدرس' })).toBeEnabled();

    // Exams: the badge counts those needing attention; the button opens the exam entry.
    // Its name holds the count it shows.
    const examsTab = within(dialog).getByRole('tab', { name: 'الامتحانات، 1 تحتاج انتباهك' });
    expect(examsTab).toHaveTextContent('1');
    await userEvent.click(examsTab);
    expect(within(dialog).getByText('يجب أداء الامتحان')).toBeInTheDocument();
    expect(within(dialog).getByText('10 أسئلة')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'فتح الامتحان' })).toHaveAttribute(
      'href',
      '/exams?exam_code=L0003&course_id=1',
    );

    // Attachments: extension chip, size, download link.
    await userEvent.click(within(dialog).getByRole('tab', { name: 'المرفقات' }));
    expect(within(dialog).getByText('PDF')).toBeInTheDocument();
    expect(within(dialog).getByText('1.5 كيلوبايت')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'تحميل ملخص المحاضرة' })).toHaveAttribute(
      'href',
      '/api/v1/attachments/9/download?at=signed',
    );
  });

  it('closes the videos while mandatory exams wait, pointing to the exams tab', async () => {
    mockApi({
      'GET /api/v1/lectures/31/contents': () => ({
        body: contentsFixture({ videos: [videoFixture({ viewable: false })] }),
      }),
    });
    const closed = { ...bought, enable_videos: false };
    renderList(courseDetailFixture({ pay_type: 'lectures', lectures: [closed] }));
    await userEvent.click(screen.getByRole('button', { name: 'المحاضرة الأولى' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/انتقل إلى تبويب الامتحانات/)).toBeInTheDocument();
    expect(within(dialog).getByText('لا يمكنك مشاهدة الفيديو')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'تشغيل شرح الدرس' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'الذهاب إلى الامتحانات' }));
    expect(within(dialog).getByRole('tab', { name: /^الامتحانات/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('shows an empty state in each empty tab', async () => {
    mockApi({
      'GET /api/v1/lectures/31/contents': () => ({
        body: { videos: [], exams: [], attachments: [] },
      }),
    });
    renderList(courseDetailFixture({ pay_type: 'lectures', lectures: [bought] }));
    await userEvent.click(screen.getByRole('button', { name: 'المحاضرة الأولى' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('لا توجد فيديوهات في هذه المحاضرة')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'الامتحانات' }));
    expect(within(dialog).getByText('لا توجد امتحانات في هذه المحاضرة')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'المرفقات' }));
    expect(within(dialog).getByText('لا توجد مرفقات في هذه المحاضرة')).toBeInTheDocument();
  });

  it('buys a locked lecture from the wallet, then opens it', async () => {
    let body: unknown;
    mockApi({
      'POST /api/v1/lectures/32/purchase': (_url, init) => {
        body = JSON.parse(String(init?.body));
        return { body: { data: { ...locked, purchased: true }, balance: 460 } };
      },
      'GET /api/v1/lectures/32/contents': () => ({ body: contentsFixture() }),
    });
    const { onPurchased } = renderList(
      courseDetailFixture({ pay_type: 'lectures', lectures: [bought, locked] }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'المحاضرة الثانية' }));
    const dialog = screen.getByRole('dialog', { name: 'الحصول على المحاضرة' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'المحفظة' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأكيد الشراء' }));
    expect(await screen.findByText('لقد حصلت على المحاضرة بنجاح')).toBeInTheDocument();
    expect(body).toEqual({ pay_by: 'wallet' });
    expect(onPurchased).toHaveBeenCalled();
    expect(await screen.findByRole('dialog', { name: 'المحاضرة الثانية' })).toBeInTheDocument();
  });

  it('shows the §8 text of a card used by another account', async () => {
    mockApi({
      'POST /api/v1/lectures/32/purchase': () => ({
        status: 422,
        body: { message: 'x', code: 'PAYCARD_USED_BY_ANOTHER_USER' },
      }),
    });
    renderList(courseDetailFixture({ pay_type: 'lectures', lectures: [locked] }));
    await userEvent.click(screen.getByRole('button', { name: 'المحاضرة الثانية' }));
    await userEvent.click(screen.getByRole('radio', { name: 'بطاقة الدفع' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'كود البطاقة' }), 'U8DK 4PXM');
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الشراء' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('البطاقة مُستخدمة من حساب آخر');
  });

  it('asks for the course itself for a locked lecture of a whole-course purchase', async () => {
    mockApi({});
    const { onNeedCourse } = renderList(
      courseDetailFixture({ pay_type: 'course', show_preview: true, lectures: [locked] }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'المحاضرة الثانية' }));
    expect(onNeedCourse).toHaveBeenCalled();
  });

  it('opens the lecture ?lecture= names on the ?tab= named (links of the progress page)', async () => {
    mockApi({ 'GET /api/v1/lectures/31/contents': () => ({ body: contentsFixture() }) });
    renderList(courseDetailFixture({ pay_type: 'lectures', lectures: [bought, locked] }), {
      query: '?lecture=31&tab=attachments',
    });
    const dialog = await screen.findByRole('dialog', { name: 'المحاضرة الأولى' });
    expect(within(dialog).getByRole('tab', { name: 'المرفقات' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await within(dialog).findByText('ملخص المحاضرة')).toBeInTheDocument();
  });

  it('offers to buy a locked lecture ?lecture= names, and ignores an unknown one', async () => {
    mockApi({});
    const course = courseDetailFixture({ pay_type: 'lectures', lectures: [bought, locked] });
    const { unmount } = renderList(course, { query: '?lecture=32' });
    expect(await screen.findByRole('dialog', { name: 'الحصول على المحاضرة' })).toBeInTheDocument();
    unmount();
    renderList(course, { query: '?lecture=99&tab=exams' });
    expect(screen.getByRole('button', { name: 'المحاضرة الأولى' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a guest to login with ?course', async () => {
    mockApi({});
    const preview = lectureFixture({ id: 33, name: 'معاينة مجانية', preview: true });
    const { router } = renderList(
      courseDetailFixture({ id: 4, pay_type: 'course', show_preview: true, lectures: [preview] }),
      { signedIn: false },
    );
    await userEvent.click(screen.getByRole('button', { name: 'معاينة مجانية' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?course=4');
  });
});
