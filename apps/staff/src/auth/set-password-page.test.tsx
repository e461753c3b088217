import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { staffEndpoints as e } from '@dars/contract';
import { fakeStaffApi, isCall } from '../test/fake-api';
import { openSignedOut } from '../test/console';
import { session } from '../data/token';
import { consoleHome } from './set-password-page';

// The page an invitation's link opens (ADR 048), signed out, before react-admin's sign-in.

const TOKEN = 'tok-abcdefghijklmnopqrstuvwxyz012345';
const INVALID = 'رابط الدعوة غير صالح أو انتهت صلاحيته، اطلب من مدير المدرسة دعوة جديدة';
const TEACHER = {
  id: 12,
  name: 'أ. منى الجمال',
  email: 'mona@school.example',
  role: 'teacher' as const,
};

function api(accept: 'ok' | 'used' = 'ok') {
  return fakeStaffApi([
    (c) => {
      if (isCall(c, e.staffCheckInvitation)) {
        return (c.body as { token?: string }).token === TOKEN
          ? { body: { data: { ...TEACHER, expires_at: '2026-12-03T08:00:00.000Z' } } }
          : { status: 422, body: { message: INVALID, code: 'INVALID_CODE' } };
      }
      if (isCall(c, e.staffAcceptInvitation)) {
        return accept === 'ok'
          ? {
              body: {
                data: {
                  token: 'session-1',
                  user: { ...TEACHER, teacher_id: 4, may_set_prices: false },
                },
              },
            }
          : { status: 422, body: { message: INVALID, code: 'INVALID_CODE' } };
      }
      return undefined;
    },
  ]);
}

describe('the set-password page of an invitation', () => {
  it('greets the invited person, checks the two passwords, and signs them in', async () => {
    const calls = api();
    const home = vi.spyOn(consoleHome, 'open').mockImplementation(() => undefined);
    openSignedOut(`/set-password#${TOKEN}`);
    const user = userEvent.setup();
    expect(
      await screen.findByText('مرحباً أ. منى الجمال، اختر كلمة مرور لحسابك في لوحة الإدارة.'),
    ).toBeInTheDocument();
    expect(screen.getByText('mona@school.example')).toHaveAttribute('dir', 'ltr');
    expect(
      screen.getByRole('heading', { level: 1, name: 'تعيين كلمة المرور' }),
    ).toBeInTheDocument();

    const password = screen.getByLabelText('كلمة المرور الجديدة');
    const again = screen.getByLabelText('أعد كتابة كلمة المرور');
    const submit = screen.getByRole('button', { name: 'حفظ كلمة المرور والدخول' });
    await user.type(password, 'short');
    await user.click(submit);
    expect(await screen.findByText('كلمة المرور يجب ألا تقل عن 8 أحرف')).toBeInTheDocument();
    await user.type(password, '-but-long');
    await user.type(again, 'short-but-lonk');
    await user.click(submit);
    expect(await screen.findByText('تأكيد كلمة المرور غير مطابق')).toBeInTheDocument();
    expect(calls.callsTo(e.staffAcceptInvitation)).toEqual([]);

    await user.clear(again);
    await user.type(again, 'short-but-long');
    await user.click(submit);
    await waitFor(() => expect(home).toHaveBeenCalledTimes(1));
    expect(calls.callsTo(e.staffAcceptInvitation)[0]?.body).toEqual({
      token: TOKEN,
      password: 'short-but-long',
    });
    expect(session.token()).toBe('session-1');
    expect(session.user()).toMatchObject({ role: 'teacher', teacher_id: 4 });
    home.mockRestore();
  });

  it('says why a used or unknown link does not work, and leads to the sign-in', async () => {
    api();
    openSignedOut('/set-password#tok-not-the-one-0000000000000000');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'الذهاب إلى صفحة الدخول' })).toHaveAttribute(
      'href',
      '/staff/login',
    );
    expect(screen.queryByLabelText('كلمة المرور الجديدة')).not.toBeInTheDocument();
  });

  it('a link used in another tab meanwhile is refused on saving, with the reason', async () => {
    api('used');
    openSignedOut(`/set-password#${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('كلمة المرور الجديدة'), 'teacher-pass-1');
    await user.type(screen.getByLabelText('أعد كتابة كلمة المرور'), 'teacher-pass-1');
    await user.click(screen.getByRole('button', { name: 'حفظ كلمة المرور والدخول' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(session.token()).toBeNull();
  });
});
