import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { courseFixture, settingsFixture, userFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { HomePage } from './home-page';

const routes = [
  { path: '/home', element: <HomePage /> },
  { path: '/wallet', element: <p>صفحة المحفظة</p> },
  { path: '/courses/:id', element: <p>صفحة الدورة</p> },
];

function homeApi() {
  return mockApi({
    'GET /api/v1/home': () => ({
      body: {
        data: {
          header_images: [{ url: '/storage/1.svg', to: '/courses' }],
          featured_courses: [courseFixture({ id: 1, name: 'دورة مميزة' })],
          latest_courses: [courseFixture({ id: 2, name: 'دورة جديدة' })],
        },
      },
    }),
  });
}

describe('HomePage', () => {
  it('shows the tiles and both sections', async () => {
    homeApi();
    renderRoutes(routes, { path: '/home', user: userFixture() });
    expect(await screen.findByText('دورة مميزة')).toBeInTheDocument();
    expect(screen.getByText('دورة جديدة')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /دوراتي/ })).toHaveAttribute('href', '/my-courses');
    expect(screen.getByRole('link', { name: /المدرسون/ })).toHaveAttribute('href', '/teachers');
    expect(screen.getByRole('link', { name: 'الشريحة 1 من 1' })).toHaveAttribute(
      'href',
      '/courses',
    );
  });

  it('leaves out the tiles of switched-off features', async () => {
    homeApi();
    renderRoutes(routes, {
      path: '/home',
      user: userFixture(),
      settings: settingsFixture({ teachers_page: false, enable_wallet_system: false }),
    });
    expect(await screen.findByText('دورة مميزة')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /المدرسون/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /المحفظة/ })).not.toBeInTheDocument();
  });

  it("shows a classic list instead of tiles when home_mode is 'classic'", async () => {
    homeApi();
    renderRoutes(routes, {
      path: '/home',
      user: userFixture(),
      settings: settingsFixture({ home_mode: 'classic' }),
    });
    expect(await screen.findByText('دورة مميزة')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'روابط سريعة' });
    expect(within(nav).getByRole('list')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /دوراتي/ })).toHaveAttribute(
      'href',
      '/my-courses',
    );
  });

  it('goes to the course of ?course=', async () => {
    homeApi();
    const { router } = renderRoutes(routes, { path: '/home?course=5', user: userFixture() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/5'));
  });

  it('stores the reversed tk and opens the wallet on a phone', async () => {
    homeApi();
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari',
    );
    const { router } = renderRoutes(routes, {
      path: '/home?tk=4321dcba&from=app&to=w&recharge=50',
      user: userFixture(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/wallet'));
    expect(router.state.location.search).toBe('?recharge=50');
    expect(window.localStorage.getItem('token')).toBe('abcd1234');
    vi.restoreAllMocks();
  });

  it('ignores the hand-off on a desktop browser', async () => {
    homeApi();
    const { router } = renderRoutes(routes, {
      path: '/home?tk=4321dcba&from=app&to=w',
      user: userFixture(),
    });
    expect(await screen.findByText('دورة مميزة')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});
