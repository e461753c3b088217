import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getToken } from '../../../lib/token-storage';
import { userFixture } from '../../../test/fixtures';
import { fill } from '../../../test/fill';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { LoginPage } from './login-page';

function renderLogin(path = '/login') {
  return renderWithApp(<LoginPage />, { path, routePath: '/login' });
}

async function fillAndSubmit(login: string, password: string) {
  const user = userEvent.setup({ delay: null });
  await fill(user, screen.getByRole('textbox', { name: 'البريد الإلكتروني أو رقم الهاتف' }), login);
  await fill(user, screen.getByLabelText('كلمة المرور'), password);
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
}

describe('LoginPage', { timeout: 15_000 }, () => {
  it("shows the server's message for wrong credentials", async () => {
    mockApi({
      'POST /api/v1/login': () => ({
        status: 422,
        body: {
          message: 'بيانات الدخول غير صحيحة',
          code: 'INVALID_CREDENTIALS',
          errors: { login: ['بيانات الدخول غير صحيحة'] },
        },
      }),
    });
    renderLogin();
    await fillAndSubmit('student@dars.test', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('بيانات الدخول غير صحيحة');
    expect(getToken()).toBeNull();
  });

  it('shows the rate-limit message as the server words it', async () => {
    mockApi({
      'POST /api/v1/login': () => ({
        status: 429,
        body: {
          message: 'محاولات دخول خاطئة كثيرة، حاول مرة أخرى بعد ساعة',
          code: 'TOO_MANY_REQUESTS',
        },
      }),
    });
    renderLogin();
    await fillAndSubmit('student@dars.test', 'dars12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'محاولات دخول خاطئة كثيرة، حاول مرة أخرى بعد ساعة',
    );
  });

  it('refuses a device over the school’s limit with the server’s words, sending the device id', async () => {
    const message =
      'وصلت إلى الحد الأقصى لعدد الأجهزة (2). سجّل الخروج من جهاز آخر من صفحة حسابك، أو تواصل مع الدعم.';
    const api = mockApi({
      'POST /api/v1/login': () => ({
        status: 403,
        body: { message, code: 'DEVICE_LIMIT_REACHED' },
      }),
    });
    renderLogin();
    await fillAndSubmit('student@dars.test', 'dars12345');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(getToken()).toBeNull();
    const headers = new Headers(api.mock.calls[0]![1]?.headers);
    expect(headers.get('App-Device')).toBe(window.localStorage.getItem('device_id'));
    expect(headers.get('App-Device')).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
  });

  it('asks for both fields before calling the server', async () => {
    const api = mockApi({});
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(screen.getAllByText('لا تترك الحقول فارغة')).toHaveLength(2);
    expect(api).not.toHaveBeenCalled();
  });

  it('signs in with the phone typed in Arabic-Indic digits', async () => {
    const api = mockApi({
      'POST /api/v1/login': () => ({ body: { token: 'new-token', user: userFixture() } }),
    });
    renderLogin();
    await fillAndSubmit('٠١٠١٢٣٤٥٦٧٨', 'dars12345');
    await waitFor(() => expect(getToken()).toBe('new-token'));
    const body = JSON.parse(String(api.mock.calls[0]?.[1]?.body)) as unknown;
    expect(body).toEqual({ login: '01012345678', password: 'dars12345' });
  });

  it('tells a student who came to join a course, and keeps ?course= on the way to register', () => {
    renderLogin('/login?course=5');
    expect(screen.getByText('سجّل الدخول أولاً لتنضم إلى الدورة.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'أنشئ حساباً جديداً' })).toHaveAttribute(
      'href',
      '/register?course=5',
    );
    expect(screen.getByRole('link', { name: 'نسيت كلمة المرور؟' })).toHaveAttribute(
      'href',
      '/reset-password',
    );
  });
});
