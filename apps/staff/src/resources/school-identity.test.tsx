import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffEndpoints as e } from '@dars/contract';
import { ADMIN, answer, fakeStaffApi, isCall, staffBasics } from '../test/fake-api';
import { openConsole } from '../test/console';
import { staffSettings } from '../test/fixtures';

// The settings page's «هوية المدرسة» (issue 27, ADR 049). Ratios by hand (WCAG 2): our blue
// #1f4fa3 with white 7.76:1; amber #f59e0b with dark text 8.02:1; #5b9bd5 with white 2.96:1.

function api() {
  return fakeStaffApi([
    ...staffBasics(ADMIN),
    answer(e.staffGetSettings, { data: staffSettings() }),
    (c) =>
      isCall(c, e.staffUpdateSettings)
        ? { body: { data: { ...staffSettings(), ...(c.body as object) } } }
        : undefined,
    answer(e.staffUploadBrandImage, { data: { url: '/storage/brand/logo-1.png' } }),
  ]);
}

async function openIdentity() {
  const user = openConsole('/settings', ADMIN);
  const section = await screen.findByRole('group', { name: 'هوية المدرسة' }, { timeout: 20_000 });
  return { user, section };
}

describe("the school's identity in the settings", () => {
  it('shows the contrast of each colour as it is picked, and what fails', async () => {
    api();
    const { user, section } = await openIdentity();
    const primary = within(section).getByRole('textbox', { name: 'اللون الأساسي' });
    expect(primary).toHaveValue('#1f4fa3');
    expect(
      within(section).getByText('التباين 7.7:1، مقروء بوضوح (الحد الأدنى 4.5:1)'),
    ).toBeInTheDocument();
    expect(
      within(section).getByText('التباين 8.0:1، مقروء بوضوح (الحد الأدنى 4.5:1)'),
    ).toBeInTheDocument();
    await user.clear(primary);
    await user.type(primary, '#5b9bd5');
    expect(
      await within(section).findByText(
        'التباين 2.9:1 أقل من 4.5:1: لن يُقرأ النص عليه بوضوح ولن يُحفظ',
      ),
    ).toBeInTheDocument();
    // The picker beside it sets the same field.
    fireEvent.change(within(section).getByLabelText('اختيار اللون الأساسي من لوحة الألوان'), {
      target: { value: '#0b6e4f' },
    });
    await waitFor(() => expect(primary).toHaveValue('#0b6e4f'));
  });

  it('uploads a logo, previews it, and saves the whole identity with the settings', async () => {
    const calls = api();
    const { user, section } = await openIdentity();
    await user.clear(within(section).getByRole('textbox', { name: 'اسم المدرسة' }));
    await user.type(within(section).getByRole('textbox', { name: 'اسم المدرسة' }), 'سنتر النخبة');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('logo-light-file'), { target: { files: [file] } });
    const logo = within(section).getByRole('group', { name: 'الشعار على خلفية فاتحة' });
    await waitFor(() =>
      expect(within(logo).getByRole('img', { name: 'معاينة الصورة' })).toHaveAttribute(
        'src',
        '/storage/brand/logo-1.png',
      ),
    );
    // The top bar's preview carries the name.
    expect(
      within(section).getByRole('img', { name: 'معاينة شريط التطبيق وزر بألوان المدرسة' }),
    ).toHaveTextContent('سنتر النخبة');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(calls.callsTo(e.staffUpdateSettings)).toHaveLength(1));
    expect((calls.callsTo(e.staffUpdateSettings)[0]!.body as { school: unknown }).school).toEqual({
      name: 'سنتر النخبة',
      logo_light: '/storage/brand/logo-1.png',
      logo_dark: null,
      favicon: null,
      primary_color: '#1f4fa3',
      secondary_color: '#f59e0b',
      footer_text: null,
      legal_links: [],
    });
  });
});
