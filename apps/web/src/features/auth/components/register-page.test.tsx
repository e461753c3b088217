import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getToken } from '../../../lib/token-storage';
import { userFixture } from '../../../test/fixtures';
import { fill } from '../../../test/fill';
import { mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

function renderRegister() {
  return renderRoutes(
    [
      { path: '/register', element: <RegisterPage /> },
      { path: '/login', element: <LoginPage /> },
    ],
    { path: '/register' },
  );
}

async function fillForm() {
  const user = userEvent.setup({ delay: null });
  await fill(user, screen.getByRole('textbox', { name: 'الاسم' }), 'سارة محمود');
  await fill(user, screen.getByRole('textbox', { name: 'البريد الإلكتروني' }), 'sara@example.com');
  await fill(user, screen.getByRole('textbox', { name: 'رقم الهاتف' }), '01001234567');
  await user.click(screen.getByRole('combobox', { name: 'الصف الدراسي' }));
  await user.click(await screen.findByRole('option', { name: 'الصف الثاني الثانوي' }));
  await fill(user, screen.getByLabelText('كلمة المرور', { exact: true }), 'dars12345');
  await fill(user, screen.getByLabelText('تأكيد كلمة المرور'), 'dars12345');
  await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
}

describe('RegisterPage', { timeout: 15_000 }, () => {
  it("puts the server's 422 field errors under their fields", async () => {
    mockApi({
      'POST /api/v1/register': () => ({
        status: 422,
        body: {
          message: 'البريد الإلكتروني مستخدم بالفعل',
          code: 'VALIDATION_FAILED',
          errors: {
            email: ['البريد الإلكتروني مستخدم بالفعل'],
            phone: ['رقم الهاتف مستخدم بالفعل'],
          },
        },
      }),
    });
    renderRegister();
    await fillForm();
    const email = screen.getByRole('textbox', { name: 'البريد الإلكتروني' });
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('البريد الإلكتروني مستخدم بالفعل'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'رقم الهاتف' })).toHaveAccessibleDescription(
      'رقم الهاتف مستخدم بالفعل',
    );
    expect(screen.getByRole('textbox', { name: 'الاسم' })).toHaveAttribute('aria-invalid', 'false');
  });

  it('checks the fields before calling the server', async () => {
    const api = mockApi({});
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(screen.getByRole('textbox', { name: 'الاسم' })).toHaveAccessibleDescription(
      'أدخل الاسم',
    );
    expect(screen.getByText('اختر الصف الدراسي')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });

  it('starts the session with the answer and says what the server said', async () => {
    const api = mockApi({
      'POST /api/v1/register': () => ({
        body: {
          token: 'new-token',
          user: userFixture({ email_verified_at: null }),
          verification: 'SENT',
          message: 'تم إنشاء حسابك، أرسلنا رمز التأكيد إلى بريدك الإلكتروني',
        },
      }),
    });
    renderRegister();
    await fillForm();
    await waitFor(() => expect(getToken()).toBe('new-token'));
    expect(
      await screen.findByText('تم إنشاء حسابك، أرسلنا رمز التأكيد إلى بريدك الإلكتروني'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(api.mock.calls[0]?.[1]?.body))).toEqual({
      name: 'سارة محمود',
      email: 'sara@example.com',
      phone: '01001234567',
      grade_id: 2,
      password: 'dars12345',
      password_confirmation: 'dars12345',
    });
  });

  it('sends the student to login when the answer has no token', async () => {
    mockApi({
      'POST /api/v1/register': () => ({
        body: { token: null, user: null, verification: 'NOT_REQUIRED', message: 'سجّل الدخول الآن' },
      }),
    });
    const { router } = renderRegister();
    await fillForm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('سجّل الدخول الآن')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});
