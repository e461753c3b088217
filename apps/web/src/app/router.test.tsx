import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { courseFixture, coursesPage, settingsFixture, userFixture } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { walletFixture } from '../test/wallet-fixtures';
import { renderRoutes } from '../test/render';
import { routes } from './router';

function catalogApi() {
  return mockApi({
    'GET /api/v1/welcome': () => ({
      body: { featured_courses: [courseFixture({ featured: true })] },
    }),
    'GET /api/v1/courses': () => ({ body: coursesPage([courseFixture()]) }),
  });
}

const notFoundHeading = () => screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' });

describe('route guards', () => {
  it('sends a guest from a protected route to login, keeping the query', async () => {
    catalogApi();
    const { router } = renderRoutes(routes, { path: '/profile?course=5' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?course=5');
  });

  it('protects every sign-in route of spec §2', async () => {
    catalogApi();
    for (const path of [
      '/home',
      '/my-courses',
      '/teachers',
      '/my-exams/exams',
      '/my-exams/homeworks',
      '/exams',
      '/exams/session',
      '/wallet',
      '/confirm',
    ]) {
      const { router, unmount } = renderRoutes(routes, { path });
      await waitFor(() => expect(router.state.location.pathname, path).toBe('/login'));
      unmount();
    }
  });

  it('keeps «رسائلي» for signed-in students, and opens a follow link to anyone (ADR 039)', async () => {
    catalogApi();
    for (const path of ['/messages', '/messages/3']) {
      const { router, unmount } = renderRoutes(routes, { path });
      await waitFor(() => expect(router.state.location.pathname, path).toBe('/login'));
      unmount();
    }
    const { router } = renderRoutes(routes, { path: '/support/follow/abc' });
    expect(await screen.findByRole('heading', { level: 1, name: 'متابعة رسالتك' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/support/follow/abc');
  });

  it('sends a signed-in user from guest-only routes home', async () => {
    catalogApi();
    for (const path of ['/', '/login', '/register', '/reset-password']) {
      const { router, unmount } = renderRoutes(routes, { path, signedIn: true });
      await waitFor(() => expect(router.state.location.pathname, path).toBe('/home'));
      unmount();
    }
  });

  it('lets guests browse the public routes', async () => {
    catalogApi();
    const { router } = renderRoutes(routes, { path: '/courses?query=x' });
    expect(await screen.findByRole('heading', { level: 1, name: 'الدورات' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?query=x');
  });
});

describe('session state guards (spec §4)', () => {
  const verification = settingsFixture({ email_verification: true });

  it('keeps an unconfirmed e-mail on /confirm under the orange bar', async () => {
    catalogApi();
    const user = userFixture({ email_verified_at: null });
    for (const path of ['/home', '/courses', '/profile', '/help', '/login']) {
      const { router, unmount } = renderRoutes(routes, { path, user, settings: verification });
      await waitFor(() => expect(router.state.location.pathname, path).toBe('/confirm'));
      unmount();
    }
    renderRoutes(routes, { path: '/home', user, settings: verification });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تأكيد البريد الإلكتروني' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('لم يتم تأكيد بريدك الإلكتروني بعد');
  });

  it('lets an unconfirmed e-mail be when e-mail verification is off', async () => {
    catalogApi();
    const user = userFixture({ email_verified_at: null });
    const { router } = renderRoutes(routes, { path: '/courses', user });
    expect(await screen.findByRole('heading', { level: 1, name: 'الدورات' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses');
    expect(screen.queryByText('لم يتم تأكيد بريدك الإلكتروني بعد')).not.toBeInTheDocument();
  });

  it('keeps an incomplete profile on /profile with its warning', async () => {
    catalogApi();
    const user = userFixture({ grade: null, profile_not_completed: true });
    mockApi({ 'GET /api/v1/profile': () => ({ body: { user } }) });
    for (const path of ['/home', '/courses', '/help', '/confirm']) {
      const { router, unmount } = renderRoutes(routes, { path, user, settings: verification });
      await waitFor(() => expect(router.state.location.pathname, path).toBe('/profile'));
      unmount();
    }
    renderRoutes(routes, { path: '/wallet', user });
    expect(
      await screen.findByText('يتعين عليك إكمال بيانات حسابك حتى تتمكن من استعمال التطبيق'),
    ).toBeInTheDocument();
  });
});

describe('route table', () => {
  it('shows the welcome page to guests at /', async () => {
    catalogApi();
    renderRoutes(routes, { path: '/' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'تعلّم بذكاء، وتفوّق بثقة' }),
    ).toBeInTheDocument();
    expect(await screen.findAllByTestId('course-card')).toHaveLength(1);
  });

  it('serves the privacy policy at /privacy too', async () => {
    renderRoutes(routes, { path: '/privacy' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'سياسة الخصوصية' }),
    ).toBeInTheDocument();
  });

  it('shows the not-found page for unknown paths', async () => {
    renderRoutes(routes, { path: '/no/such/page' });
    expect(await notFoundHeading()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الرئيسية' })).toHaveAttribute('href', '/');
  });

  it('serves the wallet at /wallet', async () => {
    mockApi({ 'GET /api/v1/wallet': () => ({ body: walletFixture({ balance: 120 }) }) });
    renderRoutes(routes, { path: '/wallet', signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'المحفظة' })).toBeVisible();
    expect(await screen.findByText('120.00 جنيه')).toBeVisible();
  });

  it('serves the exam screens: entry, session and both results lists', async () => {
    mockApi({
      'GET /api/v1/exams/results': () => ({ body: { data: [] } }),
      'GET /api/v1/exams/homeworks/results': () => ({ body: { data: [] } }),
    });
    for (const [path, heading] of [
      ['/exams', 'دخول الامتحان'],
      ['/my-exams/exams', 'نتائج الامتحانات'],
      ['/my-exams/homeworks', 'نتائج الواجبات'],
      ['/exams/session', 'الجلسة غير موجودة'],
    ] as const) {
      const { unmount } = renderRoutes(routes, { path, signedIn: true });
      expect(await screen.findByRole('heading', { level: 1, name: heading }), path).toBeVisible();
      unmount();
    }
  });

  it('turns /teachers and /wallet into not-found when their switches are off', async () => {
    const settings = settingsFixture({ teachers_page: false, enable_wallet_system: false });
    for (const path of ['/teachers', '/wallet']) {
      const { unmount } = renderRoutes(routes, { path, signedIn: true, settings });
      expect(await notFoundHeading()).toBeInTheDocument();
      unmount();
    }
  });

  it('sets the document title from the route meta', async () => {
    renderRoutes(routes, { path: '/about' });
    await screen.findByRole('heading', { level: 1, name: 'عن المنصة' });
    // An effect sets it once the screen is there.
    await waitFor(() => expect(document.title).toBe('عن المنصة | دَرس'));
  });

  it('shows the footer only on routes whose meta asks for it', async () => {
    const { unmount } = renderRoutes(routes, { path: '/help' });
    await screen.findByRole('heading', { level: 1, name: 'المساعدة' });
    expect(await screen.findByRole('contentinfo')).toHaveTextContent(/© \d{4} دَرس/);
    unmount();
    catalogApi();
    renderRoutes(routes, { path: '/courses' });
    await screen.findByRole('heading', { level: 1, name: 'الدورات' });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});
