import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fill } from '../../../test/fill';
import { mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

const routes = [
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/login', element: <LoginPage /> },
];

const RESET_URL = '/api/v1/password/reset/confirm/one-time-token';
const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as unknown;

describe('ResetPasswordPage', { timeout: 15_000 }, () => {
  it('walks e-mail → code → new password, then shows login with a success message', async () => {
    const user = userEvent.setup({ delay: null });
    const api = mockApi({
      'POST /api/v1/password/reset': () => ({
        body: { message: 'إذا كان البريد الإلكتروني مسجلاً لدينا فستصلك رسالة برمز الاستعادة' },
      }),
      'POST /api/v1/password/reset/validate': (_url, init) =>
        (bodyOf(init) as { code: string }).code === '123456'
          ? { body: { url: RESET_URL } }
          : {
              status: 422,
              body: {
                message: 'الرمز غير صحيح أو انتهت صلاحيته',
                code: 'INVALID_CODE',
                errors: { code: ['الرمز غير صحيح أو انتهت صلاحيته'] },
              },
            },
      [`POST ${RESET_URL}`]: () => ({ body: { message: 'تم' } }),
    });
    const { router } = renderRoutes(routes, { path: '/reset-password' });

    // Step 1: the e-mail.
    await fill(
      user,
      await screen.findByRole('textbox', { name: 'البريد الإلكتروني' }),
      ' Student@Dars.test ',
    );
    await user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));

    // Step 2: a wrong code, then the right one (Arabic-Indic digits are fine).
    const code = await screen.findByRole('textbox', { name: 'رمز الاستعادة' });
    expect(screen.getByText(/student@dars\.test/)).toBeInTheDocument();
    await fill(user, code, '111111');
    await user.click(screen.getByRole('button', { name: 'تحقق من الرمز' }));
    expect(await screen.findByText('الرمز غير صحيح أو انتهت صلاحيته')).toBeInTheDocument();
    await user.clear(code);
    await fill(user, code, '١٢٣٤٥٦');
    await user.click(screen.getByRole('button', { name: 'تحقق من الرمز' }));

    // Step 3: the new password, confirmed.
    const password = await screen.findByLabelText('كلمة المرور الجديدة');
    await fill(user, password, 'new-pass-123');
    await fill(user, screen.getByLabelText('تأكيد كلمة المرور'), 'different');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));
    expect(await screen.findByText('تأكيد كلمة المرور غير مطابق')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('تأكيد كلمة المرور'));
    await fill(user, screen.getByLabelText('تأكيد كلمة المرور'), 'new-pass-123');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText('تم تغيير كلمة المرور بنجاح، سجّل الدخول بكلمة المرور الجديدة'),
    ).toBeInTheDocument();

    const calls = api.mock.calls.map(([url, init]) => [String(url), bodyOf(init)]);
    expect(calls).toEqual([
      ['/api/v1/password/reset', { email: 'student@dars.test' }],
      ['/api/v1/password/reset/validate', { email: 'student@dars.test', code: '111111' }],
      ['/api/v1/password/reset/validate', { email: 'student@dars.test', code: '123456' }],
      [RESET_URL, { password: 'new-pass-123' }],
    ]);
  });

  it('refuses a malformed e-mail before calling the server', async () => {
    const api = mockApi({});
    renderRoutes(routes, { path: '/reset-password' });
    const user = userEvent.setup({ delay: null });
    await fill(user, await screen.findByRole('textbox', { name: 'البريد الإلكتروني' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));
    expect(await screen.findByText('أدخل بريداً إلكترونياً صحيحاً')).toBeInTheDocument();
    expect(api).not.toHaveBeenCalled();
  });
});
