import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { staffEndpoints as e } from '@dars/contract';
import { ADMIN, answer, fakeStaffApi, isCall, staffBasics } from '../test/fake-api';
import { openConsole } from '../test/console';
import { staffSettings } from '../test/fixtures';

// «عدد الأجهزة المسموح بها لكل طالب» in the settings (issue 28, ADR 051): empty (no limit) by
// default, a number saved as a number, emptied saved as none.

function api() {
  return fakeStaffApi([
    ...staffBasics(ADMIN),
    answer(e.staffGetSettings, { data: staffSettings() }),
    (c) =>
      isCall(c, e.staffUpdateSettings)
        ? { body: { data: { ...staffSettings(), ...(c.body as object) } } }
        : undefined,
  ]);
}

describe('the devices limit in the settings', { timeout: 240_000 }, () => {
  it('is empty by default, and saves the number typed', async () => {
    const calls = api();
    const user = openConsole('/settings', ADMIN);
    const field = await screen.findByRole(
      'spinbutton',
      { name: 'عدد الأجهزة المسموح بها لكل طالب' },
      { timeout: 30_000 },
    );
    expect(field).toHaveValue(null);
    expect(
      screen.getByText(/اتركه فارغاً أو 0 لعدم التقييد/, { selector: 'p, span' }),
    ).toBeInTheDocument();
    await user.type(field, '2');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await waitFor(() => expect(calls.callsTo(e.staffUpdateSettings)).toHaveLength(1));
    expect(
      (calls.callsTo(e.staffUpdateSettings)[0]!.body as { max_devices_per_student: unknown })
        .max_devices_per_student,
    ).toBe(2);
  });
});
