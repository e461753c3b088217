import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { courseFixture, coursesPage } from '../../../test/fixtures';
import { calledUrls, mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { CoursesPage } from './courses-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderCourses(path = '/courses') {
  return renderWithApp(<CoursesPage />, { path, routePath: '/courses' });
}

describe('CoursesPage', () => {
  it('lists the courses of the first page', async () => {
    mockApi({
      'GET /api/v1/courses': () => ({
        body: coursesPage([courseFixture({ id: 1 }), courseFixture({ id: 2 })]),
      }),
    });
    renderCourses();
    expect(await screen.findAllByTestId('course-card')).toHaveLength(2);
  });

  it('shows the empty message on an empty page', async () => {
    mockApi({ 'GET /api/v1/courses': () => ({ body: coursesPage([]) }) });
    renderCourses();
    expect(await screen.findByText('لم يتم العثور على دورات')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list fails', async () => {
    mockApi({ 'GET /api/v1/courses': () => ({ status: 500, body: { message: 'Server error' } }) });
    renderCourses();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('حدثت مشكلة أثناء تحميل الدورات');
    expect(within(alert).getByRole('button', { name: 'إعادة المحاولة' })).toBeInTheDocument();
  });

  it('writes the search text to ?query= and searches with it', async () => {
    const api = mockApi({
      'GET /api/v1/courses': () => ({ body: coursesPage([courseFixture()]) }),
    });
    const { router } = renderCourses();
    await userEvent.type(screen.getByRole('textbox', { name: 'ابحث عن دورة' }), 'جبر');
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?query=${encodeURIComponent('جبر')}`),
    );
    await waitFor(() =>
      expect(calledUrls(api)).toContain(`/api/v1/courses?query=${encodeURIComponent('جبر')}`),
    );
  });

  it('starts from the query in the URL', async () => {
    const api = mockApi({
      'GET /api/v1/courses': () => ({ body: coursesPage([courseFixture()]) }),
    });
    renderCourses('/courses?query=%D9%81%D9%8A%D8%B2%D9%8A%D8%A7%D8%A1&grade_id=2');
    expect(screen.getByRole('textbox', { name: 'ابحث عن دورة' })).toHaveValue('فيزياء');
    await waitFor(() =>
      expect(calledUrls(api)).toContain(
        `/api/v1/courses?query=${encodeURIComponent('فيزياء')}&grade_id=2`,
      ),
    );
  });

  it('writes the chosen grade to ?grade_id= (phone dropdown)', async () => {
    mockApi({ 'GET /api/v1/courses': () => ({ body: coursesPage([courseFixture()]) }) });
    const { router } = renderCourses();
    await userEvent.click(screen.getByRole('combobox', { name: /الصف الدراسي/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'الصف الثاني الثانوي' }));
    await waitFor(() => expect(router.state.location.search).toBe('?grade_id=2'));
  });

  // Both layouts' filters are in the page (the stylesheet shows one: the desktop's side list
  // from the md breakpoint, the phone's dropdowns below it); each reset clears every filter.
  it.each([
    ['the side list (desktop)', 0],
    ['under the search (phone)', 1],
  ])('resets every filter from %s', async (_, which) => {
    mockApi({ 'GET /api/v1/courses': () => ({ body: coursesPage([courseFixture()]) }) });
    const { router } = renderCourses('/courses?query=x&grade_id=1&category_id=10');
    const resets = screen.getAllByRole('button', { name: 'إعادة ضبط الفلاتر' });
    expect(resets).toHaveLength(2);
    expect(
      within(screen.getByRole('complementary')).getByRole('button', { name: 'إعادة ضبط الفلاتر' }),
    ).toBe(resets[0]);
    await userEvent.click(resets[which]!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('textbox', { name: 'ابحث عن دورة' })).toHaveValue('');
  });

  it('follows links.next to load the next page near the bottom', async () => {
    const next = '/api/v1/courses?page=2&query=x';
    const api = mockApi({
      'GET /api/v1/courses': (url) =>
        url.searchParams.get('page') === '2'
          ? { body: coursesPage([courseFixture({ id: 3 })], null, 2) }
          : { body: coursesPage([courseFixture({ id: 1 }), courseFixture({ id: 2 })], next) },
    });
    renderCourses('/courses?query=x');
    // jsdom lays nothing out, so the page is always "near the bottom".
    await waitFor(() => expect(screen.getAllByTestId('course-card')).toHaveLength(3));
    expect(calledUrls(api)).toEqual(['/api/v1/courses?query=x', next]);
  });
});
