import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@dars/contract';
import { settingsFixture } from '../../../test/fixtures';
import { renderWithApp } from '../../../test/render';
import { Announcement } from './announcement';

const TEXT = 'تبدأ دورات الترم الثاني يوم السبت القادم';
const withText = (general_announcement: string | null) => settingsFixture({ general_announcement });

describe('Announcement', () => {
  it('shows the announcement once, and remembers that it was closed', async () => {
    const first = renderWithApp(<Announcement />, { settings: withText(TEXT) });
    // The dialog's code is loaded on demand: allow for a slow first import.
    const dialog = await screen.findByRole('dialog', { name: 'إعلان' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent(TEXT);
    await userEvent.click(screen.getByRole('button', { name: 'حسناً' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.localStorage.getItem(STORAGE_KEYS.announcementDismissed)).toBe(TEXT);
    first.unmount();

    // The next visit: nothing.
    renderWithApp(<Announcement />, { settings: withText(TEXT) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a new announcement even after an older one was closed', async () => {
    window.localStorage.setItem(STORAGE_KEYS.announcementDismissed, 'إعلان قديم');
    renderWithApp(<Announcement />, { settings: withText(TEXT) });
    expect(await screen.findByRole('dialog', { name: 'إعلان' })).toHaveTextContent(TEXT);
  });

  it('shows nothing without an announcement', async () => {
    renderWithApp(<Announcement />, { settings: withText('  ') });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
