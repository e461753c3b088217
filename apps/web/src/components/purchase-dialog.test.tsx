import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PurchaseBody } from '@dars/contract';
import { renderWithApp } from '../test/render';
import { PurchaseDialog, type PurchaseDialogProps } from './purchase-dialog';

function renderDialog(overrides: Partial<PurchaseDialogProps> = {}) {
  const onSubmit = vi.fn<(body: PurchaseBody) => Promise<unknown>>(async () => undefined);
  // In a router: the recharge is a link to the wallet page.
  const { router } = renderWithApp(
    <PurchaseDialog
      open
      title="الحصول على المحاضرة"
      itemName="المحاضرة الثانية"
      price={40}
      free={false}
      balance={500}
      walletEnabled
      busy={false}
      message={null}
      onSubmit={onSubmit}
      onClose={() => undefined}
      {...overrides}
    />,
  );
  return { onSubmit, router };
}

describe('PurchaseDialog', () => {
  it('pays from the wallet when the balance covers the price', async () => {
    const { onSubmit } = renderDialog({ balance: 40 });
    expect(screen.getByText('رصيدك الحالي: 40.00 جنيه')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'المحفظة' }));
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الشراء' }));
    expect(onSubmit).toHaveBeenCalledWith({ pay_by: 'wallet' });
  });

  it('chooses the wallet when the balance covers the price, so the student only confirms', async () => {
    const { onSubmit } = renderDialog({ balance: 40 });
    expect(screen.getByRole('radio', { name: 'المحفظة' })).toBeChecked();
    const confirm = screen.getByRole('button', { name: 'تأكيد الشراء' });
    expect(confirm).toBeEnabled();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await userEvent.click(confirm);
    expect(onSubmit).toHaveBeenCalledWith({ pay_by: 'wallet' });
  });

  it('blocks the wallet when the balance is lower than the price', () => {
    renderDialog({ balance: 39.99 });
    expect(screen.getByRole('radio', { name: 'المحفظة' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'بطاقة الدفع' })).toBeEnabled();
  });

  it('says how much the wallet lacks and keeps the pay card chosen and usable', async () => {
    const { onSubmit } = renderDialog({ balance: 12.5, price: 40, minRecharge: 10 });
    expect(screen.getByRole('radio', { name: 'بطاقة الدفع' })).toBeChecked();
    expect(screen.getByRole('note')).toHaveTextContent(
      'رصيدك لا يكفي للدفع من المحفظة، ينقصك 27.50 جنيه. اشحن رصيدك أو ادفع ببطاقة الدفع.',
    );
    expect(screen.getByRole('link', { name: 'شحن الرصيد' })).toHaveAttribute(
      'href',
      '/wallet?recharge=27.5',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'كود البطاقة' }), 'K7PM4QXR9TWD2HNA');
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الشراء' }));
    expect(onSubmit).toHaveBeenCalledWith({ pay_by: 'paycard', code: 'K7PM4QXR9TWD2HNA' });
  });

  it('explains the disabled confirm when only the short wallet could pay, and offers the recharge', async () => {
    const { router } = renderDialog({
      balance: 1250,
      price: 1300.25,
      paycardAllowed: false,
      minRecharge: 100,
    });
    const confirm = screen.getByRole('button', { name: 'تأكيد الشراء' });
    expect(confirm).toBeDisabled();
    const reason = 'رصيدك لا يكفي للدفع من المحفظة، ينقصك 50.25 جنيه. اشحن رصيدك ثم أكمل الشراء.';
    expect(screen.getByRole('note')).toHaveTextContent(reason);
    // Screen readers hear the reason with the button.
    expect(confirm).toHaveAccessibleDescription(reason);
    // The recharge asks at least the smallest recharge.
    const recharge = screen.getByRole('link', { name: 'شحن الرصيد' });
    expect(recharge).toHaveAttribute('href', '/wallet?recharge=100');
    await userEvent.click(recharge);
    expect(router.state.location.pathname).toBe('/wallet');
    expect(router.state.location.search).toBe('?recharge=100');
  });

  it('says so when no way to pay is open, without offering a recharge', () => {
    renderDialog({ walletEnabled: false, paycardAllowed: false });
    const confirm = screen.getByRole('button', { name: 'تأكيد الشراء' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAccessibleDescription('لا توجد طريقة دفع متاحة لهذا المحتوى الآن.');
    expect(screen.queryByRole('link', { name: 'شحن الرصيد' })).not.toBeInTheDocument();
  });

  it('refuses an empty code with the spec §5 text, without sending', async () => {
    const { onSubmit } = renderDialog();
    await userEvent.click(screen.getByRole('radio', { name: 'بطاقة الدفع' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'كود البطاقة' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الشراء' }));
    expect(screen.getByText('أدخل كود البطاقة بشكل صحيح')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('strips the spaces of the code and clears it after the attempt', async () => {
    const { onSubmit } = renderDialog();
    onSubmit.mockRejectedValueOnce(new Error('USED_PAYCARD'));
    await userEvent.click(screen.getByRole('radio', { name: 'بطاقة الدفع' }));
    const code = screen.getByRole('textbox', { name: 'كود البطاقة' });
    await userEvent.type(code, 'K7PM 4QXR 9TWD 2HNA');
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الشراء' }));
    expect(onSubmit).toHaveBeenCalledWith({ pay_by: 'paycard', code: 'K7PM4QXR9TWD2HNA' });
    await waitFor(() => expect(code).toHaveValue(''));
  });

  it('clears the code after a successful attempt too', async () => {
    const { onSubmit } = renderDialog();
    await userEvent.click(screen.getByRole('radio', { name: 'بطاقة الدفع' }));
    const code = screen.getByRole('textbox', { name: 'كود البطاقة' });
    await userEvent.type(code, 'B3VZ8LCF6JYE5SGU');
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الشراء' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(code).toHaveValue(''));
  });

  it('asks nothing for a free item and sends no payment data', async () => {
    const { onSubmit } = renderDialog({ free: true, price: 0 });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الشراء' }));
    expect(onSubmit).toHaveBeenCalledWith({});
  });

  it('offers no wallet when the wallet system is off, and picks the pay card', () => {
    renderDialog({ walletEnabled: false });
    expect(screen.queryByRole('radio', { name: 'المحفظة' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'بطاقة الدفع' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'كود البطاقة' })).toBeInTheDocument();
  });

  it('shows the message of the last attempt', () => {
    renderDialog({ message: { text: 'البطاقة مُستخدمة سابقاً', severity: 'error' } });
    expect(screen.getByRole('alert')).toHaveTextContent('البطاقة مُستخدمة سابقاً');
  });
});
