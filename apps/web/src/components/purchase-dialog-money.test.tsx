import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { PurchaseBody } from '@dars/contract';
import { renderWithApp } from '../test/render';
import { PurchaseDialog, rechargeLink, walletShortfall } from './purchase-dialog';

/** The dialog for a lecture priced 1.10 pounds, paid from the wallet. */
function openLecture1_10(wallet: { balance: number; minRecharge?: number }) {
  renderWithApp(
    <PurchaseDialog
      open
      title="الحصول على المحاضرة"
      itemName="المحاضرة الثانية"
      price={1.1}
      free={false}
      {...wallet}
      walletEnabled
      busy={false}
      message={null}
      onSubmit={vi.fn<(body: PurchaseBody) => Promise<unknown>>(async () => undefined)}
      onClose={() => undefined}
    />,
  );
}

// Prices whose float product by 100 is not whole: 1.1 × 100 is 110.00000000000001, so
// Math.ceil(1.1 * 100) made a smallest recharge of 1.10 pounds a link asking 1.11.
describe('the purchase dialog counts money in whole piasters', () => {
  it('finds what the wallet lacks exactly', () => {
    expect(walletShortfall(0, 1.1)).toBe(1.1);
    expect(walletShortfall(1.1, 1.1)).toBe(0);
    expect(walletShortfall(0.29, 1.1)).toBe(0.81);
    expect(walletShortfall(39.99, 40)).toBe(0.01);
    expect(walletShortfall(10, 19.99)).toBe(9.99);
    expect(walletShortfall(50, 19.99)).toBe(0);
    expect(walletShortfall(null, 19.99)).toBe(0);
  });

  it('links a recharge of at least the smallest one, never a piaster more', () => {
    expect(rechargeLink(0.81, 1.1)).toBe('/wallet?recharge=1.1');
    expect(rechargeLink(0.01, 2.2)).toBe('/wallet?recharge=2.2');
    expect(rechargeLink(9.99, 0.29)).toBe('/wallet?recharge=9.99');
    expect(rechargeLink(0.01, 19.99)).toBe('/wallet?recharge=19.99');
    // A smallest recharge with more decimals is still reached: rounded up.
    expect(rechargeLink(0.01, 10.001)).toBe('/wallet?recharge=10.01');
  });

  it('shows a price of 1.10 pounds against a balance of 0.29, and links 1.10 at least', () => {
    openLecture1_10({ balance: 0.29, minRecharge: 1.1 });
    expect(screen.getByRole('radio', { name: 'المحفظة' })).toBeDisabled();
    expect(screen.getByRole('note')).toHaveTextContent('ينقصك 0.81 جنيه');
    expect(screen.getByRole('link', { name: 'شحن الرصيد' })).toHaveAttribute(
      'href',
      '/wallet?recharge=1.1',
    );
  });

  it('lets a balance of exactly 1.10 pay a price of 1.10', () => {
    openLecture1_10({ balance: 1.1 });
    expect(screen.getByRole('radio', { name: 'المحفظة' })).toBeChecked();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
