import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECHARGE_METHODS } from '@dars/contract';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { fill } from '../../../test/fill';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { setToken } from '../../../lib/token-storage';
import { RechargeDialog } from './recharge-dialog';

// An Android app inside the native wrapper.
vi.mock('../../../platform/platform', () => ({
  platform: { name: 'android', isNative: true, getAppVersion: async () => '1.0.2' },
}));

function renderDialog(methods: (typeof RECHARGE_METHODS)[number][]) {
  mockApi({});
  setToken('42|secretToken');
  renderWithApp(<RechargeDialog open initialAmount="" onClose={vi.fn()} onDone={vi.fn()} />, {
    user: userFixture(),
    settings: settingsFixture({
      recharge_info: {
        min_recharge_amount: 10,
        supported_methods: methods,
        mobile_wallet_number: '01001234567',
      },
    }),
  });
}

describe('RechargeDialog on a native app', () => {
  it('hides every online gateway and offers the web wallet through the reversed token', async () => {
    renderDialog([...RECHARGE_METHODS]);
    const radios = screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent);
    expect(radios).toEqual(['كارت شحن', 'تحويل من محفظة موبايل']);
    for (const gateway of ['بطاقة بنكية', 'فوري', 'كاشير', 'التقسيط', 'منافذ الدفع']) {
      expect(screen.queryByRole('radio', { name: gateway })).not.toBeInTheDocument();
    }
    await userEvent.click(screen.getByRole('radio', { name: 'تحويل من محفظة موبايل' }));
    await fill(userEvent.setup(), screen.getByRole('spinbutton', { name: /المبلغ بالجنيه/ }), '75');
    const link = new URL(
      screen.getByRole('link', { name: 'الشحن من موقع الويب' }).getAttribute('href')!,
    );
    expect(link.pathname).toBe('/home');
    expect(link.searchParams.get('tk')).toBe('nekoTterces|24');
    expect(link.searchParams.get('from')).toBe('app');
    expect(link.searchParams.get('to')).toBe('w');
    expect(link.searchParams.get('recharge')).toBe('75');
  });

  it('offers the web wallet alone when only gateways are configured', () => {
    renderDialog(['paymob_card', 'fawry']);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الشحن من موقع الويب' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeDisabled();
  });

  it('offers no web wallet when no gateway is configured', () => {
    renderDialog(['recharge_card']);
    expect(screen.queryByRole('link', { name: 'الشحن من موقع الويب' })).not.toBeInTheDocument();
  });
});
