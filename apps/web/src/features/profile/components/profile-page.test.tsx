import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@dars/contract';
import { useSession } from '../../../lib/session-context';
import { userFixture } from '../../../test/fixtures';
import { fill } from '../../../test/fill';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { ProfilePage } from './profile-page';

/** The session's user name, to see that a save reaches the session (and so the guards). */
function SessionName() {
  return <output aria-label="session">{useSession().user?.name}</output>;
}

function renderProfile(
  user: User = userFixture(),
  routes: Parameters<typeof mockApi>[0] = {},
  onSignOut?: () => void,
) {
  const api = mockApi({ 'GET /api/v1/profile': () => ({ body: { user } }), ...routes });
  renderWithApp(
    <>
      <ProfilePage />
      <SessionName />
    </>,
    { user, ...(onSignOut ? { onSignOut } : {}) },
  );
  return api;
}

const setup = () => userEvent.setup({ delay: null });
/** The body of the first call other than a GET to `path`. */
const bodyOf = (api: ReturnType<typeof mockApi>, path: string) =>
  api.mock.calls.find(([url, init]) => String(url) === path && init?.method !== 'GET')?.[1]?.body;

describe('ProfilePage', { timeout: 15_000 }, () => {
  it('shows the id, e-mail and phone as they are, and the name and grade to edit', async () => {
    renderProfile();
    expect(await screen.findByRole('heading', { level: 1, name: 'الملف الشخصي' })).toBeVisible();
    expect(screen.getByText('1001')).toBeInTheDocument();
    expect(screen.getByText('sara@example.com')).toBeInTheDocument();
    expect(screen.getByText('01001234567')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'الاسم' })).toHaveValue('سارة محمود');
    expect(screen.getByRole('combobox', { name: 'الصف الدراسي' })).toHaveTextContent(
      'الصف الأول الثانوي',
    );
    expect(screen.queryByRole('button', { name: 'رمز QR الخاص بي' })).not.toBeInTheDocument();
  });

  it('saves the name and grade and tells the session', async () => {
    const user = setup();
    const api = renderProfile(userFixture(), {
      'PUT /api/v1/profile': () => ({
        body: {
          user: userFixture({ name: 'سارة أحمد', grade: { id: 3, name: 'الصف الثالث الثانوي' } }),
        },
      }),
    });
    const name = await screen.findByRole('textbox', { name: 'الاسم' });
    await user.clear(name);
    await fill(user, name, 'سارة أحمد');
    await user.click(screen.getByRole('combobox', { name: 'الصف الدراسي' }));
    await user.click(await screen.findByRole('option', { name: 'الصف الثالث الثانوي' }));
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('تم حفظ التغييرات بنجاح')).toBeInTheDocument();
    expect(JSON.parse(String(bodyOf(api, '/api/v1/profile')))).toEqual({
      name: 'سارة أحمد',
      grade_id: 3,
    });
    expect(screen.getByRole('status', { name: 'session' })).toHaveTextContent('سارة أحمد');
  });

  it("shows the server's first message for a 422, and the save failure otherwise", async () => {
    const user = setup();
    let calls = 0;
    renderProfile(userFixture(), {
      'PUT /api/v1/profile': () =>
        ++calls === 1
          ? {
              status: 422,
              body: {
                message: 'اختر الصف الدراسي',
                code: 'VALIDATION_FAILED',
                errors: { grade_id: ['اختر الصف الدراسي'] },
              },
            }
          : { status: 500, body: { message: 'boom' } },
    });
    await user.click(await screen.findByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findAllByText('اختر الصف الدراسي')).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await screen.findByText('حدثت مشكلة أثناء حفظ التغييرات')).toBeInTheDocument();
  });

  it('asks for both passwords before calling the server', async () => {
    const user = setup();
    const api = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(screen.getAllByText('لا تترك الحقول فارغة')).toHaveLength(2);
    await fill(user, screen.getByLabelText('كلمة المرور الحالية'), 'dars12345');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(screen.getByLabelText('كلمة المرور الجديدة')).toHaveAccessibleDescription(
      'لا تترك الحقول فارغة',
    );
    expect(bodyOf(api, '/api/v1/profile/password')).toBeUndefined();
  });

  it('says the current password is wrong, then confirms a change', async () => {
    const user = setup();
    const api = renderProfile(userFixture(), {
      'POST /api/v1/profile/password': (_url, init) =>
        String(init?.body).includes('"current_password":"dars12345"')
          ? { body: { message: 'تم تغيير كلمة المرور بنجاح' } }
          : {
              status: 422,
              body: {
                message: 'كلمة المرور الحالية غير صحيحة',
                code: 'WRONG_OLD_PASSWORD',
                errors: { current_password: ['كلمة المرور الحالية غير صحيحة'] },
              },
            },
    });
    const current = await screen.findByLabelText('كلمة المرور الحالية');
    await fill(user, current, 'wrong-one');
    await fill(user, screen.getByLabelText('كلمة المرور الجديدة'), 'new-pass-123');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription('كلمة المرور الحالية غير صحيحة'),
    );

    await user.clear(current);
    await fill(user, current, 'dars12345');
    await user.click(screen.getByRole('button', { name: 'تغيير كلمة المرور' }));
    expect(await screen.findByText('تم تغيير كلمة المرور بنجاح')).toBeInTheDocument();
    expect(current).toHaveValue('');
    expect(api).toHaveBeenCalledWith('/api/v1/profile/password', expect.anything());
  });

  it('uploads a new avatar as multipart and reports the outcome', async () => {
    const user = setup();
    let calls = 0;
    const api = renderProfile(userFixture(), {
      'POST /api/v1/profile/avatar': () =>
        ++calls === 1
          ? { body: { user: userFixture({ avatar: '/storage/avatars/1001.png' }) } }
          : { status: 500, body: { message: 'boom' } },
    });
    const input = await screen.findByLabelText('تغيير الصورة');
    expect(input).toHaveAttribute('accept', 'image/*');
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    await user.upload(input, file);
    expect(await screen.findByText('تم تغيير الصورة بنجاح')).toBeInTheDocument();
    const body = bodyOf(api, '/api/v1/profile/avatar');
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('avatar')).toBeInstanceOf(File);

    await user.upload(input, file);
    expect(await screen.findByText('حدثت مشكلة أثناء تنفيذ الطلب')).toBeInTheDocument();
  });

  it('shows the QR code with the centre name when the account has one', async () => {
    const user = setup();
    renderProfile(userFixture({ profile_qr_code: 'DARS-1001', center_name: 'سنتر النور' }));
    await user.click(await screen.findByRole('button', { name: 'رمز QR الخاص بي' }));
    const dialog = await screen.findByRole('dialog', { name: 'رمز QR الخاص بحسابك' });
    const qr = await within(dialog).findByRole('img', { name: 'رمز QR لحساب سارة محمود' });
    expect(qr).toHaveAttribute('width', '160');
    expect(within(dialog).getByText('سنتر النور')).toBeInTheDocument();
  });

  it('warns about an incomplete profile', async () => {
    renderProfile(userFixture({ grade: null, profile_not_completed: true }));
    expect(
      await screen.findByText('يتعين عليك إكمال بيانات حسابك حتى تتمكن من استعمال التطبيق'),
    ).toBeInTheDocument();
  });

  it('signs out on every device only after the confirm, then ends the session here', async () => {
    const user = setup();
    const signOut = vi.fn();
    const api = renderProfile(
      userFixture(),
      {
        'POST /api/v1/logout/all': () => ({ body: { message: 'تم تسجيل الخروج من جميع الأجهزة' } }),
      },
      signOut,
    );
    const calls = () => api.mock.calls.filter(([url]) => String(url) === '/api/v1/logout/all');
    await user.click(await screen.findByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الخروج من جميع الأجهزة' });
    expect(dialog).toHaveAccessibleDescription(/بما فيها هذا الجهاز/);
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة' }));
    const again = await screen.findByRole('dialog', { name: 'تسجيل الخروج من جميع الأجهزة' });
    await user.click(within(again).getByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    expect(calls()).toHaveLength(1);
    expect(calls()[0]![1]?.method).toBe('POST');
  });

  it('stays signed in and says so when signing out everywhere fails', async () => {
    const user = setup();
    const signOut = vi.fn();
    renderProfile(
      userFixture(),
      { 'POST /api/v1/logout/all': () => ({ status: 500, body: { message: 'boom' } }) },
      signOut,
    );
    await user.click(await screen.findByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الخروج من جميع الأجهزة' });
    await user.click(within(dialog).getByRole('button', { name: 'تسجيل الخروج من جميع الأجهزة' }));
    expect(
      await screen.findByText('تعذر تسجيل الخروج من جميع الأجهزة، حاول مرة أخرى'),
    ).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
  });
});
