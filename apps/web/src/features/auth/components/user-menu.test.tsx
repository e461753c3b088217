import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userFixture } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { UserMenu } from './user-menu';

describe('UserMenu', { timeout: 15_000 }, () => {
  it('offers the profile, «رسائلي» and support', async () => {
    renderWithApp(<UserMenu />, { user: userFixture() });
    await userEvent.click(screen.getByRole('button', { name: 'حسابي' }));
    expect(await screen.findByRole('menuitem', { name: 'الملف الشخصي' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.getByRole('menuitem', { name: 'رسائلي' })).toHaveAttribute('href', '/messages');
    expect(screen.getByRole('menuitem', { name: 'الدعم' })).toHaveAttribute('href', '/help');
  });

  it('logs out only after the confirm dialog, revoking the token on the server', async () => {
    const onSignOut = vi.fn();
    const api = mockApi({
      'POST /api/v1/logout': () => ({ body: { message: 'تم تسجيل الخروج' } }),
    });
    renderWithApp(<UserMenu />, { user: userFixture(), onSignOut });

    await userEvent.click(screen.getByRole('button', { name: 'حسابي' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'تسجيل الخروج' }));
    const dialog = await screen.findByRole('dialog', { name: 'تسجيل الخروج' });
    expect(dialog).toHaveTextContent('هل تريد تسجيل الخروج من حسابك؟');
    expect(api).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(onSignOut).toHaveBeenCalledOnce());
    expect(String(api.mock.calls[0]?.[0])).toBe('/api/v1/logout');
  });

  it('stays signed in when the dialog is cancelled', async () => {
    const onSignOut = vi.fn();
    const api = mockApi({});
    renderWithApp(<UserMenu />, { user: userFixture(), onSignOut });
    await userEvent.click(screen.getByRole('button', { name: 'حسابي' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'تسجيل الخروج' }));
    await userEvent.click(await screen.findByRole('button', { name: 'إلغاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onSignOut).not.toHaveBeenCalled();
    expect(api).not.toHaveBeenCalled();
  });

  it('ends the session here even when the server call fails', async () => {
    const onSignOut = vi.fn();
    mockApi({ 'POST /api/v1/logout': () => ({ status: 500, body: { message: 'boom' } }) });
    renderWithApp(<UserMenu />, { user: userFixture(), onSignOut });
    await userEvent.click(screen.getByRole('button', { name: 'حسابي' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'تسجيل الخروج' }));
    await userEvent.click(await screen.findByRole('button', { name: 'تسجيل الخروج' }));
    await waitFor(() => expect(onSignOut).toHaveBeenCalledOnce());
  });
});
