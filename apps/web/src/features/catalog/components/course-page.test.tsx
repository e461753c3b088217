import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { courseDetailFixture, lectureFixture } from '../../../test/catalog-fixtures';
import { userFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { CoursePage } from './course-page';

function renderCourse(options: { signedIn: boolean }) {
  const onEnrolled = vi.fn();
  const result = renderWithApp(
    <CoursePage
      courseId={1}
      onEnrolled={onEnrolled}
      renderLectures={() => <p>قائمة المحاضرات هنا</p>}
    />,
    {
      path: '/courses/1',
      routePath: '/courses/:id',
      user: options.signedIn ? userFixture({ balance: 500 }) : null,
    },
  );
  return { ...result, onEnrolled };
}

describe('CoursePage', () => {
  it('sends a guest to login with ?course and says to log in first', async () => {
    mockApi({ 'GET /api/v1/courses/1': () => ({ body: { data: courseDetailFixture() } }) });
    renderCourse({ signedIn: false });
    expect(await screen.findByRole('link', { name: 'احصل على الدورة' })).toHaveAttribute(
      'href',
      '/login?course=1',
    );
    const notice = screen.getByText(/سجّل الدخول أولاً/);
    expect(notice).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute(
      'href',
      '/login?course=1',
    );
    expect(screen.queryByText('قائمة المحاضرات هنا')).not.toBeInTheDocument();
  });

  it('shows the lectures to a guest when previews are on', async () => {
    mockApi({
      'GET /api/v1/courses/1': () => ({
        body: { data: courseDetailFixture({ show_preview: true }) },
      }),
    });
    renderCourse({ signedIn: false });
    expect(await screen.findByText('قائمة المحاضرات هنا')).toBeInTheDocument();
  });

  it('disables the action once joined, and shows the lectures', async () => {
    mockApi({
      'GET /api/v1/courses/1': () => ({ body: { data: courseDetailFixture({ joined: true }) } }),
    });
    renderCourse({ signedIn: true });
    expect(await screen.findByRole('button', { name: 'تم الانضمام' })).toBeDisabled();
    expect(screen.getByText('قائمة المحاضرات هنا')).toBeInTheDocument();
  });

  it('links a student who joined, or holds a lecture, to their progress in the course, and no one else', async () => {
    mockApi({
      'GET /api/v1/courses/1': () => ({ body: { data: courseDetailFixture({ joined: true }) } }),
    });
    const { unmount } = renderCourse({ signedIn: true });
    expect(await screen.findByRole('link', { name: 'تقدّمي في الدورة' })).toHaveAttribute(
      'href',
      '/courses/1/progress',
    );
    unmount();
    // A lecture bought from the preview, the course not joined.
    mockApi({
      'GET /api/v1/courses/1': () => ({
        body: {
          data: courseDetailFixture({
            show_preview: true,
            lectures: [lectureFixture({ id: 31, purchased: true }), lectureFixture({ id: 32 })],
          }),
        },
      }),
    });
    const second = renderCourse({ signedIn: true });
    expect(await screen.findByRole('link', { name: 'تقدّمي في الدورة' })).toHaveAttribute(
      'href',
      '/courses/1/progress',
    );
    second.unmount();
    mockApi({ 'GET /api/v1/courses/1': () => ({ body: { data: courseDetailFixture() } }) });
    renderCourse({ signedIn: true });
    await screen.findByRole('button', { name: 'احصل على الدورة' });
    expect(screen.queryByRole('link', { name: 'تقدّمي في الدورة' })).not.toBeInTheDocument();
  });

  it("loads the cover at once and with high priority (the first screen's largest element)", async () => {
    mockApi({
      'GET /api/v1/courses/1': () => ({
        body: { data: courseDetailFixture({ image_url: '/storage/cover-1.png' }) },
      }),
    });
    const { container } = renderCourse({ signedIn: false });
    await screen.findByRole('link', { name: 'احصل على الدورة' });
    const cover = container.querySelector('img[src="/storage/cover-1.png"]');
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('fetchpriority', 'high');
  });

  it('links every teacher to their profile', async () => {
    mockApi({ 'GET /api/v1/courses/1': () => ({ body: { data: courseDetailFixture() } }) });
    renderCourse({ signedIn: true });
    expect(await screen.findByRole('link', { name: /أ. أحمد علي/ })).toHaveAttribute(
      'href',
      '/teachers/7',
    );
  });

  it('joins a course of lectures after confirming, then reads joined', async () => {
    const course = courseDetailFixture({ pay_type: 'lectures', price: 0 });
    const api = mockApi({
      'GET /api/v1/courses/1': () => ({ body: { data: course } }),
      'POST /api/v1/courses/1/join': () => ({ body: { data: { ...course, joined: true } } }),
    });
    const { onEnrolled } = renderCourse({ signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'انضم الآن' }));
    const dialog = screen.getByRole('dialog', { name: 'الانضمام إلى الدورة' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأكيد الانضمام' }));
    expect(await screen.findByText('تم الانضمام إلى الدورة بنجاح')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'تم الانضمام' })).toBeDisabled();
    expect(onEnrolled).toHaveBeenCalled();
    expect(api.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true);
  });

  it('says when the course is full', async () => {
    mockApi({
      'GET /api/v1/courses/1': () => ({
        body: { data: courseDetailFixture({ pay_type: 'lectures', price: 0 }) },
      }),
      'POST /api/v1/courses/1/join': () => ({
        status: 409,
        body: { message: 'full', code: 'LIMIT_EXCEEDED' },
      }),
    });
    renderCourse({ signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'انضم الآن' }));
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الانضمام' }));
    expect(await screen.findByText('لقد اكتمل عدد الطلاب المسموح به للدورة')).toBeInTheDocument();
  });

  it('buys a whole course with the wallet', async () => {
    const course = courseDetailFixture({ pay_type: 'course', price: 150 });
    let body: unknown;
    mockApi({
      'GET /api/v1/courses/1': () => ({ body: { data: course } }),
      'POST /api/v1/courses/1/purchase': (_url, init) => {
        body = JSON.parse(String(init?.body));
        return { body: { data: { ...course, joined: true, purchased: true } } };
      },
    });
    const { onEnrolled } = renderCourse({ signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'احصل على الدورة' }));
    const dialog = screen.getByRole('dialog', { name: 'الحصول على الدورة' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'المحفظة' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'تأكيد الشراء' }));
    expect(await screen.findByText('لقد حصلت على الدورة بنجاح')).toBeInTheDocument();
    expect(body).toEqual({ pay_by: 'wallet' });
    await waitFor(() => expect(onEnrolled).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: 'تم الانضمام' })).toBeDisabled();
  });

  it('chooses the wallet that covers the price, and says what it lacks when it does not', async () => {
    const course = courseDetailFixture({ pay_type: 'course', price: 520 });
    mockApi({ 'GET /api/v1/courses/1': () => ({ body: { data: course } }) });
    renderCourse({ signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'احصل على الدورة' }));
    const dialog = screen.getByRole('dialog', { name: 'الحصول على الدورة' });
    // 500 in the wallet for 520: the pay card is the way left, the wallet says what it lacks.
    expect(within(dialog).getByRole('radio', { name: 'بطاقة الدفع' })).toBeChecked();
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      'رصيدك لا يكفي للدفع من المحفظة، ينقصك 20.00 جنيه. اشحن رصيدك أو ادفع ببطاقة الدفع.',
    );
    expect(within(dialog).getByRole('link', { name: 'شحن الرصيد' })).toHaveAttribute(
      'href',
      '/wallet?recharge=20',
    );
  });

  it('shows the §8 text of a refused pay card and keeps the dialog open', async () => {
    mockApi({
      'GET /api/v1/courses/1': () => ({ body: { data: courseDetailFixture() } }),
      'POST /api/v1/courses/1/purchase': () => ({
        status: 422,
        body: { message: 'x', code: 'EXPIRED_PAYCARD' },
      }),
    });
    renderCourse({ signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'احصل على الدورة' }));
    await userEvent.click(screen.getByRole('radio', { name: 'بطاقة الدفع' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'كود البطاقة' }), 'E5XP 9RMT');
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الشراء' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('البطاقة منتهية الصلاحية');
    expect(screen.getByRole('textbox', { name: 'كود البطاقة' })).toHaveValue('');
  });

  it('cuts a long description at 200 characters on phones, with show more / less', async () => {
    const description = Array.from({ length: 80 }, (_, i) => `كلمة${i}`).join(' ');
    mockApi({
      'GET /api/v1/courses/1': () => ({ body: { data: courseDetailFixture({ description }) } }),
    });
    renderCourse({ signedIn: true });
    const more = await screen.findByRole('button', { name: 'عرض المزيد' });
    expect(screen.queryByText(description)).not.toBeInTheDocument();
    await userEvent.click(more);
    expect(screen.getByText(description)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'عرض أقل' }));
    expect(screen.queryByText(description)).not.toBeInTheDocument();
  });

  it('says when the course does not exist', async () => {
    mockApi({
      'GET /api/v1/courses/1': () => ({ status: 404, body: { message: 'x', code: 'NOT_FOUND' } }),
    });
    renderCourse({ signedIn: true });
    expect(await screen.findByRole('heading', { name: 'الدورة غير موجودة' })).toBeInTheDocument();
  });
});
