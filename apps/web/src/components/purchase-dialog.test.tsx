import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PurchaseBody } from '@dars/contract';
import { TestProviders } from '../test/render';
import { PurchaseDialog, type PurchaseDialogProps } from './purchase-dialog';

function renderDialog(overrides: Partial<PurchaseDialogProps> = {}) {
  const onSubmit = vi.fn<(body: PurchaseBody) => Promise<unknown>>(async () => undefined);
  render(
    <TestProviders>
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
      />
    </TestProviders>,
  );
  return { onSubmit };
}

describe('PurchaseDialog', () => {
  it('pays from the wallet when the balance covers the price', async () => {
    const { onSubmit } = renderDialog({ balance: 40 });
    expect(screen.getByText('رصيدك الحالي: 40.00 جنيه')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'المحفظة' }));
    await userEvent.click(screen.getByRole('button', { name: 'تأكيد الشراء' }));
    expect(onSubmit).toHaveBeenCalledWith({ pay_by: 'wallet' });
  });

  it('blocks the wallet when the balance is lower than the price', () => {
    renderDialog({ balance: 39.99 });
    expect(screen.getByRole('radio', { name: 'المحفظة' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'بطاقة الدفع' })).toBeEnabled();
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
