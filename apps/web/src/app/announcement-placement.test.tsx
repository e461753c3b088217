import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@dars/contract';
import { courseFixture, settingsFixture, userFixture } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderRoutes } from '../test/render';
import { routes } from './router';

const TEXT = 'تبدأ دورات الترم الثاني يوم السبت القادم';
const settings = settingsFixture({ general_announcement: TEXT });

function appApi() {
  return mockApi({
    'GET /api/v1/home': () => ({
      body: {
        data: {
          header_images: [],
          featured_courses: [courseFixture({ id: 1, name: 'دورة مميزة' })],
          latest_courses: [],
        },
      },
    }),
  });
}

/** Lets the lazy screens and the lazy dialog settle before asserting that nothing opened. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
/** Screens and the dialog are loaded on demand: allow for a slow first import. */
const LAZY = { timeout: 10_000 };

// Each test loads the route table's lazy screens: slow on a busy machine.
describe('the announcement’s place', { timeout: 30_000 }, () => {
  it('stays off the login form', async () => {
    appApi();
    renderRoutes(routes, { path: '/login', settings });
    await screen.findByRole('button', { name: 'تسجيل الدخول' }, LAZY);
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.announcementDismissed)).toBeNull();
  });

  it('stays off the not-found page and the reset-password form', async () => {
    appApi();
    for (const path of ['/no-such-page', '/reset-password']) {
      const { unmount } = renderRoutes(routes, { path, settings });
      await screen.findByRole('heading', { level: 1 }, LAZY);
      await settle();
      expect(screen.queryByRole('dialog'), path).not.toBeInTheDocument();
      unmount();
    }
  });

  it('opens on home, where a student lands, and stays closed once dismissed', async () => {
    appApi();
    const first = renderRoutes(routes, { path: '/home', settings, user: userFixture() });
    const dialog = await screen.findByRole('dialog', { name: 'إعلان' }, LAZY);
    expect(dialog).toHaveTextContent(TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'حسناً' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    renderRoutes(routes, { path: '/home', settings, user: userFixture() });
    await screen.findByText('دورة مميزة', {}, LAZY);
    await settle();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
