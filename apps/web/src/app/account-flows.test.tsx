import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { settingsFixture, userFixture } from '../test/fixtures';
import { fill } from '../test/fill';
import { mockApi } from '../test/mock-api';
import { renderRoutes } from '../test/render';
import { routes } from './router';

// Where the account screens lead once the session changes: the guards of the route table
// decide (spec §2, §4), so these run on the real table.

async function logIn() {
  const user = userEvent.setup({ delay: null });
  await fill(
    user,
    await screen.findByRole('textbox', { name: 'البريد الإلكتروني أو رقم الهاتف' }),
    'student@dars.test',
  );
  await fill(user, screen.getByLabelText('كلمة المرور'), 'dars12345');
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
}

const loginApi = (user = userFixture()) =>
  mockApi({ 'POST /api/v1/login': () => ({ body: { token: 'new-token', user } }) });

describe('account flows', { timeout: 15_000 }, () => {
  it('goes home after login', async () => {
    loginApi();
    const { router } = renderRoutes(routes, { path: '/login' });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('goes to the course of ?course= after login', async () => {
    loginApi();
    const { router } = renderRoutes(routes, { path: '/login?course=5' });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/5'));
  });

  it('goes to /confirm after login while the e-mail is unconfirmed', async () => {
    loginApi(userFixture({ email_verified_at: null }));
    const { router } = renderRoutes(routes, {
      path: '/login',
      settings: settingsFixture({ email_verification: true }),
    });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm'));
    expect(await screen.findByText(/لم يتم تأكيد بريدك الإلكتروني بعد/)).toBeInTheDocument();
  });

  it("goes from register to /confirm when the code was 'SENT', then home once confirmed", async () => {
    const unconfirmed = userFixture({ email_verified_at: null });
    mockApi({
      'POST /api/v1/register': () => ({
        body: { token: 'new-token', user: unconfirmed, verification: 'SENT', message: 'تم' },
      }),
      'POST /api/v1/verify': () => ({
        body: { user: { ...unconfirmed, email_verified_at: '2024-06-01T10:00:00.000Z' } },
      }),
    });
    const { router } = renderRoutes(routes, {
      path: '/register',
      settings: settingsFixture({ email_verification: true }),
    });
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByRole('textbox', { name: 'الاسم' }), 'سارة محمود');
    await fill(
      user,
      screen.getByRole('textbox', { name: 'البريد الإلكتروني' }),
      'sara@example.com',
    );
    await fill(user, screen.getByRole('textbox', { name: 'رقم الهاتف' }), '01001234567');
    await user.click(screen.getByRole('combobox', { name: 'الصف الدراسي' }));
    await user.click(await screen.findByRole('option', { name: 'الصف الأول الثانوي' }));
    await fill(user, screen.getByLabelText('كلمة المرور', { exact: true }), 'dars12345');
    await fill(user, screen.getByLabelText('تأكيد كلمة المرور'), 'dars12345');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/confirm'));

    await fill(user, await screen.findByRole('textbox', { name: 'رمز التأكيد' }), '123456');
    await user.click(screen.getByRole('button', { name: 'تأكيد' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('goes home after register when no confirmation is needed', async () => {
    mockApi({
      'POST /api/v1/register': () => ({
        body: {
          token: 'new-token',
          user: userFixture({ email_verified_at: null }),
          verification: 'NOT_REQUIRED',
          message: 'تم إنشاء حسابك بنجاح',
        },
      }),
    });
    const { router } = renderRoutes(routes, { path: '/register' });
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByRole('textbox', { name: 'الاسم' }), 'سارة');
    await fill(user, screen.getByRole('textbox', { name: 'البريد الإلكتروني' }), 's@example.com');
    await fill(user, screen.getByRole('textbox', { name: 'رقم الهاتف' }), '01001234567');
    await user.click(screen.getByRole('combobox', { name: 'الصف الدراسي' }));
    await user.click(await screen.findByRole('option', { name: 'الصف الأول الثانوي' }));
    await fill(user, screen.getByLabelText('كلمة المرور', { exact: true }), 'dars12345');
    await fill(user, screen.getByLabelText('تأكيد كلمة المرور'), 'dars12345');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('shows the bell and the user menu to a signed-in user', async () => {
    mockApi({});
    renderRoutes(routes, { path: '/about', user: userFixture({ notifications_count: 4 }) });
    expect(await screen.findByRole('button', { name: /^الإشعارات/ })).toHaveTextContent('4');
    expect(screen.getByRole('button', { name: 'حسابي' })).toBeInTheDocument();
  });

  it('shows neither to a guest', async () => {
    renderRoutes(routes, { path: '/about' });
    await screen.findByRole('heading', { level: 1, name: 'عن المنصة' });
    expect(screen.queryByRole('button', { name: 'الإشعارات' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'حسابي' })).not.toBeInTheDocument();
  });
});
