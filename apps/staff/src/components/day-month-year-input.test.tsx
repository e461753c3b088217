import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  AdminContext,
  ResourceContextProvider,
  SaveButton,
  SimpleForm,
  Toolbar,
  required,
} from 'react-admin';
import { i18nProvider } from '../i18n/ar';
import { DayMonthYearInput } from './day-month-year-input';
import { MONTH_NAMES, cairoInstant, cairoParts, daysInMonth } from './cairo-time';

/**
 * The console's date input (ADR 035): day, the Arabic month's name and year (and a 24-hour
 * time), in Cairo's clock, never the browser's `mm/dd/yyyy`.
 */

configure({ asyncUtilTimeout: 25_000 });

function renderForm(
  onSubmit: (values: Record<string, unknown>) => void,
  record: Record<string, unknown> = {},
  withTime = false,
) {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <ResourceContextProvider value="paycard-batches">
        <SimpleForm record={record} onSubmit={onSubmit}>
          <DayMonthYearInput
            source="expires_at"
            label="تنتهي صلاحيتها في"
            withTime={withTime}
            years={[2025, 2030]}
          />
        </SimpleForm>
      </ResourceContextProvider>
    </AdminContext>,
  );
  return userEvent.setup();
}

async function pick(
  user: ReturnType<typeof userEvent.setup>,
  group: HTMLElement,
  part: string,
  option: string,
) {
  await user.click(within(group).getByRole('combobox', { name: new RegExp(`^${part}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the day/month/year input', { timeout: 60_000 }, () => {
  it('offers the Arabic months by name and days in Western digits', async () => {
    const user = renderForm(vi.fn());
    const group = await screen.findByRole('group', { name: 'تنتهي صلاحيتها في' });
    await user.click(within(group).getByRole('combobox', { name: /^الشهر/ }));
    const months = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(months).toEqual([
      'بدون',
      'يناير',
      'فبراير',
      'مارس',
      'أبريل',
      'مايو',
      'يونيو',
      'يوليو',
      'أغسطس',
      'سبتمبر',
      'أكتوبر',
      'نوفمبر',
      'ديسمبر',
    ]);
    await user.keyboard('{Escape}');
    await user.click(within(group).getByRole('combobox', { name: /^اليوم/ }));
    const days = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(days.slice(1, 4)).toEqual(['1', '2', '3']);
    expect(days.at(-1)).toBe('31');
    expect(document.body.textContent).not.toMatch(/[\u0660-\u0669]|mm\/dd|yyyy/);
  });

  it('sends the instant of the chosen Cairo day and time', async () => {
    const onSubmit = vi.fn();
    const user = renderForm(onSubmit, {}, true);
    const group = await screen.findByRole('group', { name: 'تنتهي صلاحيتها في' });
    await pick(user, group, 'اليوم', '15');
    await pick(user, group, 'الشهر', 'يوليو');
    await pick(user, group, 'السنة', '2027');
    await pick(user, group, 'الساعة', '21');
    await pick(user, group, 'الدقيقة', '30');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    // 21:30 in Cairo on 15 July 2027, summer time (UTC+3): 18:30 UTC.
    await waitFor(() =>
      expect(onSubmit.mock.calls[0]![0]).toEqual({ expires_at: '2027-07-15T18:30:00.000Z' }),
    );
  });

  it('shows a stored instant as its Cairo day, and clears it to null', async () => {
    const onSubmit = vi.fn();
    // 22:30 UTC on 31 January is 00:30 on 1 February in Cairo.
    const user = renderForm(onSubmit, { expires_at: '2026-01-31T22:30:00.000Z' }, true);
    const group = await screen.findByRole('group', { name: 'تنتهي صلاحيتها في' });
    expect(within(group).getByRole('combobox', { name: /^اليوم/ })).toHaveTextContent('1');
    expect(within(group).getByRole('combobox', { name: /^الشهر/ })).toHaveTextContent('فبراير');
    expect(within(group).getByRole('combobox', { name: /^الساعة/ })).toHaveTextContent('00');
    await user.click(within(group).getByRole('button', { name: 'مسح التاريخ' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(onSubmit.mock.calls[0]![0]).toEqual({ expires_at: null }));
  });

  it('refuses a half-chosen or impossible date in Arabic before sending', async () => {
    const onSubmit = vi.fn();
    const user = renderForm(onSubmit);
    const group = await screen.findByRole('group', { name: 'تنتهي صلاحيتها في' });
    await pick(user, group, 'اليوم', '31');
    await pick(user, group, 'الشهر', 'فبراير');
    await pick(user, group, 'السنة', '2026');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(
      await within(group).findByText(
        'أكمل التاريخ: اختر يوماً موجوداً في الشهر، والشهر والسنة (والساعة والدقيقة)',
      ),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("as a list's `to` filter, sends nothing for a half-chosen day and the day's last moment once chosen", async () => {
    const onSubmit = vi.fn();
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ResourceContextProvider value="audit-log">
          <SimpleForm
            onSubmit={onSubmit}
            toolbar={
              <Toolbar>
                <SaveButton alwaysEnable />
              </Toolbar>
            }
          >
            <DayMonthYearInput source="to" label="إلى يوم" filter="to" years={[2025, 2030]} />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'إلى يوم' });
    await pick(user, group, 'اليوم', '26');
    await pick(user, group, 'الشهر', 'نوفمبر');
    // Half chosen: the list is not filtered by it, and the choices made so far stay.
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].to).toBeUndefined();
    expect(within(group).getByRole('combobox', { name: /^اليوم/ })).toHaveTextContent('26');
    await pick(user, group, 'السنة', '2026');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    // 26 November 2026 in Cairo (UTC+2) ends at 21:59:59.999 UTC.
    await waitFor(() =>
      expect(onSubmit.mock.calls[1]![0]).toEqual({ to: '2026-11-26T21:59:59.999Z' }),
    );
    expect(within(group).getByRole('combobox', { name: /^اليوم/ })).toHaveTextContent('26');
  });

  it('marks a required date', async () => {
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <ResourceContextProvider value="exams">
          <SimpleForm onSubmit={vi.fn()}>
            <DayMonthYearInput source="d" label="يوم الامتحان" validate={required()} />
          </SimpleForm>
        </ResourceContextProvider>
      </AdminContext>,
    );
    const group = await screen.findByRole('group', { name: 'يوم الامتحان' });
    // The star is shown and hidden from screen readers, as react-admin marks required fields.
    expect(group.querySelector('legend')).toHaveTextContent(/^يوم الامتحان\s*\*$/);
    expect(screen.queryByRole('button', { name: 'مسح التاريخ' })).not.toBeInTheDocument();
  });
});

describe("Cairo's clock", () => {
  it('turns wall-clock parts into instants and back, winter and summer', () => {
    expect(cairoInstant({ year: 2026, month: 12, day: 1, hour: 10, minute: 0 })).toBe(
      '2026-12-01T08:00:00.000Z',
    );
    expect(cairoInstant({ year: 2027, month: 7, day: 15, hour: 21, minute: 30 })).toBe(
      '2027-07-15T18:30:00.000Z',
    );
    expect(cairoParts('2026-01-31T22:30:00Z')).toEqual({
      year: 2026,
      month: 2,
      day: 1,
      hour: 0,
      minute: 30,
    });
    expect(cairoParts('not a date')).toBeNull();
    expect(daysInMonth(2028, 2)).toBe(29);
    expect(daysInMonth(2026, 2)).toBe(28);
    expect(MONTH_NAMES).toHaveLength(12);
  });
});
